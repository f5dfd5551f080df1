import { CONTENT_PLURALS, withSynonyms, ZErrorBody, ZSearchBody, ZSearchQuery } from '@chaupal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors';
import { RATE_LIMITS } from '../../platform/rate-limit';
import { placeInQuery } from './query-place';
import { presentSearch } from './search.presenter';
import { searchSite } from './search.service';
import { runSearch, SEARCH_RETRY_SECONDS } from './search-limits';
import { firstTerms, queryWords } from './search-text';

/**
 * The words of a search as searched: the words residents use for a service or a category as the site names it
 * (contract synonyms.ts), and past the eighth term left out (search-text.ts, SEARCH_TERMS).
 */
function wordsOf(q: string) {
  const searched = firstTerms(withSynonyms(q).q);
  return { q: searched, words: queryWords(searched) };
}

/** GET /search (decision 011): one ranked list of public records of every kind. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/search',
    {
      // Every kind's writes, taxonomy changes and account holds bump one of these (DESIGN §8a).
      config: { cacheTags: [...CONTENT_PLURALS, 'taxonomy', 'users'] },
      // Counted after the response cache: a search someone already made costs nothing to answer again.
      preHandler: app.limiters.perIp('search', RATE_LIMITS.search.ip),
      // A search refused for now (the gate full, its time up) says when to come back.
      onError: async (_req, reply, err) => {
        if (err instanceof AppError && err.code === 'UNAVAILABLE') {
          reply.header('retry-after', String(SEARCH_RETRY_SECONDS));
        }
      },
      schema: {
        tags: ['search'],
        summary: 'Site search: public services, categories, experts, outlets, news, features, pages and editions',
        querystring: ZSearchQuery,
        response: { 200: ZSearchBody, 400: ZErrorBody, 429: ZErrorBody, 503: ZErrorBody },
      },
    },
    async (req) => {
      const page = { page: req.query.page, pageSize: req.query.pageSize };
      // A place named in the words is where to search when the search names none (query-place.ts).
      const asked = req.query.circleName || req.query.blockName ? null : await placeInQuery(app.db, req.query.q);
      if (asked) {
        const words = wordsOf(asked.q);
        const query = { ...req.query, circleName: asked.circleName, blockName: asked.blockName, q: words.q };
        const found = await runSearch(app, (db) => searchSite(db, query, words.words));
        // A did-you-mean keeps the place the reader named.
        const suggestion = found.suggestion && `${found.suggestion} ${asked.where}`;
        // Nothing there: the place's name may be part of a name ("Riverside Weekly Haat"), so the words are searched
        // as written, below.
        if (found.total > 0) return presentSearch({ ...found, suggestion }, page, words.words);
      }
      const words = wordsOf(req.query.q);
      const found = await runSearch(app, (db) => searchSite(db, { ...req.query, q: words.q }, words.words));
      return presentSearch(found, page, words.words);
    },
  );
};

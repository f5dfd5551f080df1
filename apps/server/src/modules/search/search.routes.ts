import { CONTENT_PLURALS, ZErrorBody, ZSearchBody, ZSearchQuery } from '@chaupal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors';
import { RATE_LIMITS } from '../../platform/rate-limit';
import { placeInQuery } from './query-place';
import { presentSearch } from './search.presenter';
import { searchSite } from './search.service';
import { runSearch, SEARCH_RETRY_SECONDS } from './search-limits';
import { firstTerms, queryWords } from './search-text';

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
      // A place named in the words is where to search when the search names none (query-place.ts).
      const asked = req.query.circleName || req.query.blockName ? null : await placeInQuery(app.db, req.query.q);
      // Words past the eighth term are left out (search-text.ts, SEARCH_TERMS): the rest is searched as written.
      const q = firstTerms(asked?.q ?? req.query.q);
      const words = queryWords(q);
      const query = asked
        ? { ...req.query, circleName: asked.circleName, blockName: asked.blockName, q }
        : { ...req.query, q };
      const found = await runSearch(app, (db) => searchSite(db, query, words));
      // A did-you-mean keeps the place the reader named.
      const result = asked && found.suggestion ? { ...found, suggestion: `${found.suggestion} ${asked.where}` } : found;
      return presentSearch(result, { page: req.query.page, pageSize: req.query.pageSize }, words);
    },
  );
};

import { CONTENT_PLURALS, ZErrorBody, ZSearchBody, ZSearchQuery } from '@chaupal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors';
import { RATE_LIMITS } from '../../platform/rate-limit';
import { presentSearch } from './search.presenter';
import { type SearchResult, searchSite } from './search.service';
import { refreshLexicon } from './search-lexicon';
import { runSearch, SEARCH_RETRY_SECONDS } from './search-limits';
import { type Reading, readingsOf } from './search-readings';

/** When the lexicon is refreshed, site time: a quiet hour. */
const LEXICON_CRON = '20 4 * * *';

/** GET /search (decision 011): one ranked list of public records of every kind. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  // Search's dictionary gains a record's words as it is written; once a day, on one instance, it loses the words no
  // public record holds any more.
  const jobs = app.jobs;
  if (jobs) {
    app.addHook('onReady', async () => {
      await jobs.work('search-lexicon', () => refreshLexicon(app.db));
      await jobs.schedule('search-lexicon', LEXICON_CRON, app.config.siteTz);
    });
  }

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
      const readings = await readingsOf(app.db, req.query, await app.searchSynonyms.get());
      let answer: { found: SearchResult; reading: Reading } | undefined;
      for (const reading of readings) {
        const found = await runSearch(app, (db) => searchSite(db, reading.query, reading.words));
        answer = { found, reading };
        if (found.total > 0) break;
      }
      const { found, reading } = answer as NonNullable<typeof answer>;
      app.searchLog.answered(req.query.q, found.total);
      // A did-you-mean keeps the place the reader named.
      const suggestion = found.suggestion && reading.where ? `${found.suggestion} ${reading.where}` : found.suggestion;
      const place = reading.where
        ? {
            circleName: reading.query.circleName ?? null,
            blockName: reading.query.blockName ?? null,
            q: reading.query.q,
          }
        : null;
      return presentSearch({ ...found, suggestion }, page, reading.words, place);
    },
  );
};

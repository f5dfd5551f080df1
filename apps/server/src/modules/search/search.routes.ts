import { ZErrorBody, ZSearchBody, ZSearchQuery } from '@chaupal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { presentSearch } from './search.presenter';
import { searchSite } from './search.service';
import { queryWords } from './search-text';

/** GET /search (issue 14): one ranked list of public records of every kind. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/search',
    {
      // Every kind's writes, taxonomy changes and account holds bump one of these (DESIGN §8a).
      config: { cacheTags: ['experts', 'outlets', 'news', 'features', 'taxonomy', 'users'] },
      schema: {
        tags: ['search'],
        summary: 'Site search: public services, categories, experts, outlets, news, features, pages and editions',
        querystring: ZSearchQuery,
        response: { 200: ZSearchBody, 400: ZErrorBody },
      },
    },
    async (req) => {
      const words = queryWords(req.query.q);
      const result = await searchSite(app.db, req.query, words);
      return presentSearch(result, { page: req.query.page, pageSize: req.query.pageSize }, words);
    },
  );
};

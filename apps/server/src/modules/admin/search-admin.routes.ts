import {
  MESSAGES,
  okBody,
  ZErrorBody,
  ZIdParams,
  ZSearchReportBody,
  ZSearchSynonym,
  ZSearchSynonymForm,
  ZSearchSynonymsBody,
} from '@chaupal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminWrite, adminSecurity as security } from './admin-write';
import { deleteSynonym, listSynonyms, saveSynonym, searchReport } from './search-admin.service';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
const deleted = z.object({ success: z.literal(true), message: z.string() });

/** The console's view of search: the synonyms admins add, and what the town searched for. */
export const searchAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin: search'];
  app.get(
    '/search/synonyms',
    {
      schema: {
        tags,
        summary: "The synonym groups admins added, by term, and the contract's built-in ones (read-only)",
        security,
        response: { 200: ZSearchSynonymsBody, ...errors },
      },
    },
    async () => ({ success: true as const, ...(await listSynonyms(app.db)) }),
  );
  app.post(
    '/search/synonyms',
    {
      schema: {
        tags,
        summary: 'Add a group: a search for any of its words is a search for its term (words may be comma-separated)',
        security,
        body: ZSearchSynonymForm,
        response: { 200: okBody(ZSearchSynonym), ...errors },
      },
    },
    async (req) => {
      const data = await adminWrite(app, req, (ctx) => saveSynonym(ctx, req.body));
      return { success: true as const, data, message: 'Search Words Added Successfully' };
    },
  );
  app.put(
    '/search/synonyms/:id',
    {
      schema: {
        tags,
        security,
        params: ZIdParams,
        body: ZSearchSynonymForm,
        response: { 200: okBody(ZSearchSynonym), ...errors },
      },
    },
    async (req) => {
      const data = await adminWrite(app, req, (ctx) => saveSynonym(ctx, req.body, req.params.id));
      return { success: true as const, data, message: MESSAGES.editedSuccess };
    },
  );
  app.delete(
    '/search/synonyms/:id',
    { schema: { tags, security, params: ZIdParams, response: { 200: deleted, ...errors } } },
    async (req) => {
      await adminWrite(app, req, (ctx) => deleteSynonym(ctx, req.params.id));
      return { success: true as const, message: MESSAGES.deletedSuccess };
    },
  );

  app.get(
    '/search/queries',
    {
      schema: {
        tags,
        summary:
          'What the town searched for in the last 30 days (site time zone): all searches, the most made, and those that found nothing',
        security,
        response: { 200: ZSearchReportBody, ...errors },
      },
    },
    async () => ({
      success: true as const,
      data: await searchReport({ db: app.db, log: app.searchLog, tz: app.config.siteTz }),
    }),
  );
};

import {
  okBody,
  pageBody,
  ZAdminSuggestionQuery,
  ZErrorBody,
  ZIdParams,
  ZSuggestion,
  ZSuggestionDecisionForm,
} from '@chaupal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSecurity as security } from '../admin';
import { decideWith } from './suggestion-decide';
import { listOpenSuggestions } from './suggestions.service';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };

/**
 * The console's suggested edits: the open ones no owner will decide (the listing's owner is held), decided by an admin
 * under the same rules, each decision audited. Registered under `/admin` by this module (the admin module cannot
 * register them: this module uses it).
 */
export const suggestionsAdminRoutes: FastifyPluginAsyncZod = async (admin) => {
  const app = admin;
  admin.addHook('onRequest', app.requireAdmin);
  admin.get(
    '/suggestions',
    {
      schema: {
        tags: ['admin: suggestions'],
        summary: 'Open suggested edits, newest first: of listings without an active owner, or all (scope=all)',
        security,
        querystring: ZAdminSuggestionQuery,
        response: { 200: pageBody(ZSuggestion), ...errors },
      },
    },
    async (req) => {
      const { page, pageSize, scope } = req.query;
      const { rows, total } = await listOpenSuggestions(app.db, scope, { page, pageSize });
      return { success: true as const, data: rows, meta: { page, pageSize, total } };
    },
  );
  admin.post(
    '/suggestions/:id/decide',
    {
      schema: {
        tags: ['admin: suggestions'],
        summary: 'Accept or reject fields of a suggestion; accepted ones are an admin edit of the listing; audited',
        security,
        params: ZIdParams,
        body: ZSuggestionDecisionForm,
        response: { 200: okBody(ZSuggestion), ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      message: 'Decision saved',
      data: await decideWith(app, req, 'admin', req.params.id, req.body.decisions),
    }),
  );
};

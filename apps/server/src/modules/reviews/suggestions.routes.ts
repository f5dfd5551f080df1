import { okBody, ZErrorBody, ZIdParams, ZListingParams, ZSuggestion, ZSuggestionDecisionForm } from '@chaupal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountOfRequest } from '../../platform/auth';
import { RATE_LIMITS } from '../../platform/rate-limit';
import { adminSecurity as security } from '../admin';
import { decideWith, tell } from './suggestion-decide';
import { listMySuggestions, SUGGESTION_THANKS, suggestChange } from './suggestions.service';
import { suggestionsAdminRoutes } from './suggestions-admin.routes';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 429: ZErrorBody };

/**
 * Suggest an edit: a visitor's corrections of a listing's phone, WhatsApp, address, PIN code, hours, pin or "closed",
 * which its owner accepts or rejects field by field (the console for a listing without an active owner).
 */
export const suggestionsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Anyone may suggest; a signed-in visitor's account is kept with the suggestion and has a budget of its own.
  const accountIfSignedIn = async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.headers.authorization) await app.requireAccount(req, reply);
  };
  app.post(
    '/suggestions/:kind/:id',
    {
      preHandler: [
        accountIfSignedIn,
        app.limiters.perIp('suggestion', RATE_LIMITS.suggestion.ip),
        app.limiters.perAccount('suggestion', RATE_LIMITS.suggestion.account, (req) => req.account?.id),
      ],
      schema: {
        tags: ['suggestions'],
        summary: 'Suggest a correction to a public listing\'s contact, place, hours or "closed" (with the human check)',
        params: ZListingParams,
        body: z.record(z.string(), z.unknown()),
        response: { 201: z.object({ success: z.literal(true), message: z.string() }), ...errors },
      },
    },
    async (req, reply) => {
      const notice = await suggestChange(app.db, app.captcha, req.params, req.body, {
        ip: req.ip,
        userId: req.account?.id ?? null,
        publicUrl: app.config.publicUrl,
      });
      if (notice) await tell(app, notice, req.log);
      return reply.code(201).send({ success: true as const, message: SUGGESTION_THANKS });
    },
  );

  app.get(
    '/suggestions/mine',
    {
      preHandler: app.requireAccount,
      schema: {
        tags: ['suggestions'],
        summary: 'The open suggestions for the listings you own, newest first',
        security,
        response: { 200: okBody(z.array(ZSuggestion)), ...errors },
      },
    },
    async (req) => ({ success: true as const, data: await listMySuggestions(app.db, accountOfRequest(req).id) }),
  );

  app.post(
    '/suggestions/:id/decide',
    {
      preHandler: app.requireContributor,
      schema: {
        tags: ['suggestions'],
        summary: 'Accept or reject fields of a suggestion for your listing; accepted ones are your edit of it',
        security,
        params: ZIdParams,
        body: ZSuggestionDecisionForm,
        response: { 200: okBody(ZSuggestion), ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      message: 'Decision saved',
      data: await decideWith(app, req, 'owner', req.params.id, req.body.decisions),
    }),
  );

  await app.register(suggestionsAdminRoutes, { prefix: '/admin' });
};

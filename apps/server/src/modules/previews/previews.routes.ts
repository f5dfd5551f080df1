import {
  okBody,
  PREVIEW_MESSAGES,
  ZErrorBody,
  ZIdParams,
  ZPreviewCreate,
  ZPreviewCreated,
  ZPreviewLink,
  ZPreviewQuery,
  ZPreviewTokenParams,
} from '@chaupal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountOfRequest } from '../../platform/auth';
import { RATE_LIMITS } from '../../platform/rate-limit';
import { KIND_LIST } from '../kinds';
import { createLink, listLinks, readPreview, revokeLink } from './previews.service';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 429: ZErrorBody };
const security = [{ bearer: [] }];
const tags = ['previews'];

/** What a link shows: one shape per kind, told apart by `kind` (each kind's public detail record and cards). */
const [first, ...rest] = KIND_LIST.map((k) =>
  z.object({ kind: z.literal(k.spec.name), item: k.item, related: z.array(k.card), expiresAt: z.string() }),
);
const ZPreviewBody = okBody(z.discriminatedUnion('kind', [first, ...rest]));

/**
 * A preview is for the people its link was sent to: no cache may keep it and no search engine list it, found or not.
 * The route has no cache tags, so the response cache neither keeps nor answers it (platform/response-cache.ts).
 */
const privateAnswer = async (_req: FastifyRequest, reply: FastifyReply) => {
  reply.header('cache-control', 'private, no-store').header('x-robots-tag', 'noindex');
};

/**
 * Preview links (decision 033): the owner (an admin, an editor whose desk holds the record) makes, lists and revokes
 * links to a record that is not public yet; anyone with a link reads the record as its public page shows it.
 */
export const previewsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Signed in before the body is read, so a signed-out call is a 401 whatever it sends.
  const signedIn = { onRequest: app.requireContributor };
  const now = () => new Date();

  app.post(
    '/previews',
    {
      ...signedIn,
      preHandler: [
        app.limiters.perIp('previewLink', RATE_LIMITS.previewLink.ip),
        app.limiters.perAccount('previewLink', RATE_LIMITS.previewLink.account, (req) => req.account?.id),
      ],
      schema: {
        tags,
        summary: 'Make a preview link to a record that is not public (1 to 30 days, 7 by default)',
        security,
        body: ZPreviewCreate,
        response: { 200: okBody(ZPreviewCreated), ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await createLink(app.db, accountOfRequest(req), {
        ...req.body,
        publicUrl: app.config.publicUrl,
        now: now(),
      }),
      message: PREVIEW_MESSAGES.created,
    }),
  );

  app.get(
    '/previews',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "A record's preview links, newest first (their tokens are never shown again)",
        security,
        querystring: ZPreviewQuery,
        response: { 200: okBody(z.array(ZPreviewLink)), ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await listLinks(app.db, accountOfRequest(req), { ...req.query, now: now() }),
    }),
  );

  app.delete(
    '/previews/:id',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Revoke a preview link (its maker, or whoever may edit its record)',
        security,
        params: ZIdParams,
        response: { 200: z.object({ success: z.literal(true), message: z.string() }), ...errors },
      },
    },
    async (req) => {
      await revokeLink(app.db, accountOfRequest(req), req.params.id, now());
      return { success: true as const, message: PREVIEW_MESSAGES.revoked };
    },
  );

  app.get(
    '/preview/:token',
    {
      onRequest: privateAnswer,
      schema: {
        tags,
        summary: 'What a preview link shows: the record as its public page would, with its related records',
        params: ZPreviewTokenParams,
        response: { 200: ZPreviewBody, 404: ZErrorBody },
      },
    },
    async (req) => ({ success: true as const, data: await readPreview(app.db, req.params.token, now()) }),
  );
};

import {
  okBody,
  pageBody,
  ZAdminReview,
  ZAdminReviewQuery,
  ZErrorBody,
  ZIdParams,
  ZReviewRemoval,
} from '@chaupal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminWrite, adminSecurity as security } from '../admin';
import {
  listReviews,
  publishReview,
  type ReviewDecision,
  type ReviewDecisionContext,
  removeReview,
  restoreReview,
} from './reviews-admin.service';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };

/**
 * The console's reviews: the list by status, publish, remove with a reason, restore; admins only. Registered under
 * `/admin` beside the admin module's routes (the admin module cannot register them: this module uses it).
 */
export const reviewsAdminRoutes: FastifyPluginAsyncZod = async (admin) => {
  const app = admin;
  admin.addHook('onRequest', app.requireAdmin);

  /** One audited admin write; the reviewer's e-mail goes once it has committed (a failed send is logged). */
  const decide = async (req: FastifyRequest, work: (ctx: ReviewDecisionContext) => Promise<ReviewDecision>) => {
    const { review, mail } = await adminWrite(app, req, (ctx) => work({ db: ctx.db, actorId: ctx.actor.id }));
    if (mail) {
      try {
        await app.messenger.send(mail);
      } catch (err) {
        req.log.warn({ err, to: mail.to }, 'could not send the review removal e-mail');
      }
    }
    return review;
  };

  admin.get(
    '/reviews',
    {
      schema: {
        tags: ['admin: reviews'],
        summary: 'Reviews of experts and outlets, newest first, by status (pending, published, removed)',
        security,
        querystring: ZAdminReviewQuery,
        response: { 200: pageBody(ZAdminReview), ...errors },
      },
    },
    async (req) => {
      const { page, pageSize, status } = req.query;
      const { rows, total } = await listReviews(app.db, { status }, { page, pageSize });
      return { success: true as const, data: rows, meta: { page, pageSize, total } };
    },
  );
  admin.post(
    '/reviews/:id/publish',
    {
      schema: {
        tags: ['admin: reviews'],
        summary: 'Publish a pending review: it shows on the listing and counts in its rating; audited',
        security,
        params: ZIdParams,
        response: { 200: okBody(ZAdminReview), ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await decide(req, (ctx) => publishReview(ctx, req.params.id)),
      message: 'Published',
    }),
  );
  admin.post(
    '/reviews/:id/remove',
    {
      schema: {
        tags: ['admin: reviews'],
        summary:
          'Remove a review with a reason: it leaves the listing and its rating, the reviewer is e-mailed why; audited',
        security,
        params: ZIdParams,
        body: ZReviewRemoval,
        response: { 200: okBody(ZAdminReview), ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await decide(req, (ctx) => removeReview(ctx, req.params.id, req.body.reason)),
      message: 'Removed',
    }),
  );
  admin.post(
    '/reviews/:id/restore',
    {
      schema: {
        tags: ['admin: reviews'],
        summary: 'Restore a removed review: published and counted again; audited',
        security,
        params: ZIdParams,
        response: { 200: okBody(ZAdminReview), ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await decide(req, (ctx) => restoreReview(ctx, req.params.id)),
      message: 'Restored',
    }),
  );
};

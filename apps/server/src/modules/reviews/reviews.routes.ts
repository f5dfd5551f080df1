import {
  okBody,
  REVIEW_MESSAGES,
  ZErrorBody,
  ZListingReviewParams,
  ZMyReviewState,
  ZReview,
  ZReviewForm,
  ZReviewParams,
  ZReviewReplyForm,
  ZReviewsBody,
  ZReviewsQuery,
} from '@chaupal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountOfRequest } from '../../platform/auth';
import { RATE_LIMITS } from '../../platform/rate-limit';
import { adminSecurity as security } from '../admin';
import { replyToReview } from './review-reply.service';
import { markHelpful, unmarkHelpful } from './review-votes.service';
import { reviewWrite } from './review-write';
import { createReview, deleteReview, editReview, listListingReviews, myReviewState } from './reviews.service';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 429: ZErrorBody };
const tags = ['reviews'];
const ZHelpful = okBody(z.object({ helpful: z.number().int() }));

/**
 * Reviews and ratings of experts and outlets, the public side: a listing's published reviews, and the signed-in
 * person's own review, the owner's reply and "helpful". The rules are in the services; the console's side is
 * `reviews-admin.routes.ts`.
 */
export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Signed in before anything is read, so a signed-out call is a 401 whatever it sends.
  const signedIn = { onRequest: app.requireAccount };
  const budget = (group: 'review' | 'reviewReply' | 'reviewVote') => [
    app.limiters.perIp(group, RATE_LIMITS[group].ip),
    app.limiters.perAccount(group, RATE_LIMITS[group].account, (req) => req.account?.id),
  ];

  app.get(
    '/reviews/:kind/:id',
    {
      // Every review write bumps its listing kind's tag (a public write naming the listing); holds and renames the rest.
      config: { cacheTags: ['experts', 'outlets', 'taxonomy', 'users'] },
      schema: {
        tags,
        summary: "A public expert's or outlet's published reviews, sorted and paged, with its rating summary",
        params: ZListingReviewParams,
        querystring: ZReviewsQuery,
        response: { 200: ZReviewsBody, 400: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (req) => {
      const { page, pageSize, sort } = req.query;
      const { rows, summary } = await listListingReviews(app.db, req.params, { page, pageSize, sort });
      return { success: true as const, data: rows, meta: { page, pageSize, total: summary.count }, summary };
    },
  );

  app.get(
    '/reviews/:kind/:id/mine',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Your review of the listing (any status), the reviews you found helpful, and why you may not review',
        security,
        params: ZListingReviewParams,
        response: { 200: okBody(ZMyReviewState), ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await myReviewState(app.db, accountOfRequest(req), req.params),
    }),
  );

  app.post(
    '/reviews/:kind/:id',
    {
      ...signedIn,
      preHandler: budget('review'),
      schema: {
        tags,
        summary: 'Review a public listing: 1–5 stars and plain text, once; not your own, and with a verified phone',
        security,
        params: ZListingReviewParams,
        body: ZReviewForm,
        response: { 201: okBody(ZReview), ...errors },
      },
    },
    async (req, reply) => {
      const review = await reviewWrite(app, req, (w) => createReview(w, accountOfRequest(req), req.params, req.body));
      const message = review.status === 'pending' ? REVIEW_MESSAGES.pending : REVIEW_MESSAGES.published;
      return reply.code(201).send({ success: true as const, data: review, message });
    },
  );

  app.put(
    '/reviews/:kind/:id',
    {
      ...signedIn,
      preHandler: budget('review'),
      schema: {
        tags,
        summary: 'Change your review of the listing (stars and text)',
        security,
        params: ZListingReviewParams,
        body: ZReviewForm,
        response: { 200: okBody(ZReview), ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await reviewWrite(app, req, (w) => editReview(w, accountOfRequest(req), req.params, req.body)),
      message: REVIEW_MESSAGES.updated,
    }),
  );

  app.delete(
    '/reviews/:kind/:id',
    {
      ...signedIn,
      preHandler: budget('review'),
      schema: {
        tags,
        summary: 'Delete your review of the listing',
        security,
        params: ZListingReviewParams,
        response: { 200: z.object({ success: z.literal(true), message: z.string() }), ...errors },
      },
    },
    async (req) => {
      await reviewWrite(app, req, (w) => deleteReview(w, accountOfRequest(req), req.params));
      return { success: true as const, message: REVIEW_MESSAGES.deleted };
    },
  );

  app.put(
    '/reviews/:kind/:id/:reviewId/reply',
    {
      ...signedIn,
      preHandler: budget('reviewReply'),
      schema: {
        tags,
        summary: "The listing owner's one public reply to a review, set or changed; the reviewer is e-mailed",
        security,
        params: ZReviewParams,
        body: ZReviewReplyForm,
        response: { 200: okBody(ZReview), ...errors },
      },
    },
    async (req) => {
      const { review, mails } = await reviewWrite(app, req, (w) =>
        replyToReview(w, accountOfRequest(req), req.params, req.body.text, app.config.publicUrl),
      );
      for (const mail of mails) {
        try {
          await app.messenger.send(mail);
        } catch (err) {
          req.log.warn({ err, to: mail.to }, 'could not send the review reply e-mail');
        }
      }
      return { success: true as const, data: review, message: REVIEW_MESSAGES.replied };
    },
  );

  const helpful = { ...signedIn, preHandler: budget('reviewVote') };
  app.post(
    '/reviews/:kind/:id/:reviewId/helpful',
    {
      ...helpful,
      schema: {
        tags,
        summary: 'Mark a review helpful, once (not your own, nor one of your listing); gives its count',
        security,
        params: ZReviewParams,
        response: { 200: ZHelpful, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await reviewWrite(app, req, (w) => markHelpful(w, accountOfRequest(req), req.params)),
      message: REVIEW_MESSAGES.helpful,
    }),
  );
  app.delete(
    '/reviews/:kind/:id/:reviewId/helpful',
    {
      ...helpful,
      schema: {
        tags,
        summary: 'Take back your "helpful" of a review; gives its count',
        security,
        params: ZReviewParams,
        response: { 200: ZHelpful, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await reviewWrite(app, req, (w) => unmarkHelpful(w, accountOfRequest(req), req.params)),
      message: REVIEW_MESSAGES.unhelpful,
    }),
  );
};

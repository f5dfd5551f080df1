import type { TAdminReview, TReviewStatus } from '@chaupal/contract';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { isUuid } from '../../db/lookup';
import { type PageRequest, type PageWindow, pageWithTotal } from '../../db/paging';
import { experts, outlets, reviews, users } from '../../db/schema';
import { AppError, notFound } from '../../platform/errors';
import type { OutgoingMessage } from '../../platform/messenger';
import { recordAudit } from '../admin';
import { refreshRating } from './ratings';

const reviewer = alias(users, 'reviewer');
const remover = alias(users, 'remover');
const iso = (d: Date | null) => d?.toISOString() ?? null;

async function selectReviews(db: DbOrTx, where: SQL | undefined, window: PageWindow): Promise<TAdminReview[]> {
  const rows = await db
    .select({
      review: reviews,
      expert: { slug: experts.slug, title: experts.title },
      outlet: { slug: outlets.slug, title: outlets.title },
      reviewer: { name: reviewer.name, email: reviewer.email },
      removerName: remover.name,
    })
    .from(reviews)
    .leftJoin(experts, and(eq(reviews.kind, 'expert'), eq(experts.id, reviews.listingId)))
    .leftJoin(outlets, and(eq(reviews.kind, 'outlet'), eq(outlets.id, reviews.listingId)))
    .leftJoin(reviewer, eq(reviewer.id, reviews.userId))
    .leftJoin(remover, eq(remover.id, reviews.removedBy))
    .where(where)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(window.limit)
    .offset(window.offset);
  return rows.map(({ review: r, ...joined }) => {
    const listing = r.kind === 'expert' ? joined.expert : joined.outlet;
    return {
      id: r.id,
      kind: r.kind,
      listing: listing ? { id: r.listingId, ...listing } : null,
      reviewer: r.userId && joined.reviewer ? { id: r.userId, ...joined.reviewer } : null,
      rating: r.rating,
      text: r.text,
      status: r.status,
      helpful: r.helpful,
      reply:
        r.replyText !== null && r.replyAt
          ? { text: r.replyText, createdAt: r.replyAt.toISOString(), editedAt: iso(r.replyEditedAt) }
          : null,
      removedReason: r.removedReason,
      removedBy: r.removedBy ? { id: r.removedBy, name: joined.removerName ?? '' } : null,
      removedAt: iso(r.removedAt),
      createdAt: r.createdAt.toISOString(),
      editedAt: iso(r.editedAt),
    };
  });
}

/** The console's reviews, newest first, of one status or all. */
export async function listReviews(db: DbOrTx, filter: { status?: TReviewStatus }, page: PageRequest) {
  const where = filter.status ? [eq(reviews.status, filter.status)] : [];
  return pageWithTotal(db, reviews, where, page, (condition, window) => selectReviews(db, condition, window));
}

async function getReview(db: DbOrTx, id: string): Promise<TAdminReview> {
  const [review] = await selectReviews(db, eq(reviews.id, id), { limit: 1, offset: 0 });
  if (!review) throw notFound();
  return review;
}

export interface ReviewDecisionContext {
  /** The admin write's transaction. */
  db: DbOrTx;
  actorId: string;
}

/** A decision on a review, and the e-mail that tells the reviewer (sent once it has committed), if any. */
export interface ReviewDecision {
  review: TAdminReview;
  mail: OutgoingMessage | null;
}

/**
 * The shared step of a decision: the review, locked, must be in one of `from`; it gets `set`, its listing's rating
 * columns follow, and the decision is audited under `review`.
 */
async function decide(
  ctx: ReviewDecisionContext,
  id: string,
  action: 'publish' | 'remove' | 'restore',
  from: { statuses: TReviewStatus[]; refusal: (status: TReviewStatus) => string },
  set: Partial<typeof reviews.$inferInsert> & { status: TReviewStatus },
  reason?: string,
) {
  if (!isUuid(id)) throw notFound();
  const { db } = ctx;
  const [row] = await db.select().from(reviews).where(eq(reviews.id, id)).for('update');
  if (!row) throw notFound();
  if (!from.statuses.includes(row.status))
    throw new AppError('CONFLICT', from.refusal(row.status), [
      { parameter: 'id', errors: [`Review is ${row.status}`] },
    ]);
  await db
    .update(reviews)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(reviews.id, id));
  await refreshRating(db, row.kind, row.listingId);
  await recordAudit(db, {
    actorId: ctx.actorId,
    action,
    entity: 'review',
    entityId: id,
    before: { status: row.status },
    after: { status: set.status, kind: row.kind, listingId: row.listingId },
    reason,
  });
  return getReview(db, id);
}

/** A pending review (the site holds new reviews for an admin) is published and counted. */
export async function publishReview(ctx: ReviewDecisionContext, id: string): Promise<ReviewDecision> {
  const review = await decide(
    ctx,
    id,
    'publish',
    {
      statuses: ['pending'],
      refusal: (s) =>
        s === 'published' ? 'This review is already published.' : 'This review was removed; restore it instead.',
    },
    { status: 'published' },
  );
  return { review, mail: null };
}

/**
 * Removes a review with a reason: it leaves the listing's page and its rating, and the reviewer is told why. Besides
 * the reviewer deleting their own, this is the only way a review goes: a listing's owner cannot hide one.
 */
export async function removeReview(ctx: ReviewDecisionContext, id: string, reason: string): Promise<ReviewDecision> {
  const review = await decide(
    ctx,
    id,
    'remove',
    { statuses: ['pending', 'published'], refusal: () => 'This review is already removed.' },
    { status: 'removed', removedReason: reason, removedBy: ctx.actorId, removedAt: new Date() },
    reason,
  );
  const title = review.listing?.title ?? 'a listing';
  return {
    review,
    mail: review.reviewer
      ? {
          channel: 'email',
          to: review.reviewer.email,
          subject: `Your review of ${title} was removed`,
          text: `Hello ${review.reviewer.name},\n\nYour review of "${title}" was removed by the site's moderators and is no longer shown.\nReason: ${reason}\n\nChaupal`,
        }
      : null,
  };
}

/** A removed review is published again (and counted); the removal stays in the audit log. */
export async function restoreReview(ctx: ReviewDecisionContext, id: string): Promise<ReviewDecision> {
  const review = await decide(
    ctx,
    id,
    'restore',
    { statuses: ['removed'], refusal: () => 'Only a removed review can be restored.' },
    { status: 'published', removedReason: null, removedBy: null, removedAt: null },
  );
  return { review, mail: null };
}

import {
  REVIEW_MESSAGES,
  type TListingKind,
  type TRatingSummary,
  type TReview,
  type TReviewSort,
  type TReviewStatus,
  type ZReviewForm,
} from '@chaupal/contract';
import { and, asc, count, desc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { PageRequest } from '../../db/paging';
import { reports, reviews, reviewVotes, users } from '../../db/schema';
import type { TAccount } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { readSettings } from '../home';
import { ratingSummary, refreshRating } from './ratings';
import { findListing, lockListing, type ReviewWrite } from './review-write';
import { presentReview } from './reviews.presenter';

type Target = { kind: TListingKind; id: string };
type Form = z.output<typeof ZReviewForm>;

/**
 * The burst rule. Bought or made-up reviews come as a run of new accounts reviewing one listing within hours, while
 * real customers of a town's shop or doctor arrive days apart: a review from an account younger than
 * NEW_ACCOUNT_DAYS, after BURST_REVIEWS such reviews of the same listing in the last BURST_HOURS, waits for an admin
 * (pending) instead of being published. Three lets a family or a few neighbours who just joined review a place.
 */
export const BURST_REVIEWS = 3;
export const BURST_HOURS = 24;
export const NEW_ACCOUNT_DAYS = 7;

const HOUR_MS = 3_600_000;

const ORDERS: Record<TReviewSort, SQL[]> = {
  newest: [desc(reviews.createdAt), desc(reviews.id)],
  highest: [desc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)],
  lowest: [asc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)],
  helpful: [desc(reviews.helpful), desc(reviews.createdAt), desc(reviews.id)],
};

const ofListing = (target: Target) => and(eq(reviews.kind, target.kind), eq(reviews.listingId, target.id));

/** A public listing's published reviews, one page in the asked order, and its rating summary. */
export async function listListingReviews(
  db: DbOrTx,
  target: Target,
  query: PageRequest & { sort: TReviewSort },
): Promise<{ rows: TReview[]; summary: TRatingSummary }> {
  await findListing(db, target);
  const [rows, summary] = await Promise.all([
    db
      .select({ review: reviews, name: users.name })
      .from(reviews)
      .leftJoin(users, eq(users.id, reviews.userId))
      .where(and(ofListing(target), eq(reviews.status, 'published')))
      .orderBy(...ORDERS[query.sort])
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    ratingSummary(db, target.kind, target.id),
  ]);
  return { rows: rows.map((r) => presentReview(r.review, r.name)), summary };
}

/** Why this person may not review this listing, or null: their own listing first, then an unverified phone. */
const cannotReview = (account: TAccount, ownerId: string): 'owner' | 'phone' | null =>
  ownerId === account.id ? 'owner' : account.phoneVerified ? null : 'phone';

/** The signed-in person on a public listing's reviews: their own review (any status), their helpful votes, and why not. */
export async function myReviewState(db: DbOrTx, account: TAccount, target: Target) {
  const listing = await findListing(db, target);
  const [[mine], voted] = await Promise.all([
    db
      .select()
      .from(reviews)
      .where(and(ofListing(target), eq(reviews.userId, account.id))),
    db
      .select({ id: reviewVotes.reviewId })
      .from(reviewVotes)
      .innerJoin(reviews, eq(reviews.id, reviewVotes.reviewId))
      .where(and(ofListing(target), eq(reviewVotes.userId, account.id)))
      .orderBy(asc(reviewVotes.createdAt), asc(reviewVotes.reviewId)),
  ]);
  return {
    mine: mine ? presentReview(mine, account.name, { withStatus: true }) : null,
    helpful: voted.map((v) => v.id),
    cannot: cannotReview(account, listing.owner.id),
  };
}

/** Whether the site holds new and edited reviews for an admin (the console's `reviews` setting). */
async function sitePolicyHolds(db: DbOrTx) {
  return (await readSettings(db, ['reviews'])).reviews.moderation === 'hold';
}

/** The burst rule (see BURST_REVIEWS) for a new review of `target` by `account`. */
async function inBurst(db: DbOrTx, account: TAccount, target: Target) {
  const newSince = new Date(Date.now() - NEW_ACCOUNT_DAYS * 24 * HOUR_MS);
  if (account.createdAt <= newSince) return false;
  const [{ n }] = await db
    .select({ n: count() })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(
      and(
        ofListing(target),
        gt(reviews.createdAt, new Date(Date.now() - BURST_HOURS * HOUR_MS)),
        gt(users.createdAt, newSince),
      ),
    );
  return n >= BURST_REVIEWS;
}

/**
 * A new review of a public listing: never by its owner, only with a verified phone, one per person. Published at once
 * (counted in the listing's rating in the same transaction), or pending when the site holds reviews or the burst rule
 * holds.
 */
export async function createReview(w: ReviewWrite, account: TAccount, target: Target, form: Form) {
  const listing = await findListing(w.db, target, { lock: true });
  const cannot = cannotReview(account, listing.owner.id);
  if (cannot === 'owner') throw new AppError('FORBIDDEN', REVIEW_MESSAGES.ownListing);
  if (cannot === 'phone') throw new AppError('FORBIDDEN', REVIEW_MESSAGES.phoneUnverified);
  const held = (await sitePolicyHolds(w.db)) || (await inBurst(w.db, account, target));
  const status: TReviewStatus = held ? 'pending' : 'published';
  const [row] = await w.db
    .insert(reviews)
    .values({
      kind: target.kind,
      listingId: target.id,
      userId: account.id,
      rating: form.rating,
      text: form.text,
      status,
    })
    .onConflictDoNothing({ target: [reviews.kind, reviews.listingId, reviews.userId] })
    .returning();
  if (!row) throw new AppError('CONFLICT', REVIEW_MESSAGES.already);
  await refreshRating(w.db, target.kind, target.id);
  w.changed(target.kind, target.id);
  return presentReview(row, account.name, { withStatus: true });
}

/** The person's own review of the listing, locked for the write; 404 when they have none. */
async function ownReview(db: DbOrTx, account: TAccount, target: Target) {
  const [row] = await db
    .select()
    .from(reviews)
    .where(and(ofListing(target), eq(reviews.userId, account.id)))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND', REVIEW_MESSAGES.notReviewed);
  return row;
}

/**
 * The reviewer changes stars or text: `editedAt` is set, and when the site holds reviews the change waits for an
 * admin again (a published review leaves the rating until then). A removed review stays removed.
 */
export async function editReview(w: ReviewWrite, account: TAccount, target: Target, form: Form) {
  await findListing(w.db, target, { lock: true });
  const row = await ownReview(w.db, account, target);
  if (row.status === 'removed') throw new AppError('CONFLICT', REVIEW_MESSAGES.removed);
  if (row.rating === form.rating && row.text === form.text)
    return presentReview(row, account.name, { withStatus: true });
  const status: TReviewStatus = (await sitePolicyHolds(w.db)) ? 'pending' : row.status;
  const [updated] = await w.db
    .update(reviews)
    .set({ rating: form.rating, text: form.text, status, editedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(reviews.id, row.id))
    .returning();
  await refreshRating(w.db, target.kind, target.id);
  w.changed(target.kind, target.id);
  return presentReview(updated, account.name, { withStatus: true });
}

/** The reviewer deletes their review (in any status), with its votes and the reports about it; the rating follows. */
export async function deleteReview(w: ReviewWrite, account: TAccount, target: Target) {
  await lockListing(w.db, target);
  const row = await ownReview(w.db, account, target);
  // Reports name a review without a foreign key (one table serves every kind), so they go here.
  await w.db.delete(reports).where(and(sql`${reports.kind} = 'review'`, eq(reports.recordId, row.id)));
  await w.db.delete(reviews).where(eq(reviews.id, row.id));
  await refreshRating(w.db, target.kind, target.id);
  w.changed(target.kind, target.id);
}

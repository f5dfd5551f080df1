import { REVIEW_MESSAGES, type TListingKind } from '@chaupal/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { reviews, reviewVotes } from '../../db/schema';
import type { TAccount } from '../../platform/auth';
import { AppError, notFound } from '../../platform/errors';
import { findListing, type ReviewWrite } from './review-write';

type Target = { kind: TListingKind; id: string; reviewId: string };

/** A published review of the public listing, locked so its count moves one vote at a time; 404 otherwise. */
async function votedReview(w: ReviewWrite, target: Target) {
  const listing = await findListing(w.db, target);
  const [review] = await w.db
    .select({ id: reviews.id, userId: reviews.userId })
    .from(reviews)
    .where(
      and(
        eq(reviews.id, target.reviewId),
        eq(reviews.kind, target.kind),
        eq(reviews.listingId, target.id),
        eq(reviews.status, 'published'),
      ),
    )
    .for('update');
  if (!review) throw notFound();
  return { listing, review };
}

/** Sets the review's count from its votes and gives it. */
async function recount(db: DbOrTx, reviewId: string) {
  const [row] = await db
    .update(reviews)
    .set({ helpful: sql`(select count(*)::int from ${reviewVotes} v where v.review_id = ${reviews.id})` })
    .where(eq(reviews.id, reviewId))
    .returning({ helpful: reviews.helpful });
  return { helpful: row.helpful };
}

/**
 * "Helpful", once per person and review. Neither the reviewer nor the listing's owner may vote: "most helpful first"
 * is an order of the page, and an owner may not reorder the reviews of their listing.
 */
export async function markHelpful(w: ReviewWrite, account: TAccount, target: Target) {
  const { listing, review } = await votedReview(w, target);
  if (review.userId === account.id) throw new AppError('FORBIDDEN', REVIEW_MESSAGES.ownReview);
  if (listing.owner.id === account.id) throw new AppError('FORBIDDEN', REVIEW_MESSAGES.ownerVote);
  const [vote] = await w.db
    .insert(reviewVotes)
    .values({ reviewId: review.id, userId: account.id })
    .onConflictDoNothing()
    .returning();
  if (!vote) throw new AppError('CONFLICT', REVIEW_MESSAGES.alreadyHelpful);
  w.changed(target.kind, target.id);
  return recount(w.db, review.id);
}

/** Takes the person's "helpful" back; 404 when they had not given it. */
export async function unmarkHelpful(w: ReviewWrite, account: TAccount, target: Target) {
  const { review } = await votedReview(w, target);
  const gone = await w.db
    .delete(reviewVotes)
    .where(and(eq(reviewVotes.reviewId, review.id), eq(reviewVotes.userId, account.id)))
    .returning();
  if (!gone.length) throw new AppError('NOT_FOUND', REVIEW_MESSAGES.notHelpful);
  w.changed(target.kind, target.id);
  return recount(w.db, review.id);
}

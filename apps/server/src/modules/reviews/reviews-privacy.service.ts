import type { TAccountDeletionMode, TListingKind, TPersonalData } from '@chaupal/contract';
import { and, asc, eq, inArray, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { editSuggestions, experts, outlets, reports, reviews, reviewVotes } from '../../db/schema';
import { refreshRating } from './ratings';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The title of the listing a row names by kind and id; null once the listing is gone. */
const listingTitle = (kind: SQLWrapper, listingId: SQLWrapper) =>
  sql<string | null>`case ${kind}
    when 'expert' then (select e.title from ${experts} e where e.id = ${listingId})
    when 'outlet' then (select o.title from ${outlets} o where o.id = ${listingId}) end`;

/**
 * What "Download my data" holds of the person's reviews (decision 017): the reviews they wrote with the owners'
 * replies, the reviews they found helpful, and the corrections they suggested while signed in, oldest first.
 */
export async function personalReviewData(
  db: DbOrTx,
  userId: string,
): Promise<Pick<TPersonalData, 'reviews' | 'helpfulVotes' | 'suggestions'>> {
  const [own, votes, suggested] = await Promise.all([
    db
      .select({ r: reviews, title: listingTitle(reviews.kind, reviews.listingId) })
      .from(reviews)
      .where(eq(reviews.userId, userId))
      .orderBy(asc(reviews.createdAt), asc(reviews.id)),
    db
      .select({
        reviewId: reviewVotes.reviewId,
        createdAt: reviewVotes.createdAt,
        title: listingTitle(reviews.kind, reviews.listingId),
      })
      .from(reviewVotes)
      .innerJoin(reviews, eq(reviews.id, reviewVotes.reviewId))
      .where(eq(reviewVotes.userId, userId))
      .orderBy(asc(reviewVotes.createdAt), asc(reviewVotes.reviewId)),
    db
      .select({ s: editSuggestions, title: listingTitle(editSuggestions.kind, editSuggestions.listingId) })
      .from(editSuggestions)
      .where(eq(editSuggestions.userId, userId))
      .orderBy(asc(editSuggestions.createdAt), asc(editSuggestions.id)),
  ]);
  return {
    reviews: own.map(({ r, title }) => ({
      id: r.id,
      kind: r.kind,
      listingId: r.listingId,
      listingTitle: title,
      rating: r.rating,
      text: r.text,
      status: r.status,
      removedReason: r.removedReason,
      createdAt: r.createdAt.toISOString(),
      editedAt: iso(r.editedAt),
      reply:
        r.replyText !== null && r.replyAt
          ? { text: r.replyText, createdAt: r.replyAt.toISOString(), editedAt: iso(r.replyEditedAt) }
          : null,
    })),
    helpfulVotes: votes.map((v) => ({
      reviewId: v.reviewId,
      listingTitle: v.title,
      createdAt: v.createdAt.toISOString(),
    })),
    suggestions: suggested.map(({ s, title }) => ({
      id: s.id,
      kind: s.kind,
      listingId: s.listingId,
      listingTitle: title,
      changes: s.changes,
      message: s.message,
      name: s.name,
      contact: s.contact,
      status: s.status,
      createdAt: s.createdAt.toISOString(),
      decidedAt: iso(s.decidedAt),
    })),
  };
}

/**
 * An account's deletion, for its reviews (decision 017), in the deletion's transaction and before the account row
 * goes: by the privacy setting its reviews are deleted (`remove`, with the reports about them) or kept without an
 * author (`anonymise`); its helpful votes are deleted and the reviews' counts follow; its suggested edits lose who
 * made them. Every listing its reviews were of gets its rating columns refreshed; those listings are returned.
 */
export async function forgetReviewer(
  tx: DbOrTx,
  userId: string,
  mode: TAccountDeletionMode,
): Promise<{ reviews: number; listings: { kind: TListingKind; id: string }[] }> {
  const voted = await tx
    .delete(reviewVotes)
    .where(eq(reviewVotes.userId, userId))
    .returning({ reviewId: reviewVotes.reviewId });
  if (voted.length)
    await tx
      .update(reviews)
      .set({ helpful: sql`(select count(*)::int from ${reviewVotes} v where v.review_id = ${reviews.id})` })
      .where(
        inArray(
          reviews.id,
          voted.map((v) => v.reviewId),
        ),
      );

  const own = await tx
    .select({ id: reviews.id, kind: reviews.kind, listingId: reviews.listingId })
    .from(reviews)
    .where(eq(reviews.userId, userId));
  const ids = own.map((r) => r.id);
  if (ids.length && mode === 'remove') {
    // Reports name a review without a foreign key (one table serves every kind), so they go here.
    await tx.delete(reports).where(and(sql`${reports.kind} = 'review'`, inArray(reports.recordId, ids)));
    await tx.delete(reviews).where(inArray(reviews.id, ids));
  } else if (ids.length) {
    await tx.update(reviews).set({ userId: null }).where(inArray(reviews.id, ids));
  }

  const listings = [
    ...new Map(own.map((r) => [`${r.kind}:${r.listingId}`, { kind: r.kind, id: r.listingId }])).values(),
  ];
  for (const l of listings) await refreshRating(tx, l.kind, l.id);

  await tx
    .update(editSuggestions)
    .set({ userId: null, name: null, contact: null })
    .where(eq(editSuggestions.userId, userId));
  return { reviews: ids.length, listings };
}

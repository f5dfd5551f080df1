import { averageOf, type TRatingSummary } from '@chaupal/contract';
import type { TListingKind } from '@chaupal/contract/trust-values';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { experts, outlets, reviews } from '../../db/schema';

/** The listing tables reviews belong to. */
export const REVIEWED_TABLES = { expert: experts, outlet: outlets } as const;

// In the contract: the experts' and outlets' presenters cannot import this module (it uses the admin module, which
// uses every kind), and the web shows the same average.
export { averageOf, ratingBrief } from '@chaupal/contract';

/**
 * Sets the listing's rating columns from its published reviews, every score counted. Called in the transaction of
 * each change that can move them (a review published, edited, removed, restored, deleted; an account's reviews gone),
 * so a card never shows a count its reviews do not make.
 */
export async function refreshRating(db: DbOrTx, kind: TListingKind, listingId: string): Promise<void> {
  const t = REVIEWED_TABLES[kind];
  await db
    .update(t)
    .set({
      ratingCount: sql`(select count(*)::int from ${reviews} r
        where r.kind = ${kind} and r.listing_id = ${listingId} and r.status = 'published')`,
      ratingSum: sql`(select coalesce(sum(r.rating), 0)::int from ${reviews} r
        where r.kind = ${kind} and r.listing_id = ${listingId} and r.status = 'published')`,
    })
    .where(eq(t.id, listingId));
}

/** A listing's published ratings: count, average (null under three) and how many of each star, 1 to 5. */
export async function ratingSummary(db: DbOrTx, kind: TListingKind, listingId: string): Promise<TRatingSummary> {
  const rows = await db
    .select({ rating: reviews.rating, n: sql<number>`count(*)::int` })
    .from(reviews)
    .where(and(eq(reviews.kind, kind), eq(reviews.listingId, listingId), eq(reviews.status, 'published')))
    .groupBy(reviews.rating);
  const histogram: TRatingSummary['histogram'] = [0, 0, 0, 0, 0];
  let sum = 0;
  let count = 0;
  for (const r of rows) {
    histogram[r.rating - 1] = Number(r.n);
    count += Number(r.n);
    sum += r.rating * Number(r.n);
  }
  return { count, average: averageOf(count, sum), histogram };
}

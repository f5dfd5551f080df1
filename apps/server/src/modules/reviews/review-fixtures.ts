import type { TListingKind } from '@chaupal/contract';
import type { DbOrTx } from '../../db/client';
import { reviews } from '../../db/schema';
import { refreshRating } from './ratings';

/**
 * Test helper: a review stored as the public API would store it, its listing's rating columns kept right in the same
 * transaction. The tests of the console, reports and personal data build their reviews with it.
 */
export async function addReview(
  db: DbOrTx,
  kind: TListingKind,
  listingId: string,
  o: Omit<Partial<typeof reviews.$inferInsert>, 'kind' | 'listingId'> & { userId: string; rating: number },
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(reviews)
      .values({ kind, listingId, ...o })
      .returning();
    await refreshRating(tx, kind, listingId);
    return row;
  });
}

import type { TListingKind } from '@chaupal/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { accountOfRequest } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import { publicWrite } from '../content';
import { REVIEWED_TABLES } from './ratings';

/** A review write's transaction, and how it names the listing whose reviews or rating it changed. */
export interface ReviewWrite {
  db: DbOrTx;
  /** The listing's reviews or rating changed: after commit, its kind's cached lists and pages are refreshed. */
  changed(kind: TListingKind, listingId: string): void;
}

/**
 * Runs a signed-in person's review write as a public write (`modules/content` `publicWrite`): one transaction, and
 * the cache tags of the listings it names bumped after commit (a loop of one account's writes at most every few
 * seconds). The listing kinds are the app's, not imported: the kinds import this module's rating.
 */
export function reviewWrite<T>(app: FastifyInstance, req: FastifyRequest, work: (w: ReviewWrite) => Promise<T>) {
  const { kinds } = app.publicWrites;
  return publicWrite(
    { db: app.db, ...app.publicWrites },
    (tx, changes) =>
      work({
        db: tx,
        changed: (kind, listingId) => {
          const def = kinds.find((k) => k.spec.name === kind);
          if (def) changes.records(def, [listingId]);
        },
      }),
    { by: accountOfRequest(req).id },
  );
}

/** A reviewed listing as the review rules read it, with its owner. */
export interface ReviewedListing {
  kind: TListingKind;
  id: string;
  slug: string;
  title: string;
  owner: { id: string; name: string; email: string };
}

/**
 * The expert or outlet a review call names: public ones only (404 otherwise, as its page). `lock` holds the row for
 * the write's transaction, so the writes of one listing's reviews (and the burst rule's count) go one at a time.
 */
export async function findListing(
  db: DbOrTx,
  target: { kind: TListingKind; id: string },
  opts: { lock?: boolean } = {},
): Promise<ReviewedListing> {
  const t = REVIEWED_TABLES[target.kind];
  const query = db
    .select({ id: t.id, slug: t.slug, title: t.title, owner: { id: users.id, name: users.name, email: users.email } })
    .from(t)
    .innerJoin(users, eq(users.id, t.userId))
    .where(and(eq(t.id, target.id), eq(t.isPublic, true)))
    .limit(1);
  const [row] = opts.lock ? await query.for('update', { of: t }) : await query;
  if (!row) throw notFound();
  return { kind: target.kind, ...row };
}

/** Holds the listing's row (whatever its visibility) for a write that changes its rating, as `findListing` does. */
export async function lockListing(db: DbOrTx, target: { kind: TListingKind; id: string }) {
  const t = REVIEWED_TABLES[target.kind];
  await db.select({ id: t.id }).from(t).where(eq(t.id, target.id)).for('update');
}

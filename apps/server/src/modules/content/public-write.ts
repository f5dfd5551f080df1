import type { TContentKindSpec } from '@chaupal/contract';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { documents, editSuggestions, listingCounts, previewLinks, reports, reviews, users } from '../../db/schema';
import { CACHE_TAGS, type TCacheTag } from '../../platform/response-cache';
import type { ContentKind } from './content-kind';
import { dropRevisions } from './revision-log';

/** Which records of a kind to recompute: some ids, one owner's, or all. */
type Scope = { ids: string[] } | { userId: string } | 'all';

/**
 * What a write changed that the public may see. The work of a `publicWrite` names it; the step then brings every
 * derived value in line and tells the caches, so no caller recomputes visibility or bumps a cache tag by hand.
 */
export class PublicChanges {
  readonly #tx: DbOrTx;
  readonly #kinds: readonly ContentKind[];
  readonly #records = new Map<ContentKind, Set<string>>();
  readonly #owners = new Set<string>();
  readonly #parents = new Set<TContentKindSpec['parent']['taxon']>();
  #site = false;
  #all = false;

  readonly #schedule: PublicWriteDeps['schedule'];

  /** The changes of a write in `tx`, over these kinds. */
  constructor(tx: DbOrTx, kinds: readonly ContentKind[], schedule?: PublicWriteDeps['schedule']) {
    this.#tx = tx;
    this.#kinds = kinds;
    this.#schedule = schedule;
  }

  /** Records of a kind were added or edited. */
  records(kind: ContentKind, ids: readonly string[]) {
    const set = this.#records.get(kind) ?? new Set<string>();
    for (const id of ids) set.add(id);
    this.#records.set(kind, set);
  }

  /** An account's status or ownership changed: every record it owns. */
  owner(userId: string) {
    this.#owners.add(userId);
  }

  /** A row of a taxonomy kinds are filed under changed status: every record of those kinds. */
  parents(taxon: TContentKindSpec['parent']['taxon']) {
    this.#parents.add(taxon);
  }

  /** Rows were written in bulk, past the public-write step (a generated data set): every record of every kind. */
  allRecords() {
    this.#all = true;
  }

  /** Something many pages show changed (a circle's name, the home page, a policy): no record to recompute. */
  site() {
    this.#site = true;
  }

  /** The scopes to recompute for one kind. */
  private scopesOf(kind: ContentKind): Scope[] {
    if (this.#all || this.#parents.has(kind.spec.parent.taxon)) return ['all'];
    const ids = this.#records.get(kind);
    return [...(ids?.size ? [{ ids: [...ids] }] : []), ...[...this.#owners].map((userId) => ({ userId }))];
  }

  /** The cache tags the change touches: the changed kinds', or every tag when more than records changed. */
  get tags(): readonly TCacheTag[] {
    if (this.#site || this.#all || this.#parents.size || this.#owners.size) return CACHE_TAGS;
    return [...this.#records.keys()].map((k) => k.spec.plural);
  }

  /**
   * Brings visibility and circle listings in line with what was named so far, inside the write's transaction. The
   * step does it before commit anyway; work that reads a record's visibility before it ends (the console's answer to
   * a decision) calls it first.
   */
  async flush() {
    for (const kind of this.#kinds) {
      for (const scope of this.scopesOf(kind)) {
        const scoped = scopeSql(kind, scope);
        if (!scoped) continue;
        await refreshVisibility(this.#tx, kind, scoped);
        await refreshListing(this.#tx, kind, scoped);
        if (this.#schedule) {
          for (const next of await upcomingTimes(this.#tx, kind, scoped)) await this.#schedule(this.#tx, next);
        }
      }
    }
  }

  get isEmpty() {
    return !this.#site && !this.#all && !this.#parents.size && !this.#owners.size && !this.#records.size;
  }
}

/**
 * Recomputes the denormalised `is_public` flag (DESIGN §5): the record is active, its owner is active, at least one
 * of its taxonomy parents is active, and it is between its publish and unpublish times. Public queries then filter on
 * one indexed boolean.
 */
async function refreshVisibility(db: DbOrTx, kind: ContentKind, scoped: SQL) {
  const t = kind.table;
  const link = kind.parent;
  const parentActive = link.many
    ? sql`exists (select 1 from ${link.join} j join ${link.table} p on p.id = j.${sql.identifier(link.join.taxonId.name)}
                  where j.${sql.identifier(link.join.recordId.name)} = ${t.id} and p.status = 'active')`
    : sql`exists (select 1 from ${link.table} p where p.id = ${link.column} and p.status = 'active')`;
  // Between its "Publish at" and "Unpublish at", where it has them (decision 032).
  const inTime = sql`(${t.publishAt} is null or ${t.publishAt} <= now()) and (${t.unpublishAt} is null or ${t.unpublishAt} > now())`;
  const visible = sql`(${t.status} = 'active' and ${users.status} = 'active' and ${parentActive} and ${inTime})`;
  await db.execute(sql`
    update ${t} set is_public = ${visible}
    from ${users}
    where ${users.id} = ${t.userId} and ${scoped} and ${t.isPublic} is distinct from ${visible}`);
}

/** The publish and unpublish times still ahead of the records in scope: when their visibility changes next. */
async function upcomingTimes(db: DbOrTx, kind: ContentKind, scoped: SQL) {
  const t = kind.table;
  const ahead = (at: typeof t.publishAt) =>
    sql<Date | null>`case when ${at} > now() then ${at} end`.mapWith(t.publishAt);
  const rows = await db
    .select({ id: t.id, publish: ahead(t.publishAt), unpublish: ahead(t.unpublishAt) })
    .from(t)
    .where(sql`${scoped} and (${t.publishAt} > now() or ${t.unpublishAt} > now())`);
  return rows.flatMap((r) =>
    [r.publish, r.unpublish].flatMap((at) => (at ? [{ kind, id: r.id, at: new Date(at) }] : [])),
  );
}

/**
 * Copies each record's parent, list time and visibility onto its circle listing rows, where the kind has a listing:
 * a circle-filtered list reads them from there alone (docs/decisions/002-circle-listings.md).
 */
async function refreshListing(db: DbOrTx, kind: ContentKind, scoped: SQL) {
  const L = kind.listing;
  const link = kind.parent;
  if (!L || link.many || !kind.sortAt) return;
  const t = kind.table;
  await db.execute(sql`
    update ${L} set ${sql.identifier(L.parentId.name)} = ${link.column}, ${sql.identifier(L.sortAt.name)} = ${kind.sortAt},
      ${sql.identifier(L.isPublic.name)} = ${t.isPublic}
    from ${t}
    where ${L.recordId} = ${t.id} and ${scoped}
      and (${L.parentId} is distinct from ${link.column} or ${L.sortAt} is distinct from ${kind.sortAt}
           or ${L.isPublic} is distinct from ${t.isPublic})`);
}

function scopeSql(kind: ContentKind, scope: Scope): SQL | null {
  const t = kind.table;
  if (scope === 'all') return sql`true`;
  if ('userId' in scope) return sql`${t.userId} = ${scope.userId}::uuid`;
  if (!scope.ids.length) return null;
  return sql`${t.id} in (${sql.join(
    scope.ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;
}

/**
 * Deletes records of a kind with what hangs off them without a foreign key (documents, day counts, reports, suggested
 * edits, preview links, revisions; one table serves every kind); join rows go with them (ON DELETE CASCADE). Returns
 * the files they used, for collection.
 */
export async function deleteRecords(tx: DbOrTx, kind: ContentKind, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const t = kind.table;
  const name = kind.spec.name;
  const docs = await tx
    .delete(documents)
    .where(and(eq(documents.ownerKind, name), inArray(documents.ownerId, ids)))
    .returning({ url: documents.url });
  // Counts and reports name the kind as text (listings only, for counts), so compare it as text.
  await tx
    .delete(listingCounts)
    .where(and(sql`${listingCounts.kind} = ${name}`, inArray(listingCounts.listingId, ids)));
  await tx.delete(reports).where(and(sql`${reports.kind} = ${name}`, inArray(reports.recordId, ids)));
  await tx
    .delete(editSuggestions)
    .where(and(sql`${editSuggestions.kind} = ${name}`, inArray(editSuggestions.listingId, ids)));
  // A listing's reviews go with it (their helpful votes with them, by the foreign key).
  await tx.delete(reviews).where(and(sql`${reviews.kind} = ${name}`, inArray(reviews.listingId, ids)));
  // Its preview links, whoever made them: a token must not outlive its record (decision 033).
  await tx.delete(previewLinks).where(and(eq(previewLinks.kind, name), inArray(previewLinks.recordId, ids)));
  // And its revisions (decision 033): a record's history goes with it.
  await dropRevisions(tx, name, ids);
  const gone = await tx.delete(t).where(inArray(t.id, ids)).returning({ image: kind.image });
  return [...docs.map((d) => d.url), ...gone.flatMap((g) => (typeof g.image === 'string' ? [g.image] : []))];
}

/** Where a public write reaches: the database, every kind, and the response cache when one serves. */
export interface PublicWriteDeps {
  /** The database, or a transaction the write joins (as a savepoint). */
  db: DbOrTx;
  kinds: readonly ContentKind[];
  /** Invalidates cached public answers after commit (`by`: the account whose loop of writes is throttled). */
  invalidate?: (tags: readonly TCacheTag[], by?: string) => Promise<void>;
  /**
   * Arranges, in the write's transaction, for a record's visibility to be brought in line again at `at` (its publish
   * or unpublish time; modules/content/schedule.ts). Without it, such a time takes effect at the record's next write.
   */
  schedule?: (tx: DbOrTx, at: { kind: ContentKind; id: string; at: Date }) => Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** What a public write needs besides the database: every kind, and the response cache's invalidation. */
    publicWrites: Omit<PublicWriteDeps, 'db'>;
  }
}

/**
 * The one step every write the public may see goes through (contributors, the console, moderation, holds, account
 * deletion, the command line, the seed): the work runs in a transaction and names what it changed; before commit,
 * visibility and circle listings are brought in line; after it, the cache tags of what changed are bumped.
 */
export async function publicWrite<T>(
  deps: PublicWriteDeps,
  work: (tx: DbOrTx, changes: PublicChanges) => Promise<T>,
  opts: { by?: string } = {},
): Promise<T> {
  let changes: PublicChanges | undefined;
  const result = await deps.db.transaction(async (tx) => {
    changes = new PublicChanges(tx, deps.kinds, deps.schedule);
    const value = await work(tx, changes);
    await changes.flush();
    return value;
  });
  if (changes && !changes.isEmpty && deps.invalidate) await deps.invalidate(changes.tags, opts.by);
  return result;
}

import {
  REVISION_MAX_AGE_DAYS,
  REVISIONS_KEPT,
  type TContentKind,
  type TFormValue,
  type TFormValues,
} from '@chaupal/contract';
import { and, asc, desc, eq, inArray, lt, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { revisions } from '../../db/schema';
import type { ContentKind, ContentRow } from './content-kind';
import { loadRows } from './content-query';
import { diff, reviewValues } from './review';

/** A field's empty value: what a record that never had it holds (an empty list, unticked, nothing). */
const emptyOf = (v: TFormValue): TFormValue => (Array.isArray(v) ? [] : typeof v === 'boolean' ? false : null);

/** The values with every field emptied: what the oldest revision a record keeps is compared with. */
export const emptyValues = (values: TFormValues): TFormValues =>
  Object.fromEntries(Object.entries(values).map(([field, v]) => [field, emptyOf(v)]));

/** A record's revisions, and their order newest first (the time, then the id for a tie). */
export const ofRecord = (kind: TContentKind, recordId: string) =>
  and(eq(revisions.kind, kind), eq(revisions.recordId, recordId));
export const newestFirst = [desc(revisions.createdAt), desc(revisions.id)];

/** The fields of `values` that differ from `before`, in the form's order. */
function changedFields(before: TFormValues, values: TFormValues): string[] {
  // A stored revision's values come back from JSONB in an order of their own.
  const order = Object.keys(values);
  return diff(before, values)
    .map((c) => c.field)
    .sort((x, y) => order.indexOf(x) - order.indexOf(y));
}

/**
 * Before a save of a record that has no revision yet (it was stored before revisions were kept, or by the demo seed or
 * an import), keeps its values as they stand as its first revision: by its owner, at its last save. The history then
 * shows what the save changed, not every field appearing from nothing.
 */
export async function keepOriginal<Row extends ContentRow>(tx: DbOrTx, kind: ContentKind<Row>, recordId: string) {
  const name = kind.spec.name;
  const [kept] = await tx.select({ id: revisions.id }).from(revisions).where(ofRecord(name, recordId)).limit(1);
  if (kept) return;
  const [loaded] = await loadRows(tx, kind, [recordId]);
  if (!loaded) return;
  const values = reviewValues(kind, loaded);
  const fields = changedFields(emptyValues(values), values);
  if (fields.length)
    await tx
      .insert(revisions)
      .values({ kind: name, recordId, userId: loaded.row.userId, values, fields, createdAt: loaded.row.updatedAt });
}

/**
 * Keeps a revision of a record that was just saved, in the save's transaction (decision 033): its form values after
 * the save (`reviewValues`, documents included), who saved it and which fields differ from its newest revision. A
 * record's first revision lists every field that holds a value. A save that changes nothing keeps nothing. The record
 * then keeps its newest `REVISIONS_KEPT`.
 */
export async function recordRevision<Row extends ContentRow>(
  tx: DbOrTx,
  kind: ContentKind<Row>,
  recordId: string,
  userId: string,
) {
  const [loaded] = await loadRows(tx, kind, [recordId]);
  if (!loaded) return;
  const name = kind.spec.name;
  const values = reviewValues(kind, loaded);
  const [last] = await tx
    .select({ values: revisions.values })
    .from(revisions)
    .where(ofRecord(name, recordId))
    .orderBy(...newestFirst)
    .limit(1);
  const fields = changedFields(last?.values ?? emptyValues(values), values);
  if (!fields.length) return;
  // The wall clock, not the transaction's start: two saves of a record wait on each other's lock, and the one that
  // writes last must be the newest revision even when its transaction began first.
  await tx
    .insert(revisions)
    .values({ kind: name, recordId, userId, values, fields, createdAt: sql`clock_timestamp()` });
  const kept = tx
    .select({ id: revisions.id })
    .from(revisions)
    .where(ofRecord(name, recordId))
    .orderBy(...newestFirst)
    .limit(REVISIONS_KEPT);
  await tx.delete(revisions).where(and(ofRecord(name, recordId), notInArray(revisions.id, kept)));
}

/** Deletes the revisions of records of a kind: with the records, or when their history must not outlive its owner. */
export async function dropRevisions(tx: DbOrTx, kind: TContentKind, ids: string[]) {
  if (ids.length) await tx.delete(revisions).where(and(eq(revisions.kind, kind), inArray(revisions.recordId, ids)));
}

/**
 * The daily prune: revisions older than `REVISION_MAX_AGE_DAYS` go, but never a record's newest, so every record that
 * has a history keeps at least the values it was last saved with. Answers how many went.
 */
export async function pruneOldRevisions(db: DbOrTx, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - REVISION_MAX_AGE_DAYS * 86_400_000);
  const newer: SQL = sql`exists (select 1 from ${revisions} n where n.kind = ${revisions.kind}
    and n.record_id = ${revisions.recordId}
    and (n.created_at, n.id) > (${revisions.createdAt}, ${revisions.id}))`;
  const gone = await db
    .delete(revisions)
    .where(and(lt(revisions.createdAt, before), newer))
    .returning({ id: revisions.id });
  return gone.length;
}

/**
 * The revisions "Download my data" holds (decision 017): those of the person's own records (`own`, their ids by kind)
 * and those the person saved of anyone's, oldest first; the values only of their own records.
 */
export async function personalRevisions(db: DbOrTx, userId: string, own: { kind: TContentKind; ids: string[] }[]) {
  const ofOwn = own
    .filter((o) => o.ids.length)
    .map((o) => and(eq(revisions.kind, o.kind), inArray(revisions.recordId, o.ids)));
  const rows = await db
    .select()
    .from(revisions)
    .where(or(eq(revisions.userId, userId), ...ofOwn))
    .orderBy(asc(revisions.createdAt), asc(revisions.id));
  const mine = new Set(own.flatMap((o) => o.ids.map((id) => `${o.kind}:${id}`)));
  return rows.map((r) => {
    const yourRecord = mine.has(`${r.kind}:${r.recordId}`);
    return {
      id: r.id,
      kind: r.kind,
      recordId: r.recordId,
      yourRecord,
      savedByYou: r.userId === userId,
      fields: r.fields,
      // Someone else's record holds their phone, address and words: the person is told what they changed, not those.
      values: yourRecord ? r.values : null,
      createdAt: r.createdAt.toISOString(),
    };
  });
}

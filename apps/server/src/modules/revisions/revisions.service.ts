import type { TContentKind, TFormValues, TRevision, TRevisionDetail } from '@chaupal/contract';
import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { isUuid } from '../../db/lookup';
import { revisions, uploads, users } from '../../db/schema';
import type { TAccount } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import {
  type ContentKind,
  diff,
  emptyValues,
  getOwnRecord,
  type LoadedRow,
  namesIn,
  newestFirst,
  ofRecord,
  updateContent,
  type WriteContext,
} from '../content';
import { KINDS } from '../kinds';

/** A revision's columns as the history shows them, with who saved it (null once their account is gone). */
const columns = {
  id: revisions.id,
  createdAt: revisions.createdAt,
  fields: revisions.fields,
  values: revisions.values,
  byId: users.id,
  byName: users.name,
};
type RevisionRow = { id: string; createdAt: Date; fields: string[]; byId: string | null; byName: string | null };

const present = (r: RevisionRow): TRevision => ({
  id: r.id,
  createdAt: r.createdAt.toISOString(),
  by: r.byId ? { id: r.byId, name: r.byName ?? '' } : null,
  fields: r.fields,
});

/** A record's revisions, newest first, for whoever may edit it (`getOwnRecord`: 404 unknown, 403 someone else's). */
export async function listRevisions(db: DbOrTx, account: TAccount, kind: TContentKind, id: string) {
  const { row } = await getOwnRecord(db, KINDS[kind], account, id);
  const rows = await db
    .select(columns)
    .from(revisions)
    .leftJoin(users, eq(users.id, revisions.userId))
    .where(ofRecord(kind, row.id))
    .orderBy(...newestFirst);
  return rows.map(present);
}

/** One revision of a record that the account may edit; 404 for one that is not this record's. */
async function findRevision(db: DbOrTx, kind: TContentKind, recordId: string, revisionId: string) {
  const [found] = isUuid(revisionId)
    ? await db
        .select(columns)
        .from(revisions)
        .leftJoin(users, eq(users.id, revisions.userId))
        .where(and(ofRecord(kind, recordId), eq(revisions.id, revisionId)))
        .limit(1)
    : [];
  if (!found) throw notFound();
  return found;
}

/**
 * One revision with its values and what it changed, field by field, from the revision before it (the oldest kept: from
 * empty values), ids shown as names.
 */
export async function getRevision(
  db: DbOrTx,
  account: TAccount,
  kind: TContentKind,
  id: string,
  revisionId: string,
): Promise<TRevisionDetail> {
  const def = KINDS[kind];
  const { row } = await getOwnRecord(db, def, account, id);
  const revision = await findRevision(db, kind, row.id, revisionId);
  const [before] = await db
    .select({ values: revisions.values })
    .from(revisions)
    .where(
      and(
        ofRecord(kind, row.id),
        or(
          lt(revisions.createdAt, revision.createdAt),
          and(eq(revisions.createdAt, revision.createdAt), sql`${revisions.id} < ${revision.id}`),
        ),
      ),
    )
    .orderBy(...newestFirst)
    .limit(1);
  const previous = before?.values ?? emptyValues(revision.values);
  const names = await namesIn(db, def, [previous, revision.values]);
  // In the order of the revision's fields (the form's), which its stored values do not keep.
  const at = (field: string) => (revision.fields.includes(field) ? revision.fields.indexOf(field) : Infinity);
  const changes = diff(previous, revision.values, names).sort((x, y) => at(x.field) - at(y.field));
  return { ...present(revision), values: revision.values, changes };
}

/**
 * The form fields that bring a record back to a revision's values: its documents exactly (those the record has and the
 * revision does not are deleted) and its image. A file the revision names that is no longer stored is left out: the
 * document is not restored, and the record keeps its current image.
 */
async function restoreFields(db: DbOrTx, def: ContentKind, current: LoadedRow, values: TFormValues) {
  const { field } = def.spec.image;
  const image = values[field];
  const documents = [values.documents ?? []].flat().filter((d): d is string => typeof d === 'string');
  const wanted = [...documents, ...(typeof image === 'string' && image ? [image] : [])].filter(
    (url) => url !== current.image && !current.documents.includes(url),
  );
  const stored = new Set(
    wanted.length
      ? (await db.select({ url: uploads.url }).from(uploads).where(inArray(uploads.url, wanted))).map((u) => u.url)
      : [],
  );
  const kept = (url: string) => url === current.image || current.documents.includes(url) || stored.has(url);
  const { [field]: _image, documents: _documents, deleteDocuments: _deleted, ...rest } = values;
  return {
    ...rest,
    ...(typeof image === 'string' && image && !kept(image) ? {} : { [field]: image ?? '' }),
    documents: documents.filter(kept),
    deleteDocuments: current.documents.filter((d) => !documents.includes(d)),
  };
}

/**
 * Restores a revision: an edit of the record with the revision's values, by whoever may edit it, through the
 * contributors' write path, so moderation, visibility, caches and a new revision follow as for any edit.
 */
export async function restoreRevision(
  ctx: WriteContext,
  account: TAccount,
  kind: TContentKind,
  id: string,
  revisionId: string,
) {
  const def = KINDS[kind];
  const current = await getOwnRecord(ctx.db, def, account, id);
  const revision = await findRevision(ctx.db, kind, current.row.id, revisionId);
  const fields = await restoreFields(ctx.db, def, current, revision.values);
  return updateContent(ctx, def, account, current.row.id, { fields, files: [] });
}

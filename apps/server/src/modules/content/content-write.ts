import { API_ERRORS, TAXONOMIES } from '@chaupal/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import { isUuid } from '../../db/lookup';
import { blockCircles, blocks, circles, documents } from '../../db/schema';
import type { TAccount } from '../../platform/auth';
import { AppError, detailsFromIssues, invalidFields, notFound } from '../../platform/errors';
import type { FilePart, FormInput } from '../../platform/form-input';
import type { RichText } from '../../platform/sanitize';
import { uniqueSlug } from '../../platform/slug';
import type { Storage } from '../../platform/storage';
import { TAXON_TABLES } from '../taxonomy';
import { assertOurUploads, collectGarbage, storeFile } from '../uploads';
import type { CommonForm, ContentKind, ContentRow, LoadedRow, ResolvedLinks } from './content-kind';
import { loadRows } from './content-query';
import { onDesk } from './desk';
import { deleteRecords, type PublicWriteDeps, publicWrite } from './public-write';
import { diff, reviewValues } from './review';
import { keepOriginal, recordRevision } from './revision-log';

export interface WriteContext extends PublicWriteDeps {
  db: Db;
  storage: Storage;
  /** The site's rich-text sanitizer (its image sources come from the config). */
  richText: RichText;
  /** The site's zone (SITE_TZ), for a kind whose values hold wall-clock times. */
  siteTz: string;
  autoApprove: boolean;
  reviewEdits: boolean;
  log: FastifyBaseLogger;
  /** The account whose writes are being made: a loop of them refreshes cached pages at most every few seconds. */
  by?: string;
}

/**
 * "Publish at" and "Unpublish at" as columns: the forms of news, features and events carry them (decision 032); the
 * other kinds' forms do not, so theirs stay empty.
 */
const scheduleValues = (form: object) => {
  const f = form as { publish_at?: Date; unpublish_at?: Date };
  return { publishAt: f.publish_at ?? null, unpublishAt: f.unpublish_at ?? null };
};
/**
 * Removes files nothing references any more. It runs after the write it follows has committed, so a storage failure
 * here is logged, not reported: the files stay until a later collection finds them.
 */
async function releaseFiles(ctx: WriteContext, urls: string[]) {
  if (!urls.length) return;
  try {
    await collectGarbage({ db: ctx.db, storage: ctx.storage }, urls);
  } catch (err) {
    ctx.log.warn({ err, urls }, 'could not remove unreferenced files');
  }
}

/** What a submitted record becomes: public at once where records are approved at once, else queued for moderation. */
const submittedStatus = (ctx: WriteContext, account: TAccount) =>
  ctx.autoApprove || account.role === 'admin' ? 'active' : 'pending';

/**
 * May this account edit this record: its owner, and whoever has it on their desk (an admin every record, an editor
 * the news of their editions and every feature; `onDesk`, decision 033).
 */
export const canManage = (account: TAccount, kind: Pick<ContentKind, 'spec'>, row: ContentRow) =>
  account.id === row.userId || onDesk(account, kind.spec.name, { editionId: Reflect.get(row, 'editionId') });

/** A record by id for whoever may edit it (`canManage`), in any status: 404 unknown, 403 someone else's. */
export async function getOwnRecord<Row extends ContentRow>(
  db: DbOrTx,
  kind: ContentKind<Row>,
  account: TAccount,
  id: string,
): Promise<LoadedRow<Row>> {
  const [loaded] = isUuid(id) ? await loadRows(db, kind, [id]) : [];
  if (!loaded) throw notFound();
  if (!canManage(account, kind, loaded.row)) throw new AppError('FORBIDDEN', API_ERRORS.forbidden);
  return loaded;
}

/** A form's fields as sent, over the stored record's when editing. */
type SentFields = { [field: string]: unknown };

function validate<Form extends CommonForm>(kind: ContentKind<ContentRow, Form>, fields: SentFields): Form {
  const parsed = kind.form.safeParse(fields);
  if (!parsed.success) throw invalidFields(detailsFromIssues(parsed.error.issues));
  return parsed.data;
}

/** Parents, circles and localities must exist and be active; each locality must lie in a chosen circle. */
async function resolveLinks(
  db: DbOrTx,
  kind: ContentKind,
  parentRefs: string[],
  circleRefs: string[],
  blockRefs: string[],
) {
  const table = TAXON_TABLES[kind.spec.parent.taxon];
  const byRef = <T extends { id: string; slug: string }>(rows: T[], ref: string) =>
    rows.find((r) => r.id === ref || r.slug === ref);
  const refsWhere = (t: { id: AnyPgColumn; slug: AnyPgColumn }, refs: string[]) => {
    const uuids = refs.filter(isUuid);
    return uuids.length ? sql`(${inArray(t.id, uuids)} or ${inArray(t.slug, refs)})` : inArray(t.slug, refs);
  };
  const [parents, circleRows, blockRows] = await Promise.all([
    db
      .select({ id: table.id, slug: table.slug })
      .from(table)
      .where(and(refsWhere(table, parentRefs), eq(table.status, 'active'))),
    db
      .select({ id: circles.id, slug: circles.slug })
      .from(circles)
      .where(and(refsWhere(circles, circleRefs), eq(circles.status, 'active'))),
    db
      .select({ id: blocks.id, slug: blocks.slug, name: blocks.name })
      .from(blocks)
      .where(and(refsWhere(blocks, blockRefs), eq(blocks.status, 'active'))),
  ]);
  const details = [];
  const unknown = (refs: string[], rows: { id: string; slug: string }[]) => refs.filter((r) => !byRef(rows, r));
  if (unknown(parentRefs, parents).length)
    details.push({
      parameter: kind.spec.parent.field,
      errors: [`Unknown ${TAXONOMIES[kind.spec.parent.taxon].noun}: ${unknown(parentRefs, parents).join(', ')}`],
    });
  if (unknown(circleRefs, circleRows).length)
    details.push({ parameter: 'circles', errors: [`Unknown circle: ${unknown(circleRefs, circleRows).join(', ')}`] });
  if (unknown(blockRefs, blockRows).length)
    details.push({ parameter: 'blocks', errors: [`Unknown locality: ${unknown(blockRefs, blockRows).join(', ')}`] });
  if (details.length) throw invalidFields(details);

  const circleIds = circleRefs.map((r) => byRef(circleRows, r)!.id);
  const blockIds = blockRefs.map((r) => byRef(blockRows, r)!.id);
  const inside = await db
    .select({ blockId: blockCircles.blockId })
    .from(blockCircles)
    .where(and(inArray(blockCircles.blockId, blockIds), inArray(blockCircles.circleId, circleIds)));
  const outside = blockRows.filter((b) => blockIds.includes(b.id) && !inside.some((i) => i.blockId === b.id));
  if (outside.length) {
    throw invalidFields([
      { parameter: 'blocks', errors: [`Not in the chosen circles: ${outside.map((b) => b.name).join(', ')}`] },
    ]);
  }
  return { parentIds: parentRefs.map((r) => byRef(parents, r)!.id), circleIds, blockIds } satisfies ResolvedLinks;
}

/** Stores the form's file parts: the image field's one image and any documents. */
async function storeParts(ctx: WriteContext, kind: ContentKind, files: FilePart[], userId: string) {
  const { field } = kind.spec.image;
  const images = files.filter((f) => f.field === field);
  const docs = files.filter((f) => f.field === 'documents');
  const stray = files.filter((f) => f.field !== field && f.field !== 'documents');
  if (stray.length) throw invalidFields([{ parameter: stray[0].field, errors: ['Unexpected file'] }]);
  const deps = { db: ctx.db, storage: ctx.storage };
  // One image per record: the latest replaces (SPEC §5).
  const image = images.length
    ? (await storeFile(deps, images[images.length - 1], { userId, accept: 'image' })).url
    : undefined;
  const documentUrls: string[] = [];
  for (const d of docs) documentUrls.push((await storeFile(deps, d, { userId, accept: 'document' })).url);
  return { image, documentUrls, stored: [...(image ? [image] : []), ...documentUrls] };
}

async function writeLinks(tx: DbOrTx, kind: ContentKind, id: string, links: ResolvedLinks, docs: string[]) {
  const rows = (taxonIds: string[]) => taxonIds.map((taxonId) => ({ recordId: id, taxonId }));
  await tx.delete(kind.circles).where(eq(kind.circles.recordId, id));
  await tx.delete(kind.blocks).where(eq(kind.blocks.recordId, id));
  await tx.delete(documents).where(and(eq(documents.ownerKind, kind.spec.name), eq(documents.ownerId, id)));
  if (kind.parent.many) {
    await tx.delete(kind.parent.join).where(eq(kind.parent.join.recordId, id));
    await tx.insert(kind.parent.join).values(rows(links.parentIds));
  }
  await tx.insert(kind.circles).values(rows(links.circleIds));
  await tx.insert(kind.blocks).values(rows(links.blockIds));
  if (docs.length)
    await tx
      .insert(documents)
      .values(docs.map((url, position) => ({ ownerKind: kind.spec.name, ownerId: id, url, position })));
}

const isUniqueViolation = (err: unknown) =>
  (err as { code?: string })?.code === '23505' || /duplicate key/.test(String((err as Error)?.message));

async function slugFor(tx: DbOrTx, kind: ContentKind, wanted: string | undefined, title: string, exceptId?: string) {
  const t = kind.table;
  if (!wanted) return uniqueSlug(tx, t, title, exceptId);
  const [taken] = await tx.select({ id: t.id }).from(t).where(eq(t.slug, wanted)).limit(1);
  if (taken && taken.id !== exceptId)
    throw new AppError('CONFLICT', API_ERRORS.conflict, [{ parameter: 'slug', errors: ['That slug is taken'] }]);
  return wanted;
}

/**
 * Runs a write as a public write (one transaction, then visibility, listings and caches); files stored for it are
 * removed again when it fails, so a failed write leaves neither rows nor files behind.
 */
async function atomically<T>(
  ctx: WriteContext,
  stored: string[],
  work: Parameters<typeof publicWrite<T>>[1],
): Promise<T> {
  try {
    return await publicWrite(ctx, work, { by: ctx.by });
  } catch (err) {
    await releaseFiles(ctx, stored);
    if (isUniqueViolation(err))
      throw new AppError('CONFLICT', API_ERRORS.conflict, [{ parameter: 'slug', errors: ['That slug is taken'] }]);
    throw err;
  }
}

/** A text field of a validated form by name (the kind's image field): its value when it is a non-empty string. */
const textField = (form: CommonForm, field: string): string | null => {
  const value: unknown = Reflect.get(form, field);
  return typeof value === 'string' && value ? value : null;
};

export async function createContent<Row extends ContentRow, Form extends CommonForm>(
  ctx: WriteContext,
  kind: ContentKind<Row, Form>,
  account: TAccount,
  input: FormInput,
) {
  const form = validate(kind, input.fields);
  const links = await resolveLinks(ctx.db, kind, kind.parentRefs(form), form.circles, form.blocks);
  const resolved = (await kind.resolveValues?.(ctx.db, form, { siteTz: ctx.siteTz })) ?? {};
  const imageField = kind.spec.image.field;
  const imageUrl = textField(form, imageField);
  await assertOurUploads(ctx.db, imageField, imageUrl ? [imageUrl] : []);
  await assertOurUploads(ctx.db, 'documents', form.documents);
  const parts = await storeParts(ctx, kind, input.files, account.id);
  const id = await atomically(ctx, parts.stored, async (tx, changes) => {
    const t = kind.table;
    const [row] = await tx
      .insert(t)
      .values({
        ...kind.values(form, links, ctx.richText),
        ...scheduleValues(form),
        ...resolved,
        [imageField]: parts.image ?? imageUrl,
        slug: await slugFor(tx, kind, form.slug, form.title),
        status: form.draft ? 'draft' : submittedStatus(ctx, account),
        userId: account.id,
      })
      .returning({ id: t.id });
    const newId = String(row.id);
    await writeLinks(tx, kind, newId, links, [...new Set([...form.documents, ...parts.documentUrls])]);
    await recordRevision(tx, kind, newId, account.id);
    changes.records(kind, [newId]);
    return newId;
  });
  const [created] = await loadRows(ctx.db, kind, [id]);
  return created;
}

/** What an edit will write, worked out (and its files stored) before the transaction. */
interface PreparedEdit<Row extends ContentRow, Form extends CommonForm> {
  form: Form;
  links: ResolvedLinks;
  /** The kind's values that needed the database (`ContentKind.resolveValues`). */
  resolved: Partial<Row>;
  image: string | null;
  docs: string[];
  /** Files stored for this edit, removed again if the transaction fails. */
  stored: string[];
  /** Files the record stops using, released after the transaction. */
  dropped: string[];
}

/**
 * Validates an edit against the stored record, resolves its links, checks the URLs it names and stores its files.
 * A field left out keeps its value; deleteImage wins over a kept URL and a new file wins over both (DESIGN §4).
 */
async function prepareEdit<Row extends ContentRow, Form extends CommonForm>(
  ctx: WriteContext,
  kind: ContentKind<Row, Form>,
  current: LoadedRow<Row>,
  input: FormInput,
  userId: string,
): Promise<PreparedEdit<Row, Form>> {
  const given = input.fields;
  const form = validate(kind, { ...kind.formOf(current), ...given });
  const links = await resolveLinks(ctx.db, kind, kind.parentRefs(form), form.circles, form.blocks);
  const resolved = (await kind.resolveValues?.(ctx.db, form, { siteTz: ctx.siteTz })) ?? {};
  const { field, deleteFlag } = kind.spec.image;
  const storedImage = current.image;
  const sentImage = field in given ? textField(form, field) : storedImage;
  if (sentImage && sentImage !== storedImage) await assertOurUploads(ctx.db, field, [sentImage]);
  const added = 'documents' in given ? form.documents.filter((d) => !current.documents.includes(d)) : [];
  await assertOurUploads(ctx.db, 'documents', added);
  const parts = await storeParts(ctx, kind, input.files, userId);
  const image = parts.image ?? (Reflect.get(form, deleteFlag) === true ? null : sentImage);
  const remove = new Set(form.deleteDocuments);
  const docs = [...new Set([...current.documents, ...added, ...parts.documentUrls])].filter((d) => !remove.has(d));
  const dropped = [
    ...current.documents.filter((d) => !docs.includes(d)),
    ...(storedImage && storedImage !== image ? [storedImage] : []),
  ];
  return { form, links, resolved, image, docs, stored: parts.stored, dropped };
}

/** Writes the edited values, image, slug and links; status and review marks are `markForReview`'s. */
async function saveEdit<Row extends ContentRow, Form extends CommonForm>(
  tx: DbOrTx,
  ctx: WriteContext,
  kind: ContentKind<Row, Form>,
  current: LoadedRow<Row>,
  e: PreparedEdit<Row, Form>,
) {
  const t = kind.table;
  const id = current.row.id;
  await tx
    .update(t)
    .set({
      ...kind.values(e.form, e.links, ctx.richText),
      ...scheduleValues(e.form),
      ...e.resolved,
      [kind.spec.image.field]: e.image,
      slug:
        e.form.slug && e.form.slug !== current.row.slug
          ? await slugFor(tx, kind, e.form.slug, e.form.title, id)
          : current.row.slug,
      updatedAt: new Date(),
    })
    .where(eq(t.id, id));
  await writeLinks(tx, kind, id, e.links, e.docs);
}

/**
 * An owner's edit of a reviewed record goes back to the moderation queue as "edited since approval" (and to pending
 * when edits are reviewed), measured against the values an admin last saw (taken now for a record approved before
 * they were kept). A save that leaves the record as approved is not an edit, and an admin's edit is never one, nor an
 * editor's of someone else's record: the desk's edit is a moderator's, like an admin's (decision 033).
 */
async function markForReview<Row extends ContentRow, Form extends CommonForm>(
  tx: DbOrTx,
  ctx: WriteContext,
  kind: ContentKind<Row, Form>,
  current: LoadedRow<Row>,
  account: TAccount,
) {
  const reviewed = !['pending', 'draft'].includes(current.row.status) || current.row.editedAt !== null;
  if (account.id !== current.row.userId || account.role === 'admin' || !reviewed) return;
  const approvedValues = current.row.approvedValues ?? reviewValues(kind, current);
  const [after] = await loadRows(tx, kind, [current.row.id]);
  if (!diff(approvedValues, reviewValues(kind, after)).length) return;
  const status = current.row.status === 'active' && ctx.reviewEdits ? 'pending' : current.row.status;
  await tx
    .update(kind.table)
    .set({ status, editedAt: new Date(), approvedValues })
    .where(eq(kind.table.id, current.row.id));
}

/**
 * Drafts (decision 033): an edit with `draft: true` makes (or keeps) the record a draft, off the site and out of the
 * moderation queue; `draft: false` submits a draft, which is then pending, or active where records are approved at
 * once; a draft saved without the field stays a draft. Answers whether it settled the status, so that an ordinary
 * edit's review marks (`markForReview`) apply only when it did not.
 */
async function saveDraftState<Row extends ContentRow, Form extends CommonForm>(
  tx: DbOrTx,
  ctx: WriteContext,
  kind: ContentKind<Row, Form>,
  current: LoadedRow<Row>,
  account: TAccount,
  draft: boolean | undefined,
): Promise<boolean> {
  const t = kind.table;
  if (draft === true) {
    await tx.update(t).set({ status: 'draft', editedAt: null }).where(eq(t.id, current.row.id));
    return true;
  }
  if (current.row.status !== 'draft') return false;
  if (draft === false)
    await tx
      .update(t)
      .set({ status: submittedStatus(ctx, account), editedAt: null })
      .where(eq(t.id, current.row.id));
  return true;
}

/**
 * An owner's (or an admin's) edit of a record: prepare, save, mark for review, refresh visibility, release files.
 * `alongside` runs first in the edit's transaction, for what must stand or fall with it (a suggested edit's decision).
 */
export async function updateContent<Row extends ContentRow, Form extends CommonForm>(
  ctx: WriteContext,
  kind: ContentKind<Row, Form>,
  account: TAccount,
  id: string,
  input: FormInput,
  alongside?: (tx: DbOrTx) => Promise<void>,
) {
  const current = await getOwnRecord(ctx.db, kind, account, id);
  const edit = await prepareEdit(ctx, kind, current, input, account.id);
  // What an editor edits stays on their desk: news moved to an edition outside it is refused, and nothing is kept.
  if (!canManage(account, kind, { ...current.row, ...kind.values(edit.form, edit.links, ctx.richText) })) {
    await releaseFiles(ctx, edit.stored);
    throw new AppError('FORBIDDEN', API_ERRORS.forbidden);
  }
  await atomically(ctx, edit.stored, async (tx, changes) => {
    await alongside?.(tx);
    await keepOriginal(tx, kind, id);
    await saveEdit(tx, ctx, kind, current, edit);
    if (!(await saveDraftState(tx, ctx, kind, current, account, edit.form.draft)))
      await markForReview(tx, ctx, kind, current, account);
    changes.records(kind, [id]);
    await recordRevision(tx, kind, id, account.id);
  });
  await releaseFiles(ctx, edit.dropped);
  const [updated] = await loadRows(ctx.db, kind, [id]);
  return updated;
}

/** Deletes a record: its owner's or an admin's call; an editor holds someone else's record, never deletes it. */
export async function deleteContent(ctx: WriteContext, kind: ContentKind, account: TAccount, id: string) {
  const { row } = await getOwnRecord(ctx.db, kind, account, id);
  if (account.role === 'editor' && row.userId !== account.id) throw new AppError('FORBIDDEN', API_ERRORS.forbidden);
  const released = await atomically(ctx, [], async (tx, changes) => {
    changes.records(kind, [id]);
    return deleteRecords(tx, kind, [id]);
  });
  await releaseFiles(ctx, released);
}

import { API_ERRORS } from '@chaupal/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
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
import { asTable } from './content-kinds';
import { type LoadedRow, loadRows } from './content-query';
import type { ContentWriter, ResolvedLinks } from './content-writer';
import { diff, reviewValues } from './review';
import { refreshVisibility } from './visibility';

export interface WriteContext {
  db: Db;
  storage: Storage;
  /** The site's rich-text sanitizer (its image sources come from the config). */
  richText: RichText;
  autoApprove: boolean;
  reviewEdits: boolean;
  log: FastifyBaseLogger;
}

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

const canManage = (account: TAccount, userId: string) => account.role === 'admin' || account.id === userId;

/** A record by id for its owner (or an admin), in any status: 404 unknown, 403 someone else's. */
export async function getOwnRecord(
  db: DbOrTx,
  w: ContentWriter<z.ZodType>,
  account: TAccount,
  id: string,
): Promise<LoadedRow> {
  const [loaded] = isUuid(id) ? await loadRows(db, w.def, [id]) : [];
  if (!loaded) throw notFound();
  if (!canManage(account, loaded.row.userId)) throw new AppError('FORBIDDEN', API_ERRORS.forbidden);
  return loaded;
}

function validate<S extends z.ZodType>(w: ContentWriter<S>, fields: Record<string, unknown>): z.output<S> {
  const parsed = w.form.safeParse(fields);
  if (!parsed.success) throw invalidFields(detailsFromIssues(parsed.error.issues));
  return parsed.data;
}

/** Parents, circles and localities must exist and be active; each locality must lie in a chosen circle. */
async function resolveLinks(
  db: DbOrTx,
  w: ContentWriter<z.ZodType>,
  parentRefs: string[],
  circleRefs: string[],
  blockRefs: string[],
) {
  const table = TAXON_TABLES[w.def.spec.parent.taxon];
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
      parameter: w.def.spec.parent.field,
      errors: [`Unknown ${w.def.spec.parent.noun}: ${unknown(parentRefs, parents).join(', ')}`],
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
async function storeParts(ctx: WriteContext, w: ContentWriter<z.ZodType>, files: FilePart[], userId: string) {
  const { field } = w.def.spec.image;
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

async function writeLinks(tx: DbOrTx, w: ContentWriter<z.ZodType>, id: string, links: ResolvedLinks, docs: string[]) {
  const { def } = w;
  await tx.delete(def.circles).where(eq(def.circles.parentId, id));
  await tx.delete(def.blocks).where(eq(def.blocks.parentId, id));
  await tx.delete(documents).where(and(eq(documents.ownerKind, w.def.spec.name), eq(documents.ownerId, id)));
  if (def.parent.many) {
    await tx.delete(def.parent.join).where(eq(def.parent.join.parentId, id));
    await tx.insert(def.parent.join).values(links.parentIds.map((childId) => ({ parentId: id, childId })));
  }
  await tx.insert(def.circles).values(links.circleIds.map((childId) => ({ parentId: id, childId })));
  await tx.insert(def.blocks).values(links.blockIds.map((childId) => ({ parentId: id, childId })));
  if (docs.length)
    await tx
      .insert(documents)
      .values(docs.map((url, position) => ({ ownerKind: w.def.spec.name, ownerId: id, url, position })));
}

const isUniqueViolation = (err: unknown) =>
  (err as { code?: string })?.code === '23505' || /duplicate key/.test(String((err as Error)?.message));

async function slugFor(
  tx: DbOrTx,
  w: ContentWriter<z.ZodType>,
  wanted: string | undefined,
  title: string,
  exceptId?: string,
) {
  if (!wanted) return uniqueSlug(tx, w.def.table as never, title, exceptId);
  const t = w.def.table;
  const [taken] = await tx.select({ id: t.id }).from(asTable(t)).where(eq(t.slug, wanted)).limit(1);
  if (taken && taken.id !== exceptId)
    throw new AppError('CONFLICT', API_ERRORS.conflict, [{ parameter: 'slug', errors: ['That slug is taken'] }]);
  return wanted;
}

/**
 * Runs a write in one transaction; files stored for it are removed again when it fails, so a failed write leaves
 * neither rows nor files behind.
 */
async function atomically<T>(ctx: WriteContext, stored: string[], work: (tx: DbOrTx) => Promise<T>): Promise<T> {
  try {
    return await ctx.db.transaction(work);
  } catch (err) {
    await releaseFiles(ctx, stored);
    if (isUniqueViolation(err))
      throw new AppError('CONFLICT', API_ERRORS.conflict, [{ parameter: 'slug', errors: ['That slug is taken'] }]);
    throw err;
  }
}

export async function createContent(
  ctx: WriteContext,
  w: ContentWriter<z.ZodType>,
  account: TAccount,
  input: FormInput,
) {
  const form = validate(w, input.fields) as Record<string, unknown> & {
    title: string;
    slug?: string;
    circles: string[];
    blocks: string[];
    documents: string[];
  };
  const links = await resolveLinks(ctx.db, w, w.parentRefs(form), form.circles, form.blocks);
  const imageField = w.def.spec.image.field;
  const imageUrl = (form[imageField] as string | undefined) || null;
  await assertOurUploads(ctx.db, imageField, imageUrl ? [imageUrl] : []);
  await assertOurUploads(ctx.db, 'documents', form.documents);
  const parts = await storeParts(ctx, w, input.files, account.id);

  const id = await atomically(ctx, parts.stored, async (tx) => {
    const t = w.def.table;
    const [row] = await tx
      .insert(asTable(t))
      .values({
        ...w.values(form, links, ctx.richText),
        [imageField]: parts.image ?? imageUrl,
        slug: await slugFor(tx, w, form.slug, form.title),
        status: ctx.autoApprove || account.role === 'admin' ? 'active' : 'pending',
        userId: account.id,
      } as never)
      .returning({ id: t.id });
    const newId = row.id as string;
    await writeLinks(tx, w, newId, links, [...new Set([...form.documents, ...parts.documentUrls])]);
    await refreshVisibility(tx, w.def, { ids: [newId] });
    return newId;
  });
  const [created] = await loadRows(ctx.db, w.def, [id]);
  return created;
}

/** The form fields of an edit: the stored record's, overlaid with what the owner sent. */
type EditForm = Record<string, unknown> & {
  title: string;
  slug?: string;
  circles: string[];
  blocks: string[];
  documents: string[];
  deleteDocuments: string[];
};

/** What an edit will write, worked out (and its files stored) before the transaction. */
interface PreparedEdit {
  form: EditForm;
  links: ResolvedLinks;
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
async function prepareEdit(
  ctx: WriteContext,
  w: ContentWriter<z.ZodType>,
  current: LoadedRow,
  input: FormInput,
  userId: string,
): Promise<PreparedEdit> {
  const given = input.fields;
  const form = validate(w, { ...w.formOf(current), ...given }) as EditForm;
  const links = await resolveLinks(ctx.db, w, w.parentRefs(form), form.circles, form.blocks);
  const { field, deleteFlag } = w.def.spec.image;
  const storedImage = current.row[field] as string | null;
  const sentImage = field in given ? ((form[field] as string | undefined) ?? null) : storedImage;
  if (sentImage && sentImage !== storedImage) await assertOurUploads(ctx.db, field, [sentImage]);
  const added = 'documents' in given ? form.documents.filter((d) => !current.documents.includes(d)) : [];
  await assertOurUploads(ctx.db, 'documents', added);
  const parts = await storeParts(ctx, w, input.files, userId);

  const image = parts.image ?? (form[deleteFlag] ? null : sentImage);
  const remove = new Set(form.deleteDocuments);
  const docs = [...new Set([...current.documents, ...added, ...parts.documentUrls])].filter((d) => !remove.has(d));
  const dropped = [
    ...current.documents.filter((d) => !docs.includes(d)),
    ...(storedImage && storedImage !== image ? [storedImage] : []),
  ];
  return { form, links, image, docs, stored: parts.stored, dropped };
}

/** Writes the edited values, image, slug and links; status and review marks are `markForReview`'s. */
async function saveEdit(
  tx: DbOrTx,
  ctx: WriteContext,
  w: ContentWriter<z.ZodType>,
  current: LoadedRow,
  e: PreparedEdit,
) {
  const t = w.def.table;
  const id = current.row.id;
  await tx
    .update(asTable(t))
    .set({
      ...w.values(e.form, e.links, ctx.richText),
      [w.def.spec.image.field]: e.image,
      slug:
        e.form.slug && e.form.slug !== current.row.slug
          ? await slugFor(tx, w, e.form.slug, e.form.title, id)
          : current.row.slug,
      updatedAt: new Date(),
    } as never)
    .where(eq(t.id, id));
  await writeLinks(tx, w, id, e.links, e.docs);
}

/**
 * An owner's edit of a reviewed record goes back to the moderation queue as "edited since approval" (and to pending
 * when edits are reviewed), measured against the values an admin last saw (taken now for a record approved before
 * they were kept). A save that leaves the record as approved is not an edit, and an admin's edit is never one.
 */
async function markForReview(
  tx: DbOrTx,
  ctx: WriteContext,
  w: ContentWriter<z.ZodType>,
  current: LoadedRow,
  account: TAccount,
) {
  const reviewed = current.row.status !== 'pending' || current.row.editedAt !== null;
  if (account.role === 'admin' || !reviewed) return;
  const approvedValues = (current.row.approvedValues ?? reviewValues(w, current)) as Record<string, unknown>;
  const [after] = await loadRows(tx, w.def, [current.row.id]);
  if (!diff(approvedValues, reviewValues(w, after)).length) return;
  const status = current.row.status === 'active' && ctx.reviewEdits ? 'pending' : current.row.status;
  await tx
    .update(asTable(w.def.table))
    .set({ status, editedAt: new Date(), approvedValues } as never)
    .where(eq(w.def.table.id, current.row.id));
}

/** An owner's (or an admin's) edit of a record: prepare, save, mark for review, refresh visibility, release files. */
export async function updateContent(
  ctx: WriteContext,
  w: ContentWriter<z.ZodType>,
  account: TAccount,
  id: string,
  input: FormInput,
) {
  const current = await getOwnRecord(ctx.db, w, account, id);
  const edit = await prepareEdit(ctx, w, current, input, account.id);
  await atomically(ctx, edit.stored, async (tx) => {
    await saveEdit(tx, ctx, w, current, edit);
    await markForReview(tx, ctx, w, current, account);
    await refreshVisibility(tx, w.def, { ids: [id] });
  });
  await releaseFiles(ctx, edit.dropped);
  const [updated] = await loadRows(ctx.db, w.def, [id]);
  return updated;
}

export async function deleteContent(ctx: WriteContext, w: ContentWriter<z.ZodType>, account: TAccount, id: string) {
  const current = await getOwnRecord(ctx.db, w, account, id);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(documents).where(and(eq(documents.ownerKind, w.def.spec.name), eq(documents.ownerId, id)));
    // Join rows go with the record (ON DELETE CASCADE).
    await tx.delete(asTable(w.def.table)).where(eq(w.def.table.id, id));
  });
  const image = (current.row as Record<string, unknown>)[w.def.spec.image.field] as string | null;
  await releaseFiles(ctx, [...current.documents, ...(image ? [image] : [])]);
}

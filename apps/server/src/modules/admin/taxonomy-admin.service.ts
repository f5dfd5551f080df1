import {
  ADMIN_TAXON_KINDS,
  API_ERRORS,
  type TAdminBlock,
  type TAdminCircle,
  type TAdminTaxon,
  type TAdminTaxonKind,
  TAXONOMY_LIST,
  type ZBlockForm,
  type ZCircleForm,
  type ZTaxonForm,
} from '@chaupal/contract';
import { asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { idOrSlug, ilikeContains, isUuid } from '../../db/lookup';
import type { PageRequest } from '../../db/paging';
import { pageWithTotal } from '../../db/paging';
import { blockCircles, blocks, circles } from '../../db/schema';
import { AppError, invalidFields, notFound } from '../../platform/errors';
import type { RichText } from '../../platform/sanitize';
import { uniqueSlug } from '../../platform/slug';
import type { ContentKind, PublicChanges } from '../content';
import { KIND_LIST } from '../kinds';
import { TAXON_TABLES } from '../taxonomy';
import { assertOurUploads } from '../uploads';
import { recordAudit } from './audit.service';

export type TPlaceKind = 'circles' | 'blocks';
export type TAdminTaxonomyKind = TPlaceKind | TAdminTaxonKind;

/**
 * What refers to each kind of taxonomy row: a delete of a row still referred to is refused with the count. Every
 * `onDelete: 'restrict'` reference to these tables must be here (or mirror one that is): taxonomy-uses.test.ts holds
 * the two together, or a delete in use would reach the database's refusal as a 500.
 */
type Use = { table: PgTable; column: AnyPgColumn };

/** Where the records of the kinds filed under a taxonomy name their parent: a join table, or a column of their own. */
const parentUses = (taxon: TAdminTaxonKind): Use[] =>
  KIND_LIST.filter((k) => k.spec.parent.taxon === taxon).map((k: ContentKind) =>
    k.parent.many
      ? { table: k.parent.join, column: k.parent.join.taxonId }
      : { table: k.table, column: k.parent.column },
  );

export const USES: Record<TAdminTaxonomyKind, Use[]> = {
  circles: [
    ...KIND_LIST.map((k) => ({ table: k.circles, column: k.circles.taxonId })),
    { table: blockCircles, column: blockCircles.circleId },
  ],
  blocks: KIND_LIST.map((k) => ({ table: k.blocks, column: k.blocks.taxonId })),
  ...(Object.fromEntries(ADMIN_TAXON_KINDS.map((taxon) => [taxon, parentUses(taxon)])) as Record<
    TAdminTaxonKind,
    Use[]
  >),
};

export const tableOf = (kind: TAdminTaxonomyKind) =>
  kind === 'circles' ? circles : kind === 'blocks' ? blocks : TAXON_TABLES[kind];

/** How many rows refer to `idColumn`'s row, as one SQL expression (correlated, for lists). */
const usedSql = (kind: TAdminTaxonomyKind, idColumn: AnyPgColumn) =>
  sql<number>`(${sql.join(
    USES[kind].map((u) => sql`(select count(*) from ${u.table} where ${u.column} = ${idColumn})`),
    sql` + `,
  )})::int`;

export async function usageOf(db: DbOrTx, kind: TAdminTaxonomyKind, id: string): Promise<number> {
  let total = 0;
  for (const u of USES[kind]) {
    const [{ n }] = await db.select({ n: count() }).from(u.table).where(eq(u.column, id));
    total += n;
  }
  return total;
}

export interface AdminActor {
  id: string;
}

export interface TaxonomyContext {
  db: DbOrTx;
  actor: AdminActor;
  /** Files the write stopped using, to be collected after it commits. */
  released: string[];
  /** The site's rich-text sanitizer. */
  richText: RichText;
  /** What the write changed that the public sees (the public-write step it runs in). */
  changes: PublicChanges;
}

const conflictSlug = () =>
  new AppError('CONFLICT', API_ERRORS.conflict, [{ parameter: 'slug', errors: ['That slug is taken'] }]);

async function chooseSlug(
  db: DbOrTx,
  table: typeof circles | typeof blocks | (typeof TAXON_TABLES)[TAdminTaxonKind],
  wanted: string | undefined,
  base: string,
  exceptId?: string,
) {
  if (!wanted) return uniqueSlug(db, table, base, exceptId);
  const [taken] = await db.select({ id: table.id }).from(table).where(eq(table.slug, wanted)).limit(1);
  if (taken && taken.id !== exceptId) throw conflictSlug();
  return wanted;
}

async function findRow(db: DbOrTx, kind: TAdminTaxonomyKind, ref: string) {
  const t = tableOf(kind);
  const [row] = await db.select({ id: t.id }).from(t).where(idOrSlug(t, ref)).limit(1);
  if (!row) throw notFound();
  return row.id;
}

// ── Circles and localities ──────────────────────────────────────────────────────────────────────

export async function listPlaces(
  db: DbOrTx,
  kind: TPlaceKind,
  f: { q?: string; status?: 'active' | 'hold' },
  page: PageRequest,
): Promise<{ rows: (TAdminCircle | TAdminBlock)[]; total: number }> {
  const t = tableOf(kind) as typeof circles;
  const where: SQL[] = [];
  if (f.q) where.push(ilikeContains(t.name, f.q));
  if (f.status) where.push(eq(t.status, f.status));
  const { rows, total } = await pageWithTotal(db, t, where, page, (condition, window) =>
    db
      .select({ row: t, used: usedSql(kind, t.id) })
      .from(t)
      .where(condition)
      .orderBy(asc(t.position), asc(t.name), asc(t.id))
      .limit(window.limit)
      .offset(window.offset),
  );
  return { total, rows: await presentPlaces(db, kind, rows) };
}

type PlaceRow = { row: typeof circles.$inferSelect; used: number };

/** Circles or localities as the console shows them; a locality with the circles it lies in. */
async function presentPlaces(db: DbOrTx, kind: TPlaceKind, rows: PlaceRow[]): Promise<(TAdminCircle | TAdminBlock)[]> {
  const links =
    kind === 'blocks' && rows.length
      ? await db
          .select({ blockId: blockCircles.blockId, id: circles.id, name: circles.name, slug: circles.slug })
          .from(blockCircles)
          .innerJoin(circles, eq(circles.id, blockCircles.circleId))
          .where(
            inArray(
              blockCircles.blockId,
              rows.map((r) => r.row.id),
            ),
          )
          .orderBy(asc(circles.position), asc(circles.name))
      : [];
  return rows.map(({ row, used }) => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    status: row.status,
    position: row.position,
    used,
    updatedAt: row.updatedAt.toISOString(),
    ...(kind === 'blocks'
      ? { circles: links.filter((l) => l.blockId === row.id).map(({ id, name, slug }) => ({ id, name, slug })) }
      : {}),
  }));
}

export async function getPlace(db: DbOrTx, kind: TPlaceKind, ref: string) {
  const id = await findRow(db, kind, ref);
  const t = tableOf(kind) as typeof circles;
  const rows = await db
    .select({ row: t, used: usedSql(kind, t.id) })
    .from(t)
    .where(eq(t.id, id));
  return (await presentPlaces(db, kind, rows))[0];
}

async function circleIdsOf(db: DbOrTx, refs: string[]) {
  const uuids = refs.filter(isUuid);
  const rows = await db
    .select({ id: circles.id, slug: circles.slug })
    .from(circles)
    .where(
      uuids.length
        ? sql`(${inArray(circles.id, uuids)} or ${inArray(circles.slug, refs)})`
        : inArray(circles.slug, refs),
    );
  const unknown = refs.filter((r) => !rows.some((c) => c.id === r || c.slug === r));
  if (unknown.length)
    throw invalidFields([{ parameter: 'circles', errors: [`Unknown circle: ${unknown.join(', ')}`] }]);
  return [...new Set(refs.map((r) => rows.find((c) => c.id === r || c.slug === r)!.id))];
}

type TPlaceForm = z.output<typeof ZCircleForm> & Partial<Pick<z.output<typeof ZBlockForm>, 'circles'>>;

export async function savePlace(ctx: TaxonomyContext, kind: TPlaceKind, form: TPlaceForm, ref?: string) {
  const { db } = ctx;
  const t = tableOf(kind) as typeof circles;
  const id = ref ? await findRow(db, kind, ref) : undefined;
  const before = id ? await getPlace(db, kind, id) : null;
  const circleIds = kind === 'blocks' ? await circleIdsOf(db, form.circles ?? []) : [];
  const values = {
    name: form.name,
    slug: await chooseSlug(db, t, form.slug, form.name, id),
    status: form.status,
    position: form.position,
    updatedAt: new Date(),
  };
  let savedId: string;
  if (id) {
    await db.update(t).set(values).where(eq(t.id, id));
    savedId = id;
  } else {
    const [row] = await db.insert(t).values(values).returning({ id: t.id });
    savedId = row.id;
  }
  if (kind === 'blocks') {
    await db.delete(blockCircles).where(eq(blockCircles.blockId, savedId));
    await db.insert(blockCircles).values(circleIds.map((circleId) => ({ blockId: savedId, circleId })));
  }
  const after = await getPlace(db, kind, savedId);
  await recordAudit(db, {
    actorId: ctx.actor.id,
    action: id ? 'update' : 'create',
    entity: kind,
    entityId: savedId,
    before,
    after,
  });
  return after;
}

// ── Services, categories, editions, publishing pages ────────────────────────────────────────────

type TaxonRow = typeof TAXON_TABLES.pages.$inferSelect;

function presentAdminTaxon(row: TaxonRow, used: number): TAdminTaxon {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    image: row.image,
    status: row.status,
    position: row.position,
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    metaKeywords: row.metaKeywords,
    content: row.content ?? '',
    used,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listTaxa(
  db: DbOrTx,
  kind: TAdminTaxonKind,
  f: { q?: string; status?: 'active' | 'hold' },
  page: PageRequest,
) {
  const t = TAXON_TABLES[kind];
  const where: SQL[] = [];
  if (f.q) where.push(ilikeContains(t.title, f.q));
  if (f.status) where.push(eq(t.status, f.status));
  const { rows, total } = await pageWithTotal(db, t, where, page, (condition, window) =>
    db
      .select({ row: t, used: usedSql(kind, t.id) })
      .from(t)
      .where(condition)
      .orderBy(asc(t.position), asc(t.title), asc(t.id))
      .limit(window.limit)
      .offset(window.offset),
  );
  return { total, rows: rows.map((r) => presentAdminTaxon(r.row as TaxonRow, r.used)) };
}

export async function getTaxon(db: DbOrTx, kind: TAdminTaxonKind, ref: string) {
  const id = await findRow(db, kind, ref);
  const t = TAXON_TABLES[kind];
  const [r] = await db
    .select({ row: t, used: usedSql(kind, t.id) })
    .from(t)
    .where(eq(t.id, id));
  return presentAdminTaxon(r.row as TaxonRow, r.used);
}

export async function saveTaxon(
  ctx: TaxonomyContext,
  kind: TAdminTaxonKind,
  form: z.output<typeof ZTaxonForm>,
  ref?: string,
) {
  const { db } = ctx;
  const t = TAXON_TABLES[kind];
  const id = ref ? await findRow(db, kind, ref) : undefined;
  const before = id ? await getTaxon(db, kind, id) : null;
  if (form.image && form.image !== before?.image) await assertOurUploads(db, 'image', [form.image]);
  const values = {
    title: form.title,
    slug: await chooseSlug(db, t, form.slug, form.title, id),
    description: form.description,
    image: form.image,
    status: form.status,
    position: form.position,
    metaTitle: form.metaTitle,
    metaDescription: form.metaDescription,
    metaKeywords: form.metaKeywords,
    ...(kind === 'pages' ? { content: ctx.richText(form.content) } : {}),
    updatedAt: new Date(),
  };
  let savedId: string;
  if (id) {
    await db.update(t).set(values).where(eq(t.id, id));
    savedId = id;
  } else {
    const [row] = await db.insert(t).values(values).returning({ id: t.id });
    savedId = row.id;
  }
  // Holding or releasing a parent takes its records off or back onto the public pages at once (DESIGN §5).
  if (before && before.status !== form.status) ctx.changes.parents(kind);
  if (before?.image && before.image !== form.image) ctx.released.push(before.image);
  const after = await getTaxon(db, kind, savedId);
  await recordAudit(db, {
    actorId: ctx.actor.id,
    action: id ? 'update' : 'create',
    entity: kind,
    entityId: savedId,
    before,
    after,
  });
  return after;
}

// ── Delete, for every kind ──────────────────────────────────────────────────────────────────────

/** A row of each kind in words: the places', then the registry's taxonomies'. */
export const taxonomyNouns: Record<TAdminTaxonomyKind, string> = {
  circles: 'circle',
  blocks: 'locality',
  ...(Object.fromEntries(TAXONOMY_LIST.map((t) => [t.name, t.noun])) as Record<TAdminTaxonKind, string>),
};

/** Deletes a taxonomy row nothing refers to; one still in use is refused with 409 and the count (hold it instead). */
export async function deleteTaxonomyRow(ctx: TaxonomyContext, kind: TAdminTaxonomyKind, ref: string) {
  const { db } = ctx;
  const id = await findRow(db, kind, ref);
  const used = await usageOf(db, kind, id);
  if (used > 0) {
    const what =
      kind === 'circles'
        ? used === 1
          ? 'record or locality'
          : 'records and localities'
        : used === 1
          ? 'record'
          : 'records';
    throw new AppError('CONFLICT', `This ${taxonomyNouns[kind]} is used by ${used} ${what}; hold it instead.`, [
      { parameter: 'id', errors: [`Used by ${used}`] },
    ]);
  }
  const before = kind === 'circles' || kind === 'blocks' ? await getPlace(db, kind, id) : await getTaxon(db, kind, id);
  const t = tableOf(kind);
  await db.delete(t).where(eq(t.id, id));
  if ('image' in before && before.image) ctx.released.push(before.image);
  await recordAudit(db, { actorId: ctx.actor.id, action: 'delete', entity: kind, entityId: id, before });
}

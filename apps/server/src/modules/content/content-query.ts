import { LIMITS } from '@chaupal/contract';
import { and, count, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { idOrSlug, ilikeContains } from '../../db/lookup';
import { blocks, circles, documents, users } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { resolveTaxonFilter } from '../taxonomy/taxonomy.service';
import { asTable, type ContentKind } from './content-kinds';

export interface ContentFilters {
  q?: string;
  circle?: string;
  block?: string;
  /** id or slug of the taxonomy parent (service, category, edition or publishing page). */
  parent?: string;
  /** The name of the parent's query parameter, for error details. */
  parentParameter?: string;
}

export interface PageRequest {
  page: number;
  pageSize: number;
}

/** A content row with the relations every presenter needs. */
export interface LoadedRow {
  row: Record<string, unknown> & { id: string; userId: string };
  ownerStatus: string;
  circles: { id: string; name: string; slug: string }[];
  blocks: { id: string; name: string; slug: string }[];
  documents: string[];
  parents: {
    id: string;
    title: string;
    slug: string;
    status: string;
    content?: string;
    metaTitle?: string;
    metaDescription?: string;
    metaKeywords?: string;
  }[];
}

/**
 * The WHERE of a filtered list. Returns null when a filter names a held circle, locality or parent: nothing is
 * listed under those (DESIGN §5). An unknown filter value is a 400.
 */
export async function filterConditions(db: DbOrTx, def: ContentKind, f: ContentFilters): Promise<SQL[] | null> {
  const t = def.table;
  const where: SQL[] = [];
  if (f.q) where.push(ilikeContains(t.title, f.q));
  if (f.circle) {
    const c = await resolveTaxonFilter(db, 'circles', 'circle', f.circle);
    if (c.status !== 'active') return null;
    where.push(
      sql`exists (select 1 from ${def.circles} where ${def.circles.parentId} = ${t.id} and ${def.circles.childId} = ${c.id})`,
    );
  }
  if (f.block) {
    const b = await resolveTaxonFilter(db, 'blocks', 'block', f.block);
    if (b.status !== 'active') return null;
    where.push(
      sql`exists (select 1 from ${def.blocks} where ${def.blocks.parentId} = ${t.id} and ${def.blocks.childId} = ${b.id})`,
    );
  }
  if (f.parent) {
    const p = await resolveTaxonFilter(db, def.parentKind, f.parentParameter ?? def.parentFilter, f.parent);
    if (p.status !== 'active') return null;
    const link = def.parent;
    where.push(
      link.many
        ? sql`exists (select 1 from ${link.join} where ${link.join.parentId} = ${t.id} and ${link.join.childId} = ${p.id})`
        : eq(link.column, p.id),
    );
  }
  return where;
}

/** One page of ids in the kind's order, and the total, for the given conditions. */
export async function pageOfIds(db: DbOrTx, def: ContentKind, where: SQL[], page: PageRequest) {
  const t = def.table;
  const cond = and(...where);
  const [ids, [{ total }]] = await Promise.all([
    db
      .select({ id: t.id })
      .from(asTable(t))
      .where(cond)
      .orderBy(...def.order)
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ total: count() }).from(asTable(t)).where(cond),
  ]);
  return { ids: ids.map((r) => r.id as string), total: Number(total) };
}

const jsonList = (inner: SQL) => sql`coalesce((${inner}), '[]'::json)`;

/** Loads rows by id with owner status, active circles and localities, documents and parents, keeping `ids` order. */
export async function loadRows(db: DbOrTx, def: ContentKind, ids: string[]): Promise<LoadedRow[]> {
  if (!ids.length) return [];
  const t = def.table;
  const link = def.parent;
  const named = (join: typeof def.circles, table: typeof circles | typeof blocks) =>
    jsonList(
      sql`select json_agg(json_build_object('id', x.id, 'name', x.name, 'slug', x.slug) order by x.position, x.name)
          from ${join} j join ${table} x on x.id = j.${sql.identifier(join.childId.name)}
          where j.${sql.identifier(join.parentId.name)} = ${t.id} and x.status = 'active'`,
    );
  const parentFields = sql`json_build_object('id', p.id, 'title', p.title, 'slug', p.slug, 'status', p.status,
      'metaTitle', p.meta_title, 'metaDescription', p.meta_description, 'metaKeywords', p.meta_keywords
      ${def.parentKind === 'pages' ? sql`, 'content', p.content` : sql``})`;
  const parents = link.many
    ? jsonList(
        sql`select json_agg(${parentFields} order by p.position, p.title)
            from ${link.join} j join ${link.table} p on p.id = j.${sql.identifier(link.join.childId.name)}
            where j.${sql.identifier(link.join.parentId.name)} = ${t.id}`,
      )
    : jsonList(sql`select json_agg(${parentFields}) from ${link.table} p where p.id = ${link.column}`);

  const rows = await db
    .select({
      row: t,
      ownerStatus: users.status,
      circles: named(def.circles, circles),
      blocks: named(def.blocks, blocks),
      documents: jsonList(
        sql`select json_agg(d.url order by d.position) from ${documents} d
            where d.owner_kind = ${def.kind} and d.owner_id = ${t.id}`,
      ),
      parents,
    })
    .from(asTable(t))
    .innerJoin(users, eq(users.id, t.userId))
    .where(inArray(t.id, ids));
  const byId = new Map(rows.map((r) => [(r.row as { id: string }).id, r as unknown as LoadedRow]));
  return ids.map((id) => byId.get(id)).filter((r): r is LoadedRow => r !== undefined);
}

/** A public list (DESIGN §4, §5): active records of active owners under at least one active parent. */
export async function listPublic(db: DbOrTx, def: ContentKind, f: ContentFilters, page: PageRequest) {
  const where = await filterConditions(db, def, f);
  if (!where) return { rows: [], total: 0 };
  const { ids, total } = await pageOfIds(db, def, [eq(def.table.isPublic, true), ...where], page);
  return { rows: await loadRows(db, def, ids), total };
}

/** A public record by slug or id, and up to six public records sharing a parent with it (never itself). */
export async function getPublicWithRelated(db: DbOrTx, def: ContentKind, ref: string) {
  const t = def.table;
  const [hit] = await db
    .select({ id: t.id })
    .from(asTable(t))
    .where(and(idOrSlug(t, ref), eq(t.isPublic, true)))
    .limit(1);
  if (!hit) throw notFound();
  const [loaded] = await loadRows(db, def, [hit.id as string]);
  if (!loaded) throw notFound();
  const parentIds = loaded.parents.filter((p) => p.status === 'active').map((p) => p.id);
  let relatedIds: string[] = [];
  if (parentIds.length) {
    const link = def.parent;
    const sameParent = link.many
      ? sql`exists (select 1 from ${link.join} where ${link.join.parentId} = ${t.id} and ${inArray(link.join.childId, parentIds)})`
      : inArray(link.column, parentIds);
    const related = await db
      .select({ id: t.id })
      .from(asTable(t))
      .where(and(eq(t.isPublic, true), ne(t.id, hit.id as string), sameParent))
      .orderBy(...def.order)
      .limit(LIMITS.relatedMax);
    relatedIds = related.map((r) => r.id as string);
  }
  return { record: loaded, related: await loadRows(db, def, relatedIds) };
}

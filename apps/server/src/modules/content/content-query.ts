import { PLACE_LIMITS, RATING_AVERAGE_MIN, type TDirectorySort } from '@chaupal/contract';
import { and, count, desc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ilikeContains } from '../../db/lookup';
import type { PageRequest } from '../../db/paging';
import { preparedOnce } from '../../db/prepared';
import { blocks, circles, documents, users } from '../../db/schema';
import { resolveTaxonFilter } from '../taxonomy';
import type { ContentKind, ContentRow, LinkTable, ListingTable, LoadedRow } from './content-kind';

export interface ContentFilters {
  q?: string;
  circle?: string;
  block?: string;
  /** id or slug of the taxonomy parent (service, category, edition or publishing page). */
  parent?: string;
  /** The name of the parent's query parameter, for error details. */
  parentParameter?: string;
  /** `sort=`; absent: the kind's own order. `near` (kinds with a pin) needs `near`; `rating`, a kind with ratings. */
  sort?: TDirectorySort;
  /** "4 ★ and up": records of a kind with ratings whose shown average is at least this. */
  minRating?: number;
  /** The point of `sort=near`. */
  near?: { lat: number; lng: number };
  /** The whole list query and the site's zone, for a kind that pages its public list itself (`ContentKind.publicPage`). */
  query?: { [parameter: string]: unknown };
  siteTz?: string;
}

/** Filter values resolved to ids. */
export interface ResolvedFilters {
  q?: string;
  circleId?: string;
  blockId?: string;
  parentId?: string;
  minRating?: number;
}

/**
 * Resolves each filter (id or slug) to its id, in parallel. An unknown value is a 400 naming the parameter; a held
 * circle, locality or parent gives null: nothing is listed under those (DESIGN §5).
 */
export async function resolveFilters(
  db: DbOrTx,
  def: ContentKind,
  f: ContentFilters,
  opts: { includeHeld?: boolean } = {},
): Promise<ResolvedFilters | null> {
  const [circle, block, parent] = await Promise.all([
    f.circle ? resolveTaxonFilter(db, 'circles', 'circle', f.circle) : undefined,
    f.block ? resolveTaxonFilter(db, 'blocks', 'block', f.block) : undefined,
    f.parent
      ? resolveTaxonFilter(db, def.spec.parent.taxon, f.parentParameter ?? def.spec.parent.parameter, f.parent)
      : undefined,
  ]);
  if (!opts.includeHeld && [circle, block, parent].some((r) => r && r.status !== 'active')) return null;
  return { q: f.q, circleId: circle?.id, blockId: block?.id, parentId: parent?.id, minRating: f.minRating };
}

/** Conditions on the content table itself. */
export function tableConditions(def: ContentKind, r: ResolvedFilters): SQL[] {
  const t = def.table;
  const where: SQL[] = [];
  if (r.q) where.push(ilikeContains(t.title, r.q));
  if (r.circleId) {
    where.push(
      sql`exists (select 1 from ${def.circles} where ${def.circles.recordId} = ${t.id} and ${def.circles.taxonId} = ${r.circleId})`,
    );
  }
  if (r.blockId) {
    where.push(
      sql`exists (select 1 from ${def.blocks} where ${def.blocks.recordId} = ${t.id} and ${def.blocks.taxonId} = ${r.blockId})`,
    );
  }
  if (r.parentId) {
    const link = def.parent;
    where.push(
      link.many
        ? sql`exists (select 1 from ${link.join} where ${link.join.recordId} = ${t.id} and ${link.join.taxonId} = ${r.parentId})`
        : eq(link.column, r.parentId),
    );
  }
  if (r.minRating !== undefined && def.rating) {
    const { count } = def.rating;
    where.push(sql`${count} >= ${RATING_AVERAGE_MIN} and ${shownAverage(def.rating)} >= ${r.minRating}::numeric`);
  }
  return where;
}

/** A listing's average as its card shows it (to one decimal, `averageOf`), null without ratings. */
const shownAverage = (rating: NonNullable<ContentKind['rating']>) =>
  sql`round(${rating.sum}::numeric / nullif(${rating.count}, 0), 1)`;

/**
 * `sort=rating`: the highest shown average first among records with at least RATING_AVERAGE_MIN ratings (fewer show
 * no average), then the most ratings, then the kind's own order.
 */
const ratingOrder = (def: ContentKind, rating: NonNullable<ContentKind['rating']>) => [
  sql`case when ${rating.count} >= ${RATING_AVERAGE_MIN} then ${shownAverage(rating)} end desc nulls last`,
  desc(rating.count),
  ...def.order,
];

/** One page of ids in the kind's order (or `order`), and the total, for the given conditions on the content table. */
export async function pageOfIds(db: DbOrTx, def: ContentKind, where: SQL[], page: PageRequest, order = def.order) {
  const t = def.table;
  const cond = and(...where);
  const [ids, [{ total }]] = await Promise.all([
    db
      .select({ id: t.id })
      .from(t)
      .where(cond)
      .orderBy(...order)
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ total: count() }).from(t).where(cond),
  ]);
  return { ids: ids.map((r) => String(r.id)), total: Number(total) };
}

/**
 * A public page filtered by circle, read from the kind's circle listing: one index range holds the circle's public
 * records of a parent in list order (docs/decisions/002-circle-listings.md).
 */
async function publicPageFromListing(
  db: DbOrTx,
  def: ContentKind,
  L: ListingTable,
  r: ResolvedFilters & { circleId: string },
  page: PageRequest,
) {
  const t = def.table;
  const where: SQL[] = [eq(L.isPublic, true), eq(L.taxonId, r.circleId)];
  if (r.parentId) where.push(eq(L.parentId, r.parentId));
  if (r.blockId) {
    where.push(
      sql`exists (select 1 from ${def.blocks} where ${def.blocks.recordId} = ${L.recordId} and ${def.blocks.taxonId} = ${r.blockId})`,
    );
  }
  if (r.q)
    where.push(sql`exists (select 1 from ${t} where ${t.id} = ${L.recordId} and ${ilikeContains(t.title, r.q)})`);
  const cond = and(...where);
  const [ids, [{ total }]] = await Promise.all([
    db
      .select({ id: L.recordId })
      .from(L)
      .where(cond)
      .orderBy(desc(L.sortAt), desc(L.recordId))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ total: count() }).from(L).where(cond),
  ]);
  return { ids: ids.map((row) => String(row.id)), total: Number(total) };
}

const jsonList = (inner: SQL) => sql`coalesce((${inner}), '[]'::json)`;

/**
 * Content rows matching `where` with owner status, active circles and localities, documents and parents, in one
 * statement; `order` and `limit` apply to the rows themselves.
 */
function loadedQuery<Row extends ContentRow>(
  db: DbOrTx,
  def: ContentKind<Row>,
  where: SQL | undefined,
  opts: { order?: SQL[]; limit?: number } = {},
) {
  const t = def.table;
  const link = def.parent;
  const named = (join: LinkTable, table: typeof circles | typeof blocks) =>
    jsonList(
      sql`select json_agg(json_build_object('id', x.id, 'name', x.name, 'slug', x.slug) order by x.position, x.name)
          from ${join} j join ${table} x on x.id = j.${sql.identifier(join.taxonId.name)}
          where j.${sql.identifier(join.recordId.name)} = ${t.id} and x.status = 'active'`,
    );
  const parentFields = sql`json_build_object('id', p.id, 'title', p.title, 'slug', p.slug, 'status', p.status,
      'metaTitle', p.meta_title, 'metaDescription', p.meta_description, 'metaKeywords', p.meta_keywords
      ${def.spec.parent.taxon === 'pages' ? sql`, 'content', p.content` : sql``})`;
  const parents = link.many
    ? jsonList(
        sql`select json_agg(${parentFields} order by p.position, p.title)
            from ${link.join} j join ${link.table} p on p.id = j.${sql.identifier(link.join.taxonId.name)}
            where j.${sql.identifier(link.join.recordId.name)} = ${t.id}`,
      )
    : jsonList(sql`select json_agg(${parentFields}) from ${link.table} p where p.id = ${link.column}`);

  // Every column but the search vectors, which only the database reads.
  const { searchVector: _searchVector, titleVector: _titleVector, ...rowColumns } = getTableColumns(t);
  const query = db
    .select({
      row: rowColumns,
      image: sql<string | null>`${def.image}`,
      ownerStatus: users.status,
      ownerPhone: sql<string | null>`case when ${users.phoneVerified} then ${users.phone} end`,
      circles: named(def.circles, circles),
      blocks: named(def.blocks, blocks),
      documents: jsonList(
        sql`select json_agg(d.url order by d.position) from ${documents} d
            where d.owner_kind = ${def.spec.name} and d.owner_id = ${t.id}`,
      ),
      parents,
    })
    .from(t)
    .innerJoin(users, eq(users.id, t.userId))
    .where(where)
    .orderBy(...(opts.order ?? []))
    .$dynamic();
  return opts.limit === undefined ? query : query.limit(opts.limit);
}

/** The values of a prepared statement's placeholders. */
type PlaceholderValues = { [placeholder: string]: string | string[] };

/**
 * `loadedQuery`, prepared once for this database handle and kind (db/prepared.ts): `key` names the shape of `where`,
 * whose values are placeholders.
 */
export const preparedLoaded = <Row extends ContentRow>(
  db: DbOrTx,
  def: ContentKind<Row>,
  key: string,
  where: () => SQL | undefined,
  opts?: { order?: SQL[]; limit?: number },
) => {
  const name = `${def.spec.name}_loaded_${key}`;
  const query = preparedOnce(db, name, () => loadedQuery(db, def, where(), opts).prepare(name));
  // The driver's rows, typed as the kind's: the one place a row meets its type.
  return async (values: PlaceholderValues) => (await query.execute(values)) as LoadedRow<Row>[];
};

/** Loads rows by id with owner status, active circles and localities, documents and parents, keeping `ids` order. */
export async function loadRows<Row extends ContentRow>(
  db: DbOrTx,
  def: ContentKind<Row>,
  ids: string[],
): Promise<LoadedRow<Row>[]> {
  if (!ids.length) return [];
  // One statement whatever the number of ids: `= any` of an array, not `in` with a parameter each.
  const rows = await preparedLoaded(
    db,
    def,
    'by_ids',
    () => sql`${def.table.id} = any(${sql.placeholder('ids')})`,
  )({
    ids,
  });
  const byId = new Map(rows.map((r) => [r.row.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is LoadedRow<Row> => r !== undefined);
}

function orderOf(def: ContentKind, f: ContentFilters): SQL[] {
  if (f.sort === 'rating') return def.rating ? ratingOrder(def, def.rating) : def.order;
  return f.sort && f.sort !== 'near' ? def.sorts[f.sort] : def.order;
}

const KM_PER_DEGREE = 111.32;
const EARTH_RADIUS_KM = 6371.0088;

/**
 * "Near me": public records with a pin within PLACE_LIMITS.nearRadiusKm of the point, nearest first. The
 * bounding box around the point is a latitude range on the `…_public_pin_idx` index (longitude checked from it);
 * the great-circle distance (haversine) is computed only for the rows inside it. No PostGIS: plain SQL arithmetic,
 * the same on PGlite and PostgreSQL.
 */
async function nearPage(
  db: DbOrTx,
  def: ContentKind,
  pin: NonNullable<ContentKind['pin']>,
  where: SQL[],
  at: { lat: number; lng: number },
  page: PageRequest,
) {
  const t = { ...pin, id: def.table.id };
  const radius = PLACE_LIMITS.nearRadiusKm;
  const dLat = radius / KM_PER_DEGREE;
  const cos = Math.cos((at.lat * Math.PI) / 180);
  const dLng = cos > 1e-6 ? Math.min(180, radius / (KM_PER_DEGREE * cos)) : 180;
  // Parameters typed as float8: an untyped one beside an integer would be read as an integer.
  const f8 = (n: number) => sql`${n}::float8`;
  const distance = sql<number>`(${f8(EARTH_RADIUS_KM)} * 2 * asin(least(1, sqrt(
      power(sin(radians(${t.latitude} - ${f8(at.lat)}) / 2), 2)
      + cos(radians(${f8(at.lat)})) * cos(radians(${t.latitude}))
        * power(sin(radians(${t.longitude} - ${f8(at.lng)}) / 2), 2)))))`;
  const cond = and(
    ...where,
    sql`${t.latitude} is not null`,
    sql`${t.latitude} between ${f8(at.lat - dLat)} and ${f8(at.lat + dLat)}`,
    sql`${t.longitude} between ${f8(at.lng - dLng)} and ${f8(at.lng + dLng)}`,
    sql`${distance} <= ${f8(radius)}`,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ id: t.id, distance })
      .from(def.table)
      .where(cond)
      .orderBy(distance, t.id)
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ total: count() }).from(def.table).where(cond),
  ]);
  return { ids: rows.map((r) => String(r.id)), distances: rows.map((r) => Number(r.distance)), total: Number(total) };
}

/** A public list (DESIGN §4, §5): active records of active owners under at least one active parent. */
export async function listPublic<Row extends ContentRow>(
  db: DbOrTx,
  def: ContentKind<Row>,
  f: ContentFilters,
  page: PageRequest,
): Promise<{ rows: LoadedRow<Row>[]; total: number }> {
  const r = await resolveFilters(db, def, f);
  if (!r) return { rows: [], total: 0 };
  if (f.sort === 'near' && f.near && def.pin) {
    const where = [eq(def.table.isPublic, true), ...tableConditions(def, r)];
    const near = await nearPage(db, def, def.pin, where, f.near, page);
    const rows = await loadRows(db, def, near.ids);
    for (const l of rows) l.distanceKm = near.distances[near.ids.indexOf(l.row.id)];
    return { rows, total: near.total };
  }
  if (def.publicPage) {
    const where = [eq(def.table.isPublic, true), ...tableConditions(def, r)];
    const { ids, total } = await def.publicPage(db, where, f.query ?? {}, page, { siteTz: f.siteTz ?? 'UTC' });
    return { rows: await loadRows(db, def, ids), total };
  }
  // A circle listing holds the kind's own order (newest first) only, and no ratings.
  const inListingOrder = (!f.sort || f.sort === 'newest') && r.minRating === undefined;
  const { ids, total } =
    def.listing && r.circleId && inListingOrder
      ? await publicPageFromListing(db, def, def.listing, { ...r, circleId: r.circleId }, page)
      : await pageOfIds(db, def, [eq(def.table.isPublic, true), ...tableConditions(def, r)], page, orderOf(def, f));
  return { rows: await loadRows(db, def, ids), total };
}

/** A contributor's own records in every status, with the public lists' filters (DESIGN §4 `…/user` lists). */
export async function listOwn<Row extends ContentRow>(
  db: DbOrTx,
  def: ContentKind<Row>,
  userId: string,
  f: ContentFilters,
  page: PageRequest,
) {
  const r = (await resolveFilters(db, def, f, { includeHeld: true })) ?? {};
  const where = [eq(def.table.userId, userId), ...tableConditions(def, r)];
  const { ids, total } = await pageOfIds(db, def, where, page, orderOf(def, f));
  return { rows: await loadRows(db, def, ids), total };
}

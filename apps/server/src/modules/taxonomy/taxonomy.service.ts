import { LIMITS, TAXONOMIES, type TPublishingPage, type TTaxon, type TTaxonKind } from '@chaupal/contract';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { idOrSlug, ilikeContains } from '../../db/lookup';
import { blockCircles, blocks, circles, type pages, TAXON_TABLES } from '../../db/schema';
import { badParameter, notFound } from '../../platform/errors';
import { presentBlock, presentCircle, presentPage, presentTaxon } from './taxonomy.presenter';

export { TAXON_TABLES, type TTaxonKind };

/** Active services, categories, editions or publishing pages, in their set order, whole (DESIGN §4). */
export async function listActiveTaxa(db: DbOrTx, kind: 'pages', q?: string): Promise<TPublishingPage[]>;
export async function listActiveTaxa(db: DbOrTx, kind: TTaxonKind, q?: string): Promise<TTaxon[]>;
export async function listActiveTaxa(db: DbOrTx, kind: TTaxonKind, q?: string): Promise<TTaxon[]> {
  const t = TAXON_TABLES[kind];
  const where: SQL[] = [eq(t.status, 'active')];
  if (q) where.push(ilikeContains(t.title, q));
  const rows = await db
    .select()
    .from(t)
    .where(and(...where))
    .orderBy(asc(t.position), asc(t.title))
    .limit(LIMITS.taxonomyMax);
  return kind === 'pages' ? rows.map((r) => presentPage(r as typeof pages.$inferSelect)) : rows.map(presentTaxon);
}

export async function getActiveTaxon(db: DbOrTx, kind: TTaxonKind, ref: string) {
  const t = TAXON_TABLES[kind];
  const [row] = await db
    .select()
    .from(t)
    .where(and(idOrSlug(t, ref), eq(t.status, 'active')))
    .limit(1);
  if (!row) throw notFound();
  return kind === 'pages' ? presentPage(row as typeof pages.$inferSelect) : presentTaxon(row);
}

/**
 * Resolves a filter value (id or slug) to the row's id and status; an unknown value is a 400 naming the parameter
 * (DESIGN §4: "An unknown filter id → 400").
 */
export async function resolveTaxonFilter(
  db: DbOrTx,
  kind: TTaxonKind | 'circles' | 'blocks',
  parameter: string,
  ref: string,
) {
  const t = kind === 'circles' ? circles : kind === 'blocks' ? blocks : TAXON_TABLES[kind];
  const [row] = await db.select({ id: t.id, status: t.status }).from(t).where(idOrSlug(t, ref)).limit(1);
  if (!row)
    throw badParameter(
      parameter,
      `Unknown ${kind === 'circles' ? 'circle' : kind === 'blocks' ? 'locality' : TAXONOMIES[kind].noun}`,
    );
  return row;
}

export async function listActiveCircles(db: DbOrTx, q?: string) {
  const where: SQL[] = [eq(circles.status, 'active')];
  if (q) where.push(ilikeContains(circles.name, q));
  const rows = await db
    .select()
    .from(circles)
    .where(and(...where))
    .orderBy(asc(circles.position), asc(circles.name))
    .limit(LIMITS.taxonomyMax);
  return rows.map(presentCircle);
}

/** Active localities, of any of the given circles when some are named; each lists its active circles. */
export async function listActiveBlocks(db: DbOrTx, opts: { q?: string; circles: string[] }) {
  const circleIds: string[] = [];
  for (const ref of opts.circles) circleIds.push((await resolveTaxonFilter(db, 'circles', 'circles', ref)).id);

  const where: SQL[] = [eq(blocks.status, 'active')];
  if (opts.q) where.push(ilikeContains(blocks.name, opts.q));
  if (opts.circles.length) {
    const inCircles = db
      .select({ id: blockCircles.blockId })
      .from(blockCircles)
      .innerJoin(circles, eq(circles.id, blockCircles.circleId))
      .where(and(inArray(blockCircles.circleId, circleIds), eq(circles.status, 'active')));
    where.push(inArray(blocks.id, inCircles));
  }
  const rows = await db
    .select()
    .from(blocks)
    .where(and(...where))
    .orderBy(asc(blocks.position), asc(blocks.name))
    .limit(LIMITS.taxonomyMax);
  if (!rows.length) return [];
  const links = await db
    .select({ blockId: blockCircles.blockId, id: circles.id, name: circles.name, slug: circles.slug })
    .from(blockCircles)
    .innerJoin(circles, eq(circles.id, blockCircles.circleId))
    .where(
      and(
        inArray(
          blockCircles.blockId,
          rows.map((r) => r.id),
        ),
        eq(circles.status, 'active'),
      ),
    )
    .orderBy(asc(circles.position), asc(circles.name));
  return rows.map((r) =>
    presentBlock(
      r,
      links.filter((l) => l.blockId === r.id).map(({ id, name, slug }) => ({ id, name, slug })),
    ),
  );
}

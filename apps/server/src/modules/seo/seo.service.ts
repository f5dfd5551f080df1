import { CONTENT_KINDS, PUBLIC_POLICY_TYPES, TAXONOMIES, type TContentPlural } from '@chaupal/contract';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { editions, news, policies } from '../../db/schema';
import type { RssItem, SitemapUrl } from '../../platform/xml';
import type { ContentTable } from '../content';
import { readSettings } from '../home';
import { KIND_LIST } from '../kinds';

/** The sitemap protocol allows 50,000; smaller files keep each query and response quick. */
export const URLS_PER_SITEMAP = 10_000;
export const RSS_ITEMS = 50;

/** Each content kind's sitemap files (named by its plural) and the public path of one record (the registry's). */
export const SITEMAP_KINDS = Object.fromEntries(
  KIND_LIST.map((d) => [d.spec.plural, { table: d.table, path: d.spec.detailPath }]),
) as Record<TContentPlural, { table: ContentTable; path: string }>;
export type TSitemapKind = TContentPlural;
export const SITEMAP_KIND_NAMES = Object.keys(SITEMAP_KINDS) as TSitemapKind[];

export const robotsTxt = (publicUrl: string) =>
  [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /user-',
    'Disallow: /admin',
    'Disallow: /dev/',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');

/** How many public records of each kind, in one query (each count reads a partial `is_public` index). */
export async function countPublic(db: DbOrTx): Promise<Record<TSitemapKind, number>> {
  const counts = SITEMAP_KIND_NAMES.map(
    (k) =>
      sql`(select count(*) from ${SITEMAP_KINDS[k].table} where ${SITEMAP_KINDS[k].table.isPublic})::int as ${sql.identifier(k)}`,
  );
  const [row] = await rowsOf<Record<TSitemapKind, number | string>>(db, sql`select ${sql.join(counts, sql`, `)}`);
  return Object.fromEntries(SITEMAP_KIND_NAMES.map((k) => [k, Number(row[k])])) as Record<TSitemapKind, number>;
}

/** The sitemap file paths for these counts: pages.xml, then `{kind}-{n}.xml` (at least one file per kind). */
export function sitemapFiles(counts: Record<TSitemapKind, number>): string[] {
  const files = ['/sitemaps/pages.xml'];
  for (const k of SITEMAP_KIND_NAMES) {
    const n = Math.max(1, Math.ceil(counts[k] / URLS_PER_SITEMAP));
    for (let i = 1; i <= n; i++) files.push(`/sitemaps/${k}-${i}.xml`);
  }
  return files;
}

/** One sitemap file of a kind's public records, in id order; only slug and updatedAt are read. */
export async function kindUrls(db: DbOrTx, publicUrl: string, kind: TSitemapKind, page: number) {
  const { table, path } = SITEMAP_KINDS[kind];
  const rows = await db
    .select({ slug: table.slug, updatedAt: table.updatedAt })
    .from(table)
    .where(eq(table.isPublic, true))
    .orderBy(asc(table.id))
    .limit(URLS_PER_SITEMAP)
    .offset((page - 1) * URLS_PER_SITEMAP);
  return rows.map(
    (r): SitemapUrl => ({ loc: `${publicUrl}${path}${encodeURIComponent(r.slug)}`, lastmod: r.updatedAt }),
  );
}

/**
 * The taxonomy each kind hangs off, in the registry's order: its index page (`/services`, the web app's route of the
 * same name) and one taxon's public list (`/service/…`, the registry's `parent.listPath`).
 */
const TAXA = KIND_LIST.map((d) => ({
  table: d.parent.table,
  index: TAXONOMIES[d.spec.parent.taxon].indexPath,
  path: d.spec.parent.listPath,
}));

const latest = (dates: Date[]) => (dates.length ? new Date(Math.max(...dates.map((d) => d.getTime()))) : null);

/** pages.xml: home, the taxonomy indexes, every active taxon's list, and the public policies. */
export async function pageUrls(db: DbOrTx, publicUrl: string): Promise<SitemapUrl[]> {
  const [taxa, policyRows] = await Promise.all([
    Promise.all(
      TAXA.map(({ table }) =>
        db
          .select({ slug: table.slug, updatedAt: table.updatedAt })
          .from(table)
          .where(eq(table.status, 'active'))
          .orderBy(asc(table.position), asc(table.id)),
      ),
    ),
    db
      .select({ id: policies.id, updatedAt: policies.updatedAt })
      .from(policies)
      .where(and(eq(policies.status, 'active'), inArray(policies.type, [...PUBLIC_POLICY_TYPES])))
      .orderBy(asc(policies.type), asc(policies.position), asc(policies.id)),
  ]);
  const urls: SitemapUrl[] = [];
  TAXA.forEach(({ index, path }, i) => {
    if (index) urls.push({ loc: `${publicUrl}${index}`, lastmod: latest(taxa[i].map((r) => r.updatedAt)) });
    for (const r of taxa[i])
      urls.push({ loc: `${publicUrl}${path}${encodeURIComponent(r.slug)}`, lastmod: r.updatedAt });
  });
  for (const p of policyRows) urls.push({ loc: `${publicUrl}/policy/${p.id}`, lastmod: p.updatedAt });
  const home = { loc: `${publicUrl}/`, lastmod: latest(urls.flatMap((u) => (u.lastmod ? [u.lastmod] : []))) };
  return [home, ...urls];
}

export async function siteName(db: DbOrTx): Promise<string> {
  return (await readSettings(db, ['site'])).site.siteName;
}

/** An active edition by slug, or undefined (unknown or held). */
export async function findActiveEdition(db: DbOrTx, slug: string) {
  const [row] = await db
    .select({ id: editions.id, slug: editions.slug, title: editions.title, description: editions.description })
    .from(editions)
    .where(and(eq(editions.slug, slug), eq(editions.status, 'active')))
    .limit(1);
  return row;
}

const absolute = (publicUrl: string, url: string) => (/^https?:\/\//i.test(url) ? url : `${publicUrl}${url}`);

/** The newest public news, of one edition or of all, newest first (reads news_public_*_time_idx). */
export async function latestNews(db: DbOrTx, publicUrl: string, editionId?: string): Promise<RssItem[]> {
  const rows = await db
    .select({
      slug: news.slug,
      title: news.title,
      description: news.description,
      publishingTime: news.publishingTime,
      image: news.image,
    })
    .from(news)
    .where(and(eq(news.isPublic, true), editionId ? eq(news.editionId, editionId) : undefined))
    .orderBy(desc(news.publishingTime), desc(news.id))
    .limit(RSS_ITEMS);
  return rows.map((r) => ({
    title: r.title,
    link: `${publicUrl}${CONTENT_KINDS.news.detailPath}${encodeURIComponent(r.slug)}`,
    description: r.description,
    pubDate: r.publishingTime,
    image: r.image ? absolute(publicUrl, r.image) : null,
  }));
}

import { randomBytes } from 'node:crypto';
import type { TContentKind } from '@chaupal/contract';
import type { DbOrTx } from '../db/client';
import {
  blockCircles,
  blocks,
  categories,
  circles,
  documents,
  editions,
  expertBlocks,
  expertCircles,
  expertServices,
  experts,
  featureBlocks,
  featureCircles,
  features,
  news,
  newsBlocks,
  newsCircles,
  outletBlocks,
  outletCategories,
  outletCircles,
  outlets,
  pages,
  policies,
  services,
  users,
} from '../db/schema';
import { EXPERT, FEATURE, NEWS, OUTLET } from '../modules/content/content-kinds';
import { refreshVisibility } from '../modules/content/visibility';
import { hashPassword } from '../platform/passwords';
import { slugFrom, uniqueSlug } from '../platform/slug';

/**
 * Factories that insert real rows (with their join rows and the visibility flag kept right). The demo seed and the
 * tests build their data with these, so both exercise the same shapes.
 */

const uniq = () => randomBytes(4).toString('hex');

type NewUser = typeof users.$inferInsert;
export async function makeUser(db: DbOrTx, o: Partial<NewUser> & { password?: string } = {}) {
  const u = uniq();
  const { password = 'Secret123', ...rest } = o;
  const [row] = await db
    .insert(users)
    .values({
      name: `User ${u}`,
      email: `user-${u}@example.test`,
      phone: `+91${String(Math.floor(6_000_000_000 + Math.random() * 3_999_999_999))}`,
      passwordHash: await hashPassword(password),
      emailVerified: true,
      phoneVerified: true,
      ...rest,
    })
    .returning();
  return row;
}

export async function makeCircle(db: DbOrTx, o: Partial<typeof circles.$inferInsert> = {}) {
  const name = o.name ?? `Circle ${uniq()}`;
  const [row] = await db
    .insert(circles)
    .values({ name, slug: o.slug ?? (await uniqueSlug(db, circles, name)), ...o })
    .returning();
  return row;
}

export async function makeBlock(db: DbOrTx, circleIds: string[], o: Partial<typeof blocks.$inferInsert> = {}) {
  const name = o.name ?? `Locality ${uniq()}`;
  const [row] = await db
    .insert(blocks)
    .values({ name, slug: o.slug ?? (await uniqueSlug(db, blocks, name)), ...o })
    .returning();
  if (circleIds.length)
    await db.insert(blockCircles).values(circleIds.map((circleId) => ({ blockId: row.id, circleId })));
  return row;
}

const TAXA = { services, categories, editions, pages } as const;
export async function makeTaxon(db: DbOrTx, kind: keyof typeof TAXA, o: Partial<typeof pages.$inferInsert> = {}) {
  const table = TAXA[kind];
  const title = o.title ?? `${kind} ${uniq()}`;
  const values = { title, slug: o.slug ?? (await uniqueSlug(db, table, title)), ...o };
  if (kind !== 'pages') delete (values as { content?: string }).content;
  const [row] = await db.insert(table).values(values).returning();
  return row as typeof pages.$inferSelect;
}

export async function makePolicy(db: DbOrTx, o: Partial<typeof policies.$inferInsert> & { type: number }) {
  const title = o.title ?? `Policy ${uniq()}`;
  const [row] = await db
    .insert(policies)
    .values({ title, slug: o.slug ?? (await uniqueSlug(db, policies, title)), content: '<p>Text.</p>', ...o })
    .returning();
  return row;
}

interface Links {
  userId: string;
  circleIds?: string[];
  blockIds?: string[];
  documents?: string[];
}

async function linkContent(
  db: DbOrTx,
  kind: TContentKind,
  id: string,
  joins: { circles: typeof expertCircles; blocks: typeof expertBlocks },
  l: Links,
) {
  if (l.circleIds?.length)
    await db.insert(joins.circles).values(l.circleIds.map((childId) => ({ parentId: id, childId })));
  if (l.blockIds?.length)
    await db.insert(joins.blocks).values(l.blockIds.map((childId) => ({ parentId: id, childId })));
  if (l.documents?.length) {
    await db
      .insert(documents)
      .values(l.documents.map((url, position) => ({ ownerKind: kind, ownerId: id, url, position })));
  }
}

const contentDefaults = (title: string) => ({
  title,
  slug: slugFrom(title),
  description: `About ${title}.`,
  status: 'active' as const,
});

export async function makeExpert(
  db: DbOrTx,
  l: Links & { serviceIds: string[] },
  o: Partial<typeof experts.$inferInsert> = {},
) {
  const title = o.title ?? `Expert ${uniq()}`;
  const [row] = await db
    .insert(experts)
    .values({
      ...contentDefaults(title),
      slug: o.slug ?? (await uniqueSlug(db, experts, title)),
      callNow: '+919876543210',
      ...o,
      userId: l.userId,
    })
    .returning();
  if (l.serviceIds.length)
    await db.insert(expertServices).values(l.serviceIds.map((childId) => ({ parentId: row.id, childId })));
  await linkContent(db, 'expert', row.id, { circles: expertCircles, blocks: expertBlocks }, l);
  await refreshVisibility(db, EXPERT, { ids: [row.id] });
  return row;
}

export async function makeOutlet(
  db: DbOrTx,
  l: Links & { categoryIds: string[] },
  o: Partial<typeof outlets.$inferInsert> = {},
) {
  const title = o.title ?? `Outlet ${uniq()}`;
  const [row] = await db
    .insert(outlets)
    .values({
      ...contentDefaults(title),
      slug: o.slug ?? (await uniqueSlug(db, outlets, title)),
      callNow: '+919876543210',
      ...o,
      userId: l.userId,
    })
    .returning();
  if (l.categoryIds.length) {
    await db.insert(outletCategories).values(l.categoryIds.map((childId) => ({ parentId: row.id, childId })));
  }
  await linkContent(db, 'outlet', row.id, { circles: outletCircles, blocks: outletBlocks }, l);
  await refreshVisibility(db, OUTLET, { ids: [row.id] });
  return row;
}

export async function makeNews(
  db: DbOrTx,
  l: Links & { editionId: string },
  o: Partial<typeof news.$inferInsert> = {},
) {
  const title = o.title ?? `News ${uniq()}`;
  const [row] = await db
    .insert(news)
    .values({
      ...contentDefaults(title),
      slug: o.slug ?? (await uniqueSlug(db, news, title)),
      content: `<p>${title}</p>`,
      reporter: 'Staff Reporter',
      location: 'Town',
      ...o,
      userId: l.userId,
      editionId: l.editionId,
    })
    .returning();
  await linkContent(db, 'news', row.id, { circles: newsCircles, blocks: newsBlocks }, l);
  await refreshVisibility(db, NEWS, { ids: [row.id] });
  return row;
}

export async function makeFeature(
  db: DbOrTx,
  l: Links & { pageId: string },
  o: Partial<typeof features.$inferInsert> = {},
) {
  const title = o.title ?? `Feature ${uniq()}`;
  const [row] = await db
    .insert(features)
    .values({
      ...contentDefaults(title),
      slug: o.slug ?? (await uniqueSlug(db, features, title)),
      content: `<p>${title}</p>`,
      author: 'Staff Writer',
      location: 'Town',
      ...o,
      userId: l.userId,
      pageId: l.pageId,
    })
    .returning();
  await linkContent(db, 'feature', row.id, { circles: featureCircles, blocks: featureBlocks }, l);
  await refreshVisibility(db, FEATURE, { ids: [row.id] });
  return row;
}

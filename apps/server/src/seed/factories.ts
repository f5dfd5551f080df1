import { randomBytes } from 'node:crypto';
import { scheduleBounds } from '@chaupal/contract';
import type { DbOrTx } from '../db/client';
import {
  blockCircles,
  blocks,
  circles,
  documents,
  events,
  experts,
  features,
  news,
  outlets,
  type pages,
  policies,
  TAXON_TABLES,
  users,
} from '../db/schema';
import { type ContentKind, publicWrite } from '../modules/content';
import { KIND_LIST, KINDS } from '../modules/kinds';
import { hashPassword } from '../platform/passwords';
import { slugFrom, uniqueSlug } from '../platform/slug';

/**
 * Factories that insert real rows, through the public-write step like every other writer (join rows, visibility and
 * circle listings kept right). The demo seed and the
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
      passwordHash: rest.passwordHash ?? (await hashPassword(password)),
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

export async function makeTaxon(
  db: DbOrTx,
  kind: keyof typeof TAXON_TABLES,
  o: Partial<typeof pages.$inferInsert> = {},
) {
  const table = TAXON_TABLES[kind];
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

/**
 * Inserts one record of a kind with its parents, circles, localities and documents as one public write; `insert`
 * writes the row itself.
 */
async function madeRecord<Row extends { id: string }>(
  db: DbOrTx,
  kind: ContentKind,
  l: Links & { parentIds?: string[] },
  insert: (tx: DbOrTx) => Promise<Row>,
): Promise<Row> {
  return publicWrite({ db, kinds: KIND_LIST }, async (tx, changes) => {
    const row = await insert(tx);
    const links = (taxonIds: string[] | undefined) =>
      (taxonIds ?? []).map((taxonId) => ({ recordId: row.id, taxonId }));
    if (kind.parent.many && l.parentIds?.length) await tx.insert(kind.parent.join).values(links(l.parentIds));
    if (l.circleIds?.length) await tx.insert(kind.circles).values(links(l.circleIds));
    if (l.blockIds?.length) await tx.insert(kind.blocks).values(links(l.blockIds));
    if (l.documents?.length) {
      await tx
        .insert(documents)
        .values(l.documents.map((url, position) => ({ ownerKind: kind.spec.name, ownerId: row.id, url, position })));
    }
    changes.records(kind, [row.id]);
    return row;
  });
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
  return madeRecord(db, KINDS.expert, { ...l, parentIds: l.serviceIds }, async (tx) => {
    const [row] = await tx
      .insert(experts)
      .values({
        ...contentDefaults(title),
        slug: o.slug ?? (await uniqueSlug(tx, experts, title)),
        callNow: '+919876543210',
        ...o,
        userId: l.userId,
      })
      .returning();
    return row;
  });
}

export async function makeOutlet(
  db: DbOrTx,
  l: Links & { categoryIds: string[] },
  o: Partial<typeof outlets.$inferInsert> = {},
) {
  const title = o.title ?? `Outlet ${uniq()}`;
  return madeRecord(db, KINDS.outlet, { ...l, parentIds: l.categoryIds }, async (tx) => {
    const [row] = await tx
      .insert(outlets)
      .values({
        ...contentDefaults(title),
        slug: o.slug ?? (await uniqueSlug(tx, outlets, title)),
        callNow: '+919876543210',
        ...o,
        userId: l.userId,
      })
      .returning();
    return row;
  });
}

export async function makeNews(
  db: DbOrTx,
  l: Links & { editionId: string },
  o: Partial<typeof news.$inferInsert> = {},
) {
  const title = o.title ?? `News ${uniq()}`;
  return madeRecord(db, KINDS.news, l, async (tx) => {
    const [row] = await tx
      .insert(news)
      .values({
        ...contentDefaults(title),
        slug: o.slug ?? (await uniqueSlug(tx, news, title)),
        content: `<p>${title}</p>`,
        reporter: 'Staff Reporter',
        location: 'Town',
        ...o,
        userId: l.userId,
        editionId: l.editionId,
      })
      .returning();
    return row;
  });
}

export async function makeFeature(
  db: DbOrTx,
  l: Links & { pageId: string },
  o: Partial<typeof features.$inferInsert> = {},
) {
  const title = o.title ?? `Feature ${uniq()}`;
  return madeRecord(db, KINDS.feature, l, async (tx) => {
    const [row] = await tx
      .insert(features)
      .values({
        ...contentDefaults(title),
        slug: o.slug ?? (await uniqueSlug(tx, features, title)),
        content: `<p>${title}</p>`,
        author: 'Staff Writer',
        location: 'Town',
        ...o,
        userId: l.userId,
        pageId: l.pageId,
      })
      .returning();
    return row;
  });
}

/**
 * An event of a type, its schedule's instants worked out in `tz` as the write pipeline does (an all-day event
 * tomorrow by default).
 */
export async function makeEvent(
  db: DbOrTx,
  l: Links & { eventTypeId: string },
  o: Partial<typeof events.$inferInsert> = {},
  tz = 'Asia/Kolkata',
) {
  const title = o.title ?? `Event ${uniq()}`;
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const schedule = o.schedule ?? {
    startDate: tomorrow,
    startTime: null,
    endDate: tomorrow,
    endTime: null,
    repeat: null,
  };
  const bounds = scheduleBounds(schedule, tz);
  return madeRecord(db, KINDS.event, l, async (tx) => {
    const [row] = await tx
      .insert(events)
      .values({
        ...contentDefaults(title),
        slug: o.slug ?? (await uniqueSlug(tx, events, title)),
        content: `<p>${title}</p>`,
        timeZone: tz,
        startsAt: bounds.from,
        endsBy: bounds.to,
        ...o,
        schedule,
        userId: l.userId,
        eventTypeId: l.eventTypeId,
      })
      .returning();
    return row;
  });
}

import { join } from 'node:path';
import { type TOpeningHours, type TWeekday, type TWeeklyHours, WEEK } from '@chaupal/contract';
import { count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { banners, features, news, uploads, users } from '../db/schema';
import { writeSetting } from '../modules/home/home.service';
import { KIND_LIST } from '../modules/kinds';
import { slugFrom, uniqueSlug } from '../platform/slug';
import {
  ABOUT,
  ALERT_TEXT,
  type ArticleDef,
  AUTHORS,
  BANNERS,
  CATEGORIES,
  CIRCLE_PLACES,
  CIRCLES,
  CONTACT_US,
  CONTRIBUTORS,
  DEMO_PASSWORD,
  DOCS,
  EDITIONS,
  EXPERTS,
  FEATURE_LISTS,
  FEATURE_POOLS,
  FEATURES,
  HELD_CONTRIBUTOR,
  KEYWORDS,
  type ListingDef,
  LOCALITIES,
  NEWS,
  NEWS_CLOSINGS,
  NEWS_POOLS,
  OFFICIALS,
  OUTLETS,
  PAGES,
  POLICIES,
  REPORTERS,
  RESIDENTS,
  SERVICES,
  SITE_NAME,
  STREETS,
  type TaxonDef,
  type TCircleName,
  TOWN,
} from './demo-content';
import { EVENT_TYPES, seedEvents } from './demo-events';
import { createRandom, DemoFiles, type DemoMedia, generateMedia, type Random, type StoredFile } from './demo-images';
import { seedReviews } from './demo-reviews';
import {
  makeBlock,
  makeCircle,
  makeExpert,
  makeFeature,
  makeNews,
  makeOutlet,
  makePolicy,
  makeTaxon,
  makeUser,
} from './factories';

/**
 * The demo seed (DESIGN §9): a fictional town's directory and local news, built only through the factories so
 * join rows and the `is_public` flag are exactly what the services would produce. Every choice comes from a
 * seeded PRNG, so the same data appears on every fresh start.
 */

const SEED = 20_260_101;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export async function seedDemo(db: DbOrTx, opts: { dataDir: string }): Promise<string> {
  // SEED_DEMO=true on a database that already holds the demo would trip the unique e-mails; say so instead.
  if (await alreadySeeded(db)) return 'demo data already present; nothing added';
  const rand = createRandom(SEED);
  const files = new DemoFiles(join(opts.dataDir, 'uploads'));
  const allTaxa = [...SERVICES, ...CATEGORIES, ...EDITIONS, ...PAGES, ...EVENT_TYPES];
  const media = await generateMedia(files, rand, {
    taxa: allTaxa.map((t) => ({ key: t.key, hue: t.hue })),
    docs: DOCS,
  });
  // One transaction: a failed seed leaves no half-filled database behind (the next start would skip seeding).
  return db.transaction(async (tx) => summarise(tx, await seedRows(tx, rand, media, files.stored)));
}

async function alreadySeeded(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, CONTRIBUTORS[0].email)).limit(1);
  return Boolean(row);
}

// ── Context shared by the record builders ───────────────────────────────────────────────────────

interface PlaceRow {
  id: string;
  name: string;
  circleIds: string[];
}

interface TaxonRow {
  id: string;
  def: TaxonDef;
}

interface Ctx {
  tx: DbOrTx;
  r: Random;
  /** The listings' addresses, pins and hours: a sequence of their own, so the rest of the demo stays as it was. */
  where: Random;
  media: DemoMedia;
  circles: PlaceRow[];
  blocks: PlaceRow[];
  taxa: Map<string, TaxonRow>;
  owners: string[];
  heldOwner: string;
  now: number;
}

type Counts = Record<string, number>;

async function seedRows(tx: DbOrTx, r: Random, media: DemoMedia, stored: StoredFile[]): Promise<Counts> {
  if (stored.length) await tx.insert(uploads).values(stored).onConflictDoNothing({ target: uploads.url });
  const { circles, blocks } = await seedPlaces(tx);
  const taxa = await seedTaxa(tx, media);
  const { owners, heldOwner } = await seedUsers(tx);
  const ctx: Ctx = {
    tx,
    r,
    where: createRandom(SEED + 1),
    media,
    circles,
    blocks,
    taxa,
    owners,
    heldOwner,
    now: Date.now(),
  };
  for (const [i, def] of EXPERTS.entries()) await seedExpert(ctx, def, i);
  for (const [i, def] of OUTLETS.entries()) await seedOutlet(ctx, def, i);
  // A PRNG sequence of their own, so the reviews shift none of the records' choices above or below.
  const reviewed = await seedReviews(tx, createRandom(SEED + 2), ctx.now);
  for (const def of NEWS) await seedNews(ctx, def);
  for (const def of FEATURES) await seedFeature(ctx, def);
  await seedEvents({
    tx,
    // The demo town is in India: its events are written in India's time, whatever zone the site runs in.
    tz: 'Asia/Kolkata',
    owners,
    place: () => place(ctx),
    typeId: (key) => taxon(ctx, key).id,
    imageOf: (key) => media.taxa.get(key) ?? null,
  });
  for (const [position, p] of POLICIES.entries()) await makePolicy(tx, { ...p, position });
  await seedHome(tx, media);
  return {
    circles: circles.length,
    localities: blocks.length,
    services: SERVICES.length,
    categories: CATEGORIES.length,
    editions: EDITIONS.length,
    pages: PAGES.length,
    'event types': EVENT_TYPES.length,
    users: owners.length + 1 + reviewed.reviewers,
    policies: POLICIES.length,
    banners: BANNERS.length,
    files: stored.length,
    reviews: reviewed.reviews,
  };
}

async function seedPlaces(tx: DbOrTx) {
  const circles: PlaceRow[] = [];
  for (const [position, name] of CIRCLES.entries()) {
    const row = await makeCircle(tx, { name, position });
    circles.push({ id: row.id, name, circleIds: [row.id] });
  }
  const circleId = (name: string) => circles.find((c) => c.name === name)?.id as string;
  const blocks: PlaceRow[] = [];
  for (const [position, l] of LOCALITIES.entries()) {
    const circleIds = l.circles.map(circleId);
    const row = await makeBlock(tx, circleIds, { name: l.name, position });
    blocks.push({ id: row.id, name: l.name, circleIds });
  }
  return { circles, blocks };
}

async function seedTaxa(tx: DbOrTx, media: DemoMedia) {
  const taxa = new Map<string, TaxonRow>();
  const groups = [
    ['services', SERVICES],
    ['categories', CATEGORIES],
    ['editions', EDITIONS],
    ['pages', PAGES],
    ['eventTypes', EVENT_TYPES],
  ] as const;
  for (const [kind, defs] of groups) {
    for (const [position, def] of defs.entries()) {
      const row = await makeTaxon(tx, kind, {
        title: def.title,
        description: def.description,
        content: def.content ?? '',
        image: media.taxa.get(def.key) ?? null,
        status: def.hold ? 'hold' : 'active',
        position,
        metaTitle: `${def.title} in ${TOWN}`,
        metaDescription: def.description,
        metaKeywords: def.metaKeywords,
      });
      taxa.set(def.key, { id: row.id, def });
    }
  }
  return taxa;
}

async function seedUsers(tx: DbOrTx) {
  const owners: string[] = [];
  for (const p of CONTRIBUTORS) owners.push((await makeUser(tx, { ...p, password: DEMO_PASSWORD })).id);
  const held = await makeUser(tx, { ...HELD_CONTRIBUTOR, password: DEMO_PASSWORD, status: 'hold' });
  return { owners, heldOwner: held.id };
}

// ── Shared helpers ──────────────────────────────────────────────────────────────────────────────

interface Placement {
  circleIds: string[];
  blockIds: string[];
  locality: string;
  circle: string;
}

/** One circle (sometimes two) and one to three of its localities; the first locality is the record's "home". */
function place(ctx: Ctx): Placement {
  const { r, circles, blocks } = ctx;
  const first = r.pick(circles);
  const chosen = r.chance(0.25) ? [first, r.pick(circles.filter((c) => c !== first))] : [first];
  const ids = new Set(chosen.map((c) => c.id));
  const inChosen = blocks.filter((b) => b.circleIds.some((id) => ids.has(id)));
  const home = r.pick(inChosen.filter((b) => b.circleIds.includes(first.id)));
  const others = r.sample(
    inChosen.filter((b) => b !== home),
    r.int(0, 2),
  );
  return { circleIds: [...ids], blockIds: [home, ...others].map((b) => b.id), locality: home.name, circle: first.name };
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Fills {locality}, {circle}, {resident} and {official} in a pool paragraph. */
function fill(ctx: Ctx, text: string, where: Placement): string {
  return text
    .replace(/\{locality\}/g, where.locality)
    .replace(/\{circle\}/g, where.circle)
    .replace(/\{resident\}/g, ctx.r.pick(RESIDENTS))
    .replace(/\{official\}/g, ctx.r.pick(OFFICIALS));
}

const paragraphs = (texts: string[]) => texts.map((t) => `<p>${esc(t)}</p>`).join('\n');

function phone(r: Random): string {
  return `+91${r.pick(['98', '97', '94', '93', '88', '70', '63'])}${String(r.int(0, 99_999_999)).padStart(8, '0')}`;
}

function owner(ctx: Ctx, def: { heldOwner?: true }): string {
  return def.heldOwner ? ctx.heldOwner : ctx.r.pick(ctx.owners);
}

function taxon(ctx: Ctx, key: string): TaxonRow {
  const t = ctx.taxa.get(key);
  if (!t) throw new Error(`demo content names an unknown taxon: ${key}`);
  return t;
}

/** Usually none; sometimes the taxon's own document, rarely a second one. */
function attachments(ctx: Ctx, docName: string, p = 0.3): string[] {
  const { r, media } = ctx;
  if (!r.chance(p)) return [];
  const out = [media.docs.get(docName) as string];
  if (r.chance(0.25)) out.push(media.docs.get(r.pick(DOCS.filter((d) => d.name !== docName)).name) as string);
  return out;
}

const clip = (s: string, n: number) => (s.length <= n ? s : `${s.slice(0, n - 1).replace(/\s+\S*$/, '')}…`);

// ── Experts and outlets ─────────────────────────────────────────────────────────────────────────

const LISTING_TAILS = [
  'Find us in {locality}, {circle}. Please call ahead to check availability.',
  'Serving {locality} and the rest of {circle}.',
  'Located in {locality}, easy to reach from anywhere in {circle}.',
  'Based in {locality}. Mention Chaupal Devgarh when you call.',
];

function listingValues(ctx: Ctx, def: ListingDef, main: TaxonDef, where: Placement, headings: [string, string]) {
  const { r } = ctx;
  const callNow = phone(r);
  const name = def.title.split(' — ')[0];
  const offers = main.offers ?? [];
  const content = r.chance(0.75)
    ? `<h2>${headings[0]}</h2>\n<ul>${r
        .sample(offers, r.int(3, 4))
        .map((o) => `<li>${esc(o)}</li>`)
        .join('')}</ul>\n<h2>${headings[1]}</h2>\n<p>${esc(def.hours ?? main.hours ?? '')}</p>`
    : '';
  return {
    title: def.title,
    description: paragraphs([def.about, fill(ctx, r.pick(LISTING_TAILS), where)]),
    content,
    image: r.pick(ctx.media.pool),
    status: def.status ?? ('active' as const),
    callNow,
    whatsappNo: r.chance(0.8) ? (r.chance(0.7) ? callNow : phone(r)) : null,
    websiteUrl: r.chance(0.4) ? `https://example.com/${slugFrom(name)}` : null,
    mapUrl: r.chance(0.75)
      ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${name}, ${where.locality}, ${TOWN}`)}`
      : null,
    metaTitle: `${def.title} | ${main.title} in ${TOWN}`,
    metaDescription: clip(def.about, 160),
    metaKeywords: `${main.title}, ${where.locality}, ${where.circle}, ${TOWN}`,
    ...listingPlace(ctx, def, main, where),
  };
}

/**
 * Most listings have an address, a pin near their circle and their trade's usual hours, some with a
 * holiday; a few have none, as records from before those fields do. A listing with hours of its own (the 24×7
 * chemist) always has them, and keeps them on holidays. Its draws are the same as any other's, so the rest of the
 * demo stays as it was.
 */
function listingPlace(ctx: Ctx, def: ListingDef, main: TaxonDef, where: Placement) {
  const r = ctx.where;
  if (!main.week) return {};
  const placed = r.chance(0.85);
  if (!placed) return def.week ? { openingHours: { weekly: weekOf(def.week) } } : {};
  const circle = CIRCLE_PLACES[where.circle as TCircleName];
  const jitter = () => (r.next() - 0.5) * 0.02;
  const openingHours: TOpeningHours = { weekly: weekOf(def.week ?? main.week) };
  if (r.chance(0.3) && !def.week) openingHours.exceptions = [{ date: '2027-01-26', ranges: [], note: 'Republic Day' }];
  return {
    streetAddress: `${r.int(1, 240)}, ${r.pick(STREETS)}`,
    pinCode: circle.pin,
    latitude: Math.round((circle.lat + jitter()) * 1e5) / 1e5,
    longitude: Math.round((circle.lng + jitter()) * 1e5) / 1e5,
    openingHours,
  };
}

/** `mon-sat 10:00-13:00 17:00-20:00; sun 11:00-19:00` as weekly hours. */
export function weekOf(text: string): TWeeklyHours {
  const weekly: TWeeklyHours = {};
  for (const part of text.split(';')) {
    const [days, ...ranges] = part.trim().split(/\s+/);
    const [from, to = from] = days.split('-').map((d) => WEEK.indexOf(d as TWeekday));
    for (let d = from; d <= to; d++) {
      weekly[WEEK[d]] = ranges.map((range) => {
        const [open, close] = range.split('-');
        return { open, close };
      });
    }
  }
  return weekly;
}

async function seedExpert(ctx: Ctx, def: ListingDef, i: number) {
  const parents = def.in.map((k) => taxon(ctx, k));
  const where = place(ctx);
  const values = listingValues(ctx, def, parents[0].def, where, ['Services', 'Timings']);
  await makeExpert(
    ctx.tx,
    {
      userId: owner(ctx, def),
      serviceIds: parents.map((p) => p.id),
      circleIds: where.circleIds,
      blockIds: where.blockIds,
      documents: attachments(ctx, parents[0].def.doc),
    },
    { ...values, createdAt: new Date(ctx.now - (EXPERTS.length - i) * 3 * DAY) },
  );
}

async function seedOutlet(ctx: Ctx, def: ListingDef, i: number) {
  const parents = def.in.map((k) => taxon(ctx, k));
  const where = place(ctx);
  const values = listingValues(ctx, def, parents[0].def, where, ['What you’ll find', 'Opening hours']);
  const when = new Date(ctx.now - (OUTLETS.length - i) * 3 * DAY - ctx.r.int(0, 600) * MINUTE);
  await makeOutlet(
    ctx.tx,
    {
      userId: owner(ctx, def),
      categoryIds: parents.map((p) => p.id),
      circleIds: where.circleIds,
      blockIds: where.blockIds,
      documents: attachments(ctx, parents[0].def.doc),
    },
    { ...values, publishingTime: when, createdAt: when },
  );
}

// ── News and features ───────────────────────────────────────────────────────────────────────────

/** A moment in the last 60 days, at a plausible hour of the day. */
function recent(ctx: Ctx): Date {
  const day = Math.floor((ctx.now - ctx.r.int(0, 59) * DAY) / DAY) * DAY;
  const t = day + ctx.r.int(2 * 60 + 30, 15 * 60) * MINUTE; // 08:00–20:30 IST, as UTC minutes
  return new Date(Math.min(t, ctx.now - 5 * MINUTE));
}

function articleMeta(def: ArticleDef, section: TaxonDef, where: Placement) {
  return {
    metaTitle: `${def.title} | ${SITE_NAME}`,
    metaDescription: clip(def.summary, 160),
    metaKeywords: `${section.title}, ${where.locality}, ${TOWN}, ${SITE_NAME}`,
  };
}

async function articleSlug(ctx: Ctx, table: typeof news | typeof features, def: ArticleDef) {
  return def.slug ? { slug: await uniqueSlug(ctx.tx, table, def.slug) } : {};
}

function newsContent(ctx: Ctx, def: ArticleDef, where: Placement): string {
  if (def.hindi) return paragraphs(def.hindi);
  const { r } = ctx;
  const middle = r.sample(NEWS_POOLS[def.in] ?? [], r.int(2, 3)).map((p) => fill(ctx, p, where));
  return paragraphs([def.lead, ...middle, fill(ctx, r.pick(NEWS_CLOSINGS), where)]);
}

async function seedNews(ctx: Ctx, def: ArticleDef) {
  const { r } = ctx;
  const edition = taxon(ctx, def.in);
  const where = place(ctx);
  const when = recent(ctx);
  await makeNews(
    ctx.tx,
    {
      userId: owner(ctx, def),
      editionId: edition.id,
      circleIds: where.circleIds,
      blockIds: where.blockIds,
      documents: attachments(ctx, edition.def.doc, 0.15),
    },
    {
      ...(await articleSlug(ctx, news, def)),
      title: def.title,
      description: def.summary,
      content: newsContent(ctx, def, where),
      image: r.pick(ctx.media.pool),
      reporter: r.pick(REPORTERS),
      location: def.hindi ? 'देवगढ़' : `${where.locality}, ${TOWN}`,
      language: def.hindi ? 'hi' : 'en',
      youtubeUrl: def.youtube ?? null,
      publishingTime: when,
      createdAt: when,
      status: def.status ?? 'active',
      ...articleMeta(def, edition.def, where),
    },
  );
}

function featureContent(ctx: Ctx, def: ArticleDef, where: Placement): string {
  const { r } = ctx;
  const body = r.sample(FEATURE_POOLS[def.in] ?? [], r.int(2, 3)).map((p) => fill(ctx, p, where));
  let html = paragraphs([def.lead, ...body]);
  const list = FEATURE_LISTS[def.in];
  if (list && r.chance(0.6)) {
    html += `\n<h2>${esc(list.heading)}</h2>\n<ul>${list.items.map((i) => `<li>${esc(i)}</li>`).join('')}</ul>`;
  }
  return html;
}

async function seedFeature(ctx: Ctx, def: ArticleDef) {
  const { r } = ctx;
  const page = taxon(ctx, def.in);
  const where = place(ctx);
  const when = recent(ctx);
  await makeFeature(
    ctx.tx,
    {
      userId: owner(ctx, def),
      pageId: page.id,
      circleIds: where.circleIds,
      blockIds: where.blockIds,
      documents: attachments(ctx, page.def.doc, 0.25),
    },
    {
      ...(await articleSlug(ctx, features, def)),
      title: def.title,
      description: def.summary,
      content: featureContent(ctx, def, where),
      photo: r.pick(ctx.media.pool),
      youtubeurl: def.youtube ?? null,
      author: r.pick(AUTHORS),
      location: `${where.locality}, ${TOWN}`,
      language: 'en',
      publishedDate: when,
      createdAt: when,
      status: def.status ?? 'active',
      ...articleMeta(def, page.def, where),
    },
  );
}

// ── Home content ────────────────────────────────────────────────────────────────────────────────

async function seedHome(tx: DbOrTx, media: DemoMedia) {
  await writeSetting(tx, 'site', { siteName: SITE_NAME });
  await writeSetting(tx, 'contactUs', CONTACT_US);
  await writeSetting(tx, 'logo', { Logo: media.logo });
  await writeSetting(tx, 'keywords', KEYWORDS);
  await writeSetting(tx, 'alert', {
    ...ALERT_TEXT,
    view_type: 'image',
    image: media.alert,
    videolink: null,
    enabled: true,
  });
  await writeSetting(tx, 'about', { ...ABOUT, image: media.about });
  await tx.insert(banners).values(BANNERS.map((b, position) => ({ ...b, image: media.banners[position], position })));
}

// ── Summary ─────────────────────────────────────────────────────────────────────────────────────

async function summarise(tx: DbOrTx, c: Counts): Promise<string> {
  const parts: string[] = [];
  for (const { spec, table } of KIND_LIST) {
    const [row] = await tx
      .select({ all: count(), visible: sql<number>`count(*) filter (where ${table.isPublic})` })
      .from(table);
    parts.push(`${row.all} ${spec.plural} (${Number(row.visible)} public)`);
  }
  const head = ['circles', 'localities', 'services', 'categories', 'editions', 'pages', 'event types', 'users'].map(
    (k) => `${c[k]} ${k}`,
  );
  const tail = ['reviews', 'policies', 'banners', 'files'].map((k) => `${c[k]} ${k}`);
  return [...head, ...parts, ...tail].join(', ');
}

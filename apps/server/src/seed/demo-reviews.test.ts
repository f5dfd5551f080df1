import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type TListingKind, ZReviewForm } from '@chaupal/contract';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../app';
import type { DbOrTx } from '../db/client';
import { reviews, reviewVotes, users } from '../db/schema';
import { REVIEWED_TABLES } from '../modules/reviews';
import { type TestContext, testApp, testDatabase } from '../test/harness';
import { seedDemo } from './demo';
import { OUTLETS } from './demo-content';
import { FULL_PAGE_REVIEWS } from './demo-reviews';

/**
 * The demo town's reviews (demo-reviews.ts), read back from a seeded database: the rules the review services keep
 * hold for them too, and the one long page of reviews is where the measurements expect it.
 */

const KINDS: TListingKind[] = ['expert', 'outlet'];

/** Every expert and outlet with what the review rules read: owner, visibility, pin and rating columns. */
async function listingsOf(db: DbOrTx) {
  const out = [];
  for (const kind of KINDS) {
    const t = REVIEWED_TABLES[kind];
    const rows = await db
      .select({
        id: t.id,
        title: t.title,
        slug: t.slug,
        ownerId: t.userId,
        isPublic: t.isPublic,
        latitude: t.latitude,
        createdAt: t.createdAt,
        ratingCount: t.ratingCount,
        ratingSum: t.ratingSum,
      })
      .from(t);
    out.push(...rows.map((r) => ({ kind, ...r })));
  }
  return out;
}

/** A listing's key in the reviews table. */
const keyOf = (kind: string, id: string) => `${kind}:${id}`;

/** What was written, per listing slug: its rating columns and its reviews as (reviewer, stars, text), sorted. */
async function ratingsBySlug(db: DbOrTx) {
  const listings = await listingsOf(db);
  const rows = await db
    .select({
      kind: reviews.kind,
      listingId: reviews.listingId,
      rating: reviews.rating,
      text: reviews.text,
      email: users.email,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId));
  const out: Record<string, { count: number; sum: number; reviews: string[] }> = {};
  for (const l of listings) {
    const mine = rows.filter((r) => keyOf(r.kind, r.listingId) === keyOf(l.kind, l.id));
    if (!mine.length) continue;
    out[`${l.kind}:${l.slug}`] = {
      count: l.ratingCount,
      sum: l.ratingSum,
      reviews: mine.map((r) => `${r.email} ${r.rating} ${r.text}`).sort(),
    };
  }
  return out;
}

describe('the demo town’s reviews', () => {
  let t: TestContext;
  let summary: string;
  let listings: Awaited<ReturnType<typeof listingsOf>>;
  let all: (typeof reviews.$inferSelect)[];
  let votes: (typeof reviewVotes.$inferSelect)[];
  const byListing = new Map<string, (typeof reviews.$inferSelect)[]>();

  beforeAll(async () => {
    t = await testApp();
    summary = await seedDemo(t.db, { dataDir: t.config.dataDir });
    listings = await listingsOf(t.db);
    all = await t.db.select().from(reviews);
    votes = await t.db.select().from(reviewVotes);
    for (const r of all)
      byListing.set(keyOf(r.kind, r.listingId), [...(byListing.get(keyOf(r.kind, r.listingId)) ?? []), r]);
  }, 180_000);
  afterAll(() => t?.close());

  const listingOf = (r: { kind: string; listingId: string }) => {
    const l = listings.find((x) => keyOf(x.kind, x.id) === keyOf(r.kind, r.listingId));
    if (!l) throw new Error(`a review of a listing that does not exist: ${r.kind} ${r.listingId}`);
    return l;
  };

  it('gives exactly one listing 50 published reviews: the first public outlet in the demo content with a pin', () => {
    const full = [...byListing.entries()].filter(
      ([, rows]) => rows.filter((r) => r.status === 'published').length === FULL_PAGE_REVIEWS,
    );
    expect(full).toHaveLength(1);
    const listing = listingOf(full[0][1][0]);
    const firstPinned = OUTLETS.map((d) => listings.find((l) => l.kind === 'outlet' && l.title === d.title)).find(
      (l) => l?.isPublic && l.latitude !== null,
    );
    expect(listing).toMatchObject({ kind: 'outlet', slug: firstPinned?.slug, isPublic: true });
    expect(listing.latitude).not.toBeNull();
    // No other listing comes near it: the rest have at most 8.
    expect(Math.max(...[...byListing.values()].filter((rows) => rows !== full[0][1]).map((rows) => rows.length))).toBe(
      8,
    );
    expect(summary).toContain(`${all.length} reviews`);
  });

  it('reviews only public listings, never by their owner, once per person, all published', () => {
    expect(all.length).toBeGreaterThan(FULL_PAGE_REVIEWS + 40);
    for (const r of all) {
      const listing = listingOf(r);
      expect(listing.isPublic).toBe(true);
      expect(r.userId).not.toBeNull();
      expect(r.userId).not.toBe(listing.ownerId);
      expect(r.status).toBe('published');
      expect(r.createdAt.getTime()).toBeGreaterThan(listing.createdAt.getTime());
      expect(r.createdAt.getTime()).toBeLessThan(Date.now());
    }
    const people = all.map((r) => `${keyOf(r.kind, r.listingId)} ${r.userId}`);
    expect(new Set(people).size).toBe(people.length);
  });

  it('sets every listing’s rating_count and rating_sum from its published reviews', () => {
    for (const l of listings) {
      const published = (byListing.get(keyOf(l.kind, l.id)) ?? []).filter((r) => r.status === 'published');
      expect({ slug: l.slug, count: l.ratingCount, sum: l.ratingSum }).toEqual({
        slug: l.slug,
        count: published.length,
        sum: published.reduce((s, r) => s + r.rating, 0),
      });
    }
  });

  it('counts as helpful exactly the votes a review has, none by its writer or the listing’s owner', () => {
    for (const r of all) {
      const mine = votes.filter((v) => v.reviewId === r.id);
      expect(r.helpful).toBe(mine.length);
      const owner = listingOf(r).ownerId;
      for (const v of mine) expect([r.userId, owner]).not.toContain(v.userId);
      for (const v of mine) expect(v.createdAt.getTime()).toBeGreaterThanOrEqual(r.createdAt.getTime());
    }
    expect(votes.length).toBeGreaterThan(10);
  });

  it('lets only the listing’s owner reply, after the review', () => {
    const replied = all.filter((r) => r.replyText !== null);
    expect(replied.length).toBeGreaterThan(5);
    for (const r of replied) {
      expect(r.replyBy).toBe(listingOf(r).ownerId);
      expect(r.replyAt?.getTime()).toBeGreaterThan(r.createdAt.getTime());
      expect(r.replyEditedAt).toBeNull();
    }
    for (const r of all.filter((x) => x.replyText === null)) expect([r.replyBy, r.replyAt]).toEqual([null, null]);
  });

  it('reads as a town’s reviews: mostly 4–5 stars, some low, some without words, texts as the form keeps them', () => {
    const stars = all.map((r) => r.rating);
    expect(stars.filter((s) => s >= 4).length / stars.length).toBeGreaterThan(0.6);
    expect(stars.filter((s) => s <= 2).length).toBeGreaterThan(3);
    expect(stars.filter((s) => s === 3).length).toBeGreaterThan(3);
    expect(all.filter((r) => r.text === '').length).toBeGreaterThan(5);
    for (const r of all)
      expect(ZReviewForm.parse({ rating: r.rating, text: r.text })).toEqual({ rating: r.rating, text: r.text });
    // Spread over the months, not written in one afternoon.
    const days = new Set(all.map((r) => r.createdAt.toISOString().slice(0, 10)));
    expect(days.size).toBeGreaterThan(40);
  });

  it('reviews about a third of the other public listings of each kind, some with only one or two', () => {
    const counts = [...byListing.values()].map((rows) => rows.length);
    expect(counts).toContain(1);
    expect(counts).toContain(2);
    for (const kind of KINDS) {
      const open = listings.filter((l) => l.kind === kind && l.isPublic);
      const reviewed = open.filter((l) => byListing.has(keyOf(kind, l.id)));
      const share = reviewed.length / open.length;
      expect(share, kind).toBeGreaterThan(0.25);
      expect(share, kind).toBeLessThan(0.45);
    }
  });

  it('makes the reviewers verified residents who own nothing', async () => {
    const residents = await t.db.select().from(users).where(like(users.email, 'resident%@example.com'));
    expect(residents).toHaveLength(60);
    for (const u of residents) expect([u.emailVerified, u.phoneVerified, u.status]).toEqual([true, true, 'active']);
    expect(residents.map((u) => u.email)).toContain('resident01@example.com');
    const ids = new Set(residents.map((u) => u.id));
    for (const r of all) expect(ids.has(r.userId as string)).toBe(true);
    for (const l of listings) expect(ids.has(l.ownerId)).toBe(false);
  });

  it('shows the 50 reviews through the public API, and ratings on the cards sorted by rating', async () => {
    const full = [...byListing.values()].find((rows) => rows.length === FULL_PAGE_REVIEWS)?.[0];
    const res = await t.app.inject({ url: `${API_PREFIX}/reviews/outlet/${full?.listingId}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.summary.count).toBe(FULL_PAGE_REVIEWS);
    expect(body.meta.total).toBe(FULL_PAGE_REVIEWS);
    expect(body.summary.histogram.reduce((a: number, b: number) => a + b, 0)).toBe(FULL_PAGE_REVIEWS);

    const cards = (await t.app.inject({ url: `${API_PREFIX}/outlets/view?sort=rating&pageSize=50` })).json().data as {
      rating: { count: number; average: number | null };
    }[];
    expect(cards[0].rating.average).not.toBeNull();
    const averages = cards.map((c) => c.rating.average).filter((a) => a !== null);
    expect(averages).toEqual([...averages].sort((a, b) => b - a));
    expect(new Set(averages).size).toBeGreaterThan(2);
  });

  it('writes the same reviews on a second run', async () => {
    const other = await testDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'chaupal-demo-'));
    try {
      await seedDemo(other.db, { dataDir });
      expect(await ratingsBySlug(other.db)).toEqual(await ratingsBySlug(t.db));
    } finally {
      await other.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});

import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editSuggestions, experts, outlets, reports, reviews, reviewVotes } from '../../db/schema';
import { makeExpert, makeOutlet, makeUser } from '../../seed/factories';
import { api, lastCode } from '../../test/accounts';
import { type TestContext, testApp } from '../../test/harness';
import { buildWorld, type TWorld } from '../../test/world';
import { averageOf } from '../reviews';
import { addReview } from '../reviews/review-fixtures';

let t: TestContext;
let w: TWorld;
let adminToken: string;
const a = api(() => t);
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT_FACTOR: '100' });
  w = await buildWorld(t.db);
  adminToken = await t.app.tokens.issue(await makeUser(t.db, { name: 'Ada Admin', role: 'admin' }));
}, 60_000);
afterAll(() => t.close());

/** A signed-in person with a token. */
async function person(name: string) {
  const row = await makeUser(t.db, { name });
  return { ...row, token: await t.app.tokens.issue(row) };
}

/** A vote of `userId` for a review, its helpful count kept as the public API keeps it. */
async function vote(reviewId: string, userId: string) {
  await t.db.insert(reviewVotes).values({ reviewId, userId });
  await t.db
    .update(reviews)
    .set({ helpful: sql`${reviews.helpful} + 1` })
    .where(eq(reviews.id, reviewId));
}

const suggest = (kind: 'expert' | 'outlet', listingId: string, userId: string, name: string, contact: string) =>
  t.db
    .insert(editSuggestions)
    .values({
      kind,
      listingId,
      userId,
      name,
      contact,
      message: 'The number changed last month.',
      changes: { call_now: { proposed: '9811122233', current: '9876543210', decision: 'open' } },
    })
    .returning()
    .then(([row]) => row);

/**
 * Asha reviews a shop (with the owner's reply) and a doctor, finds Ravi's review of the shop helpful, and suggests a
 * correction; Ravi and Zoya review the shop too and find Asha's review helpful; a visitor reported Asha's review.
 */
async function scene(tag: string) {
  const at = { userId: w.users.alice.id, circleIds: [w.circles.north.id] };
  const shop = await makeOutlet(t.db, { ...at, categoryIds: [w.categories.grocery.id] }, { title: `${tag} Stores` });
  const doctor = await makeExpert(t.db, { ...at, serviceIds: [w.services.doctors.id] }, { title: `Dr. ${tag}` });
  const asha = await person(`Asha ${tag}`);
  const ravi = await person(`Ravi ${tag}`);
  const zoya = await person(`Zoya ${tag}`);
  const ashaShop = await addReview(t.db, 'outlet', shop.id, {
    userId: asha.id,
    rating: 4,
    text: 'Friendly, a little pricey.',
    createdAt: new Date('2026-02-01T09:00:00Z'),
    editedAt: new Date('2026-02-02T09:00:00Z'),
    replyText: 'Thank you, Asha!',
    replyBy: w.users.alice.id,
    replyAt: new Date('2026-02-03T09:00:00Z'),
  });
  const ashaDoctor = await addReview(t.db, 'expert', doctor.id, {
    userId: asha.id,
    rating: 2,
    text: 'Long wait.',
    createdAt: new Date('2026-02-04T09:00:00Z'),
  });
  const raviShop = await addReview(t.db, 'outlet', shop.id, { userId: ravi.id, rating: 5, text: 'Best atta.' });
  const zoyaShop = await addReview(t.db, 'outlet', shop.id, { userId: zoya.id, rating: 3 });
  await vote(raviShop.id, asha.id);
  await vote(raviShop.id, zoya.id);
  await vote(ashaShop.id, ravi.id);
  const ashaSuggestion = await suggest('outlet', shop.id, asha.id, 'Asha', `asha.${tag}@example.test`);
  const raviSuggestion = await suggest('outlet', shop.id, ravi.id, 'Ravi', `ravi.${tag}@example.test`);
  const [report] = await t.db
    .insert(reports)
    .values({ kind: 'review', recordId: ashaShop.id, reason: 'other' })
    .returning();
  return {
    shop,
    doctor,
    asha,
    ravi,
    zoya,
    ashaShop,
    ashaDoctor,
    raviShop,
    zoyaShop,
    ashaSuggestion,
    raviSuggestion,
    report,
  };
}

const ratingOf = async (table: typeof outlets | typeof experts, id: string) => {
  const [row] = await t.db
    .select({ count: table.ratingCount, sum: table.ratingSum })
    .from(table)
    .where(eq(table.id, id));
  return { ...row, average: averageOf(row.count, row.sum) };
};
const reviewRow = async (id: string) => (await t.db.select().from(reviews).where(eq(reviews.id, id)))[0];

async function deleteAccountOf(p: { email: string; token: string }) {
  const sent = await a.post('/user/profile/delete/code', {}, p.token);
  expect(sent.statusCode).toBe(200);
  const res = await a.post(
    '/user/profile/delete',
    { verificationId: sent.json().data.verificationId, token: await lastCode(t, p.email) },
    p.token,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('Download my data: reviews, votes and suggested edits', () => {
  it('holds the person’s reviews with replies, their helpful votes and suggestions, and no one else’s', async () => {
    const s = await scene('Export');
    await t.db
      .update(reviews)
      .set({ status: 'removed', removedReason: 'Names a patient.', removedBy: w.users.alice.id })
      .where(eq(reviews.id, s.ashaDoctor.id));
    const res = await a.get('/user/profile/data', s.asha.token);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.reviews).toEqual([
      {
        id: s.ashaShop.id,
        kind: 'outlet',
        listingId: s.shop.id,
        listingTitle: 'Export Stores',
        rating: 4,
        text: 'Friendly, a little pricey.',
        status: 'published',
        removedReason: null,
        createdAt: '2026-02-01T09:00:00.000Z',
        editedAt: '2026-02-02T09:00:00.000Z',
        reply: { text: 'Thank you, Asha!', createdAt: '2026-02-03T09:00:00.000Z', editedAt: null },
      },
      {
        id: s.ashaDoctor.id,
        kind: 'expert',
        listingId: s.doctor.id,
        listingTitle: 'Dr. Export',
        rating: 2,
        text: 'Long wait.',
        status: 'removed',
        removedReason: 'Names a patient.',
        createdAt: '2026-02-04T09:00:00.000Z',
        editedAt: null,
        reply: null,
      },
    ]);
    expect(data.helpfulVotes).toEqual([
      { reviewId: s.raviShop.id, listingTitle: 'Export Stores', createdAt: expect.any(String) },
    ]);
    expect(data.suggestions).toEqual([
      {
        id: s.ashaSuggestion.id,
        kind: 'outlet',
        listingId: s.shop.id,
        listingTitle: 'Export Stores',
        changes: { call_now: { proposed: '9811122233', current: '9876543210', decision: 'open' } },
        message: 'The number changed last month.',
        name: 'Asha',
        contact: 'asha.Export@example.test',
        status: 'open',
        createdAt: expect.any(String),
        decidedAt: null,
      },
    ]);
    const text = JSON.stringify(data);
    for (const other of [s.ravi.id, s.ravi.email, 'Best atta.', s.zoyaShop.id, s.raviSuggestion.id, 'ravi.Export@'])
      expect(text).not.toContain(other);
  });

  it('is empty for a person without reviews', async () => {
    const nobody = await person('Quiet Quentin');
    const data = (await a.get('/user/profile/data', nobody.token)).json().data;
    expect([data.reviews, data.helpfulVotes, data.suggestions]).toEqual([[], [], []]);
  });
});

describe('Delete my account: reviews removed (the default)', () => {
  let s: Awaited<ReturnType<typeof scene>>;
  beforeAll(async () => {
    s = await scene('Removed');
    expect(await ratingOf(outlets, s.shop.id)).toEqual({ count: 3, sum: 12, average: 4 });
    const mode = await a.put('/admin/home/privacy', { accountDeletion: 'remove' }, adminToken);
    expect(mode.statusCode).toBe(200);
    await deleteAccountOf(s.asha);
  }, 60_000);

  it('deletes the person’s reviews with their votes and reports, and the ratings they made go', async () => {
    expect(
      await t.db
        .select()
        .from(reviews)
        .where(inArray(reviews.id, [s.ashaShop.id, s.ashaDoctor.id])),
    ).toEqual([]);
    expect(await t.db.select().from(reviewVotes).where(eq(reviewVotes.reviewId, s.ashaShop.id))).toEqual([]);
    expect(await t.db.select().from(reports).where(eq(reports.id, s.report.id))).toEqual([]);
    expect(await ratingOf(outlets, s.shop.id)).toEqual({ count: 2, sum: 8, average: null });
    expect(await ratingOf(experts, s.doctor.id)).toEqual({ count: 0, sum: 0, average: null });
  });

  it('deletes the person’s helpful votes and keeps the others’ counts right', async () => {
    expect(await t.db.select().from(reviewVotes).where(eq(reviewVotes.userId, s.asha.id))).toEqual([]);
    expect(await reviewRow(s.raviShop.id)).toMatchObject({ helpful: 1, status: 'published', userId: s.ravi.id });
    expect(await reviewRow(s.zoyaShop.id)).toMatchObject({ helpful: 0, userId: s.zoya.id });
  });

  it('keeps the person’s suggested edits without their account, name or contact', async () => {
    const [mine] = await t.db.select().from(editSuggestions).where(eq(editSuggestions.id, s.ashaSuggestion.id));
    expect(mine).toMatchObject({ userId: null, name: null, contact: null, status: 'open' });
    expect(mine.changes).toEqual(s.ashaSuggestion.changes);
    const [other] = await t.db.select().from(editSuggestions).where(eq(editSuggestions.id, s.raviSuggestion.id));
    expect(other).toMatchObject({ userId: s.ravi.id, name: 'Ravi', contact: 'ravi.Removed@example.test' });
  });
});

describe('Delete my account: reviews anonymised (the admin setting)', () => {
  let s: Awaited<ReturnType<typeof scene>>;
  beforeAll(async () => {
    s = await scene('Kept');
    const mode = await a.put('/admin/home/privacy', { accountDeletion: 'anonymise' }, adminToken);
    expect(mode.statusCode).toBe(200);
    await deleteAccountOf(s.asha);
  }, 60_000);
  afterAll(async () => {
    await a.put('/admin/home/privacy', { accountDeletion: 'remove' }, adminToken);
  });

  it('keeps the person’s reviews and replies without an author, still counted', async () => {
    expect(await reviewRow(s.ashaShop.id)).toMatchObject({
      userId: null,
      status: 'published',
      rating: 4,
      text: 'Friendly, a little pricey.',
      replyText: 'Thank you, Asha!',
      helpful: 1,
    });
    expect(await reviewRow(s.ashaDoctor.id)).toMatchObject({ userId: null, rating: 2 });
    expect(await ratingOf(outlets, s.shop.id)).toEqual({ count: 3, sum: 12, average: 4 });
    expect(await ratingOf(experts, s.doctor.id)).toEqual({ count: 1, sum: 2, average: null });
    const list = (await a.get('/admin/reviews?pageSize=100', adminToken)).json().data;
    expect(list.find((r: { id: string }) => r.id === s.ashaShop.id)).toMatchObject({ reviewer: null });
    // A report about the review stays: the review does.
    expect(await t.db.select().from(reports).where(eq(reports.id, s.report.id))).toHaveLength(1);
  });

  it('deletes the person’s helpful votes, keeps the counts right, and blanks their suggested edits', async () => {
    expect(await t.db.select().from(reviewVotes).where(eq(reviewVotes.userId, s.asha.id))).toEqual([]);
    expect(await reviewRow(s.raviShop.id)).toMatchObject({ helpful: 1 });
    const rows = await t.db
      .select()
      .from(editSuggestions)
      .where(and(eq(editSuggestions.listingId, s.shop.id), eq(editSuggestions.kind, 'outlet')));
    expect(rows.map((r) => [r.id, r.userId, r.name, r.contact]).sort()).toEqual(
      [
        [s.ashaSuggestion.id, null, null, null],
        [s.raviSuggestion.id, s.ravi.id, 'Ravi', 'ravi.Kept@example.test'],
      ].sort(),
    );
  });
});

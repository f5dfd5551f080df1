import type { TReviewStatus } from '@chaupal/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, outbox, outlets, reviews } from '../../db/schema';
import { makeOutlet, makeUser } from '../../seed/factories';
import { api } from '../../test/api';
import { type TestContext, testApp } from '../../test/harness';
import { buildWorld, type TWorld } from '../../test/world';
import { averageOf } from './ratings';
import { addReview } from './review-fixtures';

let t: TestContext;
let w: TWorld;
let admin: { id: string; name: string };
let adminToken: string;
let ownerToken: string;
let customerToken: string;
const a = api(() => t);
beforeAll(async () => {
  t = await testApp();
  w = await buildWorld(t.db);
  const uma = await makeUser(t.db, { name: 'Uma Admin', role: 'admin' });
  admin = { id: uma.id, name: uma.name };
  adminToken = await t.app.tokens.issue(uma);
  ownerToken = await t.app.tokens.issue(w.users.alice);
  customerToken = await t.app.tokens.issue(await makeUser(t.db, { name: 'Chetan Customer' }));
}, 60_000);
afterAll(() => t.close());

const adm = (method: 'GET' | 'POST', url: string, payload?: object) =>
  a.call(method, `/admin${url}`, { token: adminToken, payload });

/** A listing of this test's own (owned by the world's Alice), so its counts are its reviews alone. */
const listing = (title: string) =>
  makeOutlet(
    t.db,
    { userId: w.users.alice.id, circleIds: [w.circles.north.id], categoryIds: [w.categories.grocery.id] },
    { title },
  );

/** Reviews of one listing by new reviewers, one per rating given, all with `status`. */
async function reviewsOf(listingId: string, ratings: number[], status: TReviewStatus = 'published') {
  const rows = [];
  for (const [i, rating] of ratings.entries()) {
    const person = await makeUser(t.db, { name: `Reviewer ${i + 1}` });
    rows.push({
      person,
      review: await addReview(t.db, 'outlet', listingId, {
        userId: person.id,
        rating,
        text: `${rating} stars`,
        status,
      }),
    });
  }
  return rows;
}

const ratingOf = async (id: string) => {
  const [row] = await t.db
    .select({ count: outlets.ratingCount, sum: outlets.ratingSum })
    .from(outlets)
    .where(eq(outlets.id, id));
  return { ...row, average: averageOf(row.count, row.sum) };
};
const auditOf = (id: string) =>
  t.db
    .select({
      action: auditLog.action,
      actorId: auditLog.actorId,
      before: auditLog.before,
      after: auditLog.after,
      reason: auditLog.reason,
    })
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'review'), eq(auditLog.entityId, id)))
    .orderBy(auditLog.createdAt);
const mailsTo = (to: string) => t.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.createdAt));
const statusOf = async (id: string) =>
  (await t.db.select({ status: reviews.status }).from(reviews).where(eq(reviews.id, id)))[0].status;

describe('GET /admin/reviews', () => {
  it('lists reviews newest first with their listing and reviewer, by status', async () => {
    const shop = await listing('Gupta General Store');
    const ravi = await makeUser(t.db, { name: 'Ravi Kumar', email: 'ravi.list@example.test' });
    const meena = await makeUser(t.db, { name: 'Meena Rao' });
    const older = await addReview(t.db, 'outlet', shop.id, {
      userId: ravi.id,
      rating: 4,
      text: 'Fair prices.',
      createdAt: new Date('2026-01-01T10:00:00Z'),
      replyText: 'Thank you!',
      replyAt: new Date('2026-01-02T10:00:00Z'),
      replyBy: w.users.alice.id,
    });
    const newer = await addReview(t.db, 'outlet', shop.id, {
      userId: meena.id,
      rating: 2,
      status: 'pending',
      createdAt: new Date('2026-01-03T10:00:00Z'),
    });

    const all = (await adm('GET', '/reviews?pageSize=100')).json();
    const mine = all.data.filter((r: { listing: { id: string } | null }) => r.listing?.id === shop.id);
    expect(mine.map((r: { id: string }) => r.id)).toEqual([newer.id, older.id]);
    const times = all.data.map((r: { createdAt: string }) => r.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(mine[1]).toEqual({
      id: older.id,
      kind: 'outlet',
      listing: { id: shop.id, slug: 'gupta-general-store', title: 'Gupta General Store' },
      reviewer: { id: ravi.id, name: 'Ravi Kumar', email: 'ravi.list@example.test' },
      rating: 4,
      text: 'Fair prices.',
      status: 'published',
      helpful: 0,
      reply: { text: 'Thank you!', createdAt: '2026-01-02T10:00:00.000Z', editedAt: null },
      removedReason: null,
      removedBy: null,
      removedAt: null,
      createdAt: '2026-01-01T10:00:00.000Z',
      editedAt: null,
    });

    const pending = (await adm('GET', '/reviews?status=pending&pageSize=100')).json();
    expect(pending.data.map((r: { id: string }) => r.id)).toContain(newer.id);
    expect(pending.data.map((r: { id: string }) => r.id)).not.toContain(older.id);
    expect(new Set(pending.data.map((r: { status: string }) => r.status))).toEqual(new Set(['pending']));
    expect(pending.meta).toEqual({ page: 1, pageSize: 100, total: pending.data.length });
  });

  it('pages the list, and refuses an unknown status or page with the SPEC §8 body', async () => {
    const shop = await listing('Paging Provisions');
    await reviewsOf(shop.id, [5, 4, 3]);
    const total = (await adm('GET', '/reviews')).json().meta.total;
    expect(total).toBeGreaterThanOrEqual(3);
    const second = (await adm('GET', '/reviews?page=2&pageSize=2')).json();
    expect(second.meta).toEqual({ page: 2, pageSize: 2, total });
    expect(second.data).toHaveLength(Math.min(2, total - 2));

    const bad = await adm('GET', '/reviews?status=hidden&page=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, error: 'The request has invalid fields.' });
    expect(
      bad
        .json()
        .details.map((d: { parameter: string }) => d.parameter)
        .sort(),
    ).toEqual(['page', 'status']);
  });
});

describe('POST /admin/reviews/{id}/publish', () => {
  it('publishes a pending review: counted in the rating and audited; a second publish is a 409', async () => {
    const shop = await listing('Sharma Sweets');
    await reviewsOf(shop.id, [5, 4]);
    const [{ review, person }] = await reviewsOf(shop.id, [1], 'pending');
    expect(await ratingOf(shop.id)).toEqual({ count: 2, sum: 9, average: null });

    const res = await adm('POST', `/reviews/${review.id}/publish`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Published',
      data: expect.objectContaining({ id: review.id, status: 'published', rating: 1, removedReason: null }),
    });
    expect(await ratingOf(shop.id)).toEqual({ count: 3, sum: 10, average: 3.3 });
    expect(await auditOf(review.id)).toEqual([
      {
        action: 'publish',
        actorId: admin.id,
        before: { status: 'pending' },
        after: { status: 'published', kind: 'outlet', listingId: shop.id },
        reason: null,
      },
    ]);
    expect(await mailsTo(person.email)).toEqual([]);

    const again = await adm('POST', `/reviews/${review.id}/publish`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      success: false,
      error: 'This review is already published.',
      details: [{ parameter: 'id', errors: ['Review is published'] }],
    });
    expect(await ratingOf(shop.id)).toEqual({ count: 3, sum: 10, average: 3.3 });
  });
});

describe('POST /admin/reviews/{id}/remove', () => {
  it('removes a review with its reason: uncounted, audited, and the reviewer e-mailed why', async () => {
    const shop = await listing('Verma Dairy');
    const [, , { review, person }] = await reviewsOf(shop.id, [5, 5, 1]);
    expect(await ratingOf(shop.id)).toEqual({ count: 3, sum: 11, average: 3.7 });
    const reason = 'Names a member of staff and insults them.';

    const res = await adm('POST', `/reviews/${review.id}/remove`, { reason: `  ${reason} ` });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(res.json()).toMatchObject({ success: true, message: 'Removed' });
    expect(data).toMatchObject({
      id: review.id,
      status: 'removed',
      removedReason: reason,
      removedBy: admin,
      removedAt: expect.any(String),
      reviewer: { id: person.id, name: person.name, email: person.email },
    });
    const [row] = await t.db.select().from(reviews).where(eq(reviews.id, review.id));
    expect(row).toMatchObject({ status: 'removed', removedReason: reason, removedBy: admin.id });
    expect(row.removedAt?.toISOString()).toBe(data.removedAt);
    // Two fives are left: counted, but too few for an average.
    expect(await ratingOf(shop.id)).toEqual({ count: 2, sum: 10, average: null });

    expect(await auditOf(review.id)).toEqual([
      {
        action: 'remove',
        actorId: admin.id,
        before: { status: 'published' },
        after: { status: 'removed', kind: 'outlet', listingId: shop.id },
        reason,
      },
    ]);
    const [mail] = await mailsTo(person.email);
    expect(mail).toMatchObject({ channel: 'email', subject: 'Your review of Verma Dairy was removed' });
    expect(mail.text).toContain('Your review of "Verma Dairy" was removed');
    expect(mail.text).toContain(`Reason: ${reason}`);

    const again = await adm('POST', `/reviews/${review.id}/remove`, { reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      success: false,
      error: 'This review is already removed.',
      details: [{ parameter: 'id', errors: ['Review is removed'] }],
    });
    expect(await mailsTo(person.email)).toHaveLength(1);
  });

  it('removes a pending review without moving the rating', async () => {
    const shop = await listing('Pending Paan Shop');
    await reviewsOf(shop.id, [4, 4, 4]);
    const [{ review }] = await reviewsOf(shop.id, [1], 'pending');
    const res = await adm('POST', `/reviews/${review.id}/remove`, { reason: 'Spam link.' });
    expect(res.statusCode).toBe(200);
    expect(await auditOf(review.id)).toMatchObject([{ action: 'remove', before: { status: 'pending' } }]);
    expect(await ratingOf(shop.id)).toEqual({ count: 3, sum: 12, average: 4 });
  });

  it('removes a review kept without its author (account deleted) and e-mails no one', async () => {
    const shop = await listing('Anonymous Atta Chakki');
    const [{ review }] = await reviewsOf(shop.id, [2]);
    await t.db.update(reviews).set({ userId: null }).where(eq(reviews.id, review.id));
    const before = (await t.db.select().from(outbox)).length;
    const res = await adm('POST', `/reviews/${review.id}/remove`, { reason: 'Off topic.' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ reviewer: null, status: 'removed' });
    expect((await t.db.select().from(outbox)).length).toBe(before);
    expect(await ratingOf(shop.id)).toEqual({ count: 0, sum: 0, average: null });
  });

  it('refuses a removal without a reason, or with markup, with 400 and changes nothing', async () => {
    const shop = await listing('Reasonless Rasoi');
    const [{ review, person }] = await reviewsOf(shop.id, [1]);
    for (const [payload, error] of [
      [{}, 'Required'],
      [{ reason: '   ' }, 'Required'],
      [{ reason: 'x'.repeat(501) }, 'At most 500 characters'],
      [{ reason: '<b>Rude</b>' }, 'Write plain text, without HTML'],
    ] as const) {
      const res = await adm('POST', `/reviews/${review.id}/remove`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        error: 'The request has invalid fields.',
        details: [{ parameter: 'reason', errors: [error] }],
      });
    }
    const bare = await adm('POST', `/reviews/${review.id}/remove`);
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({ success: false, error: 'The request has invalid fields.' });
    expect(await statusOf(review.id)).toBe('published');
    expect(await auditOf(review.id)).toEqual([]);
    expect(await mailsTo(person.email)).toEqual([]);
    expect(await ratingOf(shop.id)).toEqual({ count: 1, sum: 1, average: null });
  });
});

describe('POST /admin/reviews/{id}/restore', () => {
  it('publishes a removed review again: counted, the removal cleared, audited', async () => {
    const shop = await listing('Restored Rotis');
    const [{ review }] = await reviewsOf(shop.id, [3, 5, 4]);
    await adm('POST', `/reviews/${review.id}/remove`, { reason: 'Looked like spam.' });
    expect(await ratingOf(shop.id)).toEqual({ count: 2, sum: 9, average: null });

    const res = await adm('POST', `/reviews/${review.id}/restore`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Restored',
      data: { id: review.id, status: 'published', removedReason: null, removedBy: null, removedAt: null },
    });
    expect(await ratingOf(shop.id)).toEqual({ count: 3, sum: 12, average: 4 });
    expect((await auditOf(review.id)).map((e) => [e.action, e.before, e.after])).toEqual([
      ['remove', { status: 'published' }, { status: 'removed', kind: 'outlet', listingId: shop.id }],
      ['restore', { status: 'removed' }, { status: 'published', kind: 'outlet', listingId: shop.id }],
    ]);
  });

  it('answers 409 for a review that is not removed, and publish does not bring a removed one back', async () => {
    const shop = await listing('Conflicted Chai');
    const [{ review }] = await reviewsOf(shop.id, [5]);
    const restore = await adm('POST', `/reviews/${review.id}/restore`);
    expect(restore.statusCode).toBe(409);
    expect(restore.json()).toEqual({
      success: false,
      error: 'Only a removed review can be restored.',
      details: [{ parameter: 'id', errors: ['Review is published'] }],
    });
    await adm('POST', `/reviews/${review.id}/remove`, { reason: 'Duplicate.' });
    const publish = await adm('POST', `/reviews/${review.id}/publish`);
    expect(publish.statusCode).toBe(409);
    expect(publish.json()).toEqual({
      success: false,
      error: 'This review was removed; restore it instead.',
      details: [{ parameter: 'id', errors: ['Review is removed'] }],
    });
    expect(await statusOf(review.id)).toBe('removed');
  });
});

describe('who may moderate reviews', () => {
  it('refuses anyone but an admin (the listing’s owner too) with 401 or 403, changing nothing', async () => {
    const shop = await listing('Owner Cannot Hide');
    const [{ review }] = await reviewsOf(shop.id, [1]);
    const routes = [
      ['GET', '/reviews', undefined],
      ['POST', `/reviews/${review.id}/publish`, undefined],
      ['POST', `/reviews/${review.id}/remove`, { reason: 'I do not like it.' }],
      ['POST', `/reviews/${review.id}/restore`, undefined],
    ] as const;
    for (const [method, url, payload] of routes) {
      const anonymous = await a.call(method, `/admin${url}`, { payload });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ success: false, error: 'Sign in to continue.' });
      for (const token of [ownerToken, customerToken]) {
        const res = await a.call(method, `/admin${url}`, { token, payload });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ success: false, error: 'You are not allowed to do this.' });
      }
    }
    expect(await statusOf(review.id)).toBe('published');
    expect(await ratingOf(shop.id)).toEqual({ count: 1, sum: 1, average: null });
  });

  it('answers 404 for an unknown or malformed review id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', w.outlet.id]) {
      for (const [url, payload] of [
        [`/reviews/${id}/publish`, undefined],
        [`/reviews/${id}/remove`, { reason: 'Spam.' }],
        [`/reviews/${id}/restore`, undefined],
      ] as const) {
        const res = await adm('POST', url, payload);
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toEqual({ success: false, error: 'Not found.' });
      }
    }
  });
});

describe('the console’s dashboard', () => {
  it('counts the reviews waiting for an admin', async () => {
    const waiting = async () => (await adm('GET', '/dashboard')).json().data.pendingReviews;
    const before = await waiting();
    const shop = await listing('Dashboard Dhaba');
    const [first, second] = await reviewsOf(shop.id, [4, 2], 'pending');
    expect(await waiting()).toBe(before + 2);
    await adm('POST', `/reviews/${first.review.id}/publish`);
    await adm('POST', `/reviews/${second.review.id}/remove`, { reason: 'Not about this place.' });
    expect(await waiting()).toBe(before);
  });
});

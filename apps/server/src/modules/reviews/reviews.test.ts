import { randomUUID } from 'node:crypto';
import type { TListingKind } from '@chaupal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviews, reviewVotes } from '../../db/schema';
import { makeUser } from '../../seed/factories';
import { type TestContext, testApp } from '../../test/harness';
import { reviewKit } from '../../test/review-kit';
import { buildWorld, type TWorld } from '../../test/world';
import { BURST_HOURS, BURST_REVIEWS, NEW_ACCOUNT_DAYS } from './reviews.service';

let t: TestContext;
let w: TWorld;
let adminToken: string;
let aliceToken: string;
const { call, reviewer, listing, columns } = reviewKit(() => ({ t, w }));
beforeAll(async () => {
  t = await testApp();
  w = await buildWorld(t.db);
  adminToken = await t.app.tokens.issue(await makeUser(t.db, { role: 'admin' }));
  aliceToken = await t.app.tokens.issue(w.users.alice);
}, 60_000);
afterAll(() => t.close());

const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT/);
const refused = (error: string) => ({ success: false, error });
const review = (kind: TListingKind, id: string, token: string, payload: object) =>
  call('POST', `/reviews/${kind}/${id}`, { token, payload });
const summaryOf = async (kind: TListingKind, id: string) =>
  (await call('GET', `/reviews/${kind}/${id}?pageSize=100`)).json().summary;
const rowsOf = (listingId: string) => t.db.select().from(reviews).where(eq(reviews.listingId, listingId));

describe('POST /reviews/{kind}/{id}', () => {
  it('publishes a review at once, counts it in the listing and answers it with its status', async () => {
    const doctor = await listing('expert', { title: 'Dr. Kapoor' });
    const ravi = await reviewer({ name: 'Ravi Kumar' });
    const res = await review('expert', doctor.id, ravi.token, { rating: '5', text: '  Saw me the same day.  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      success: true,
      message: 'Thank you, your review is published',
      data: {
        id: expect.any(String),
        rating: 5,
        text: 'Saw me the same day.',
        author: { id: ravi.id, name: 'Ravi Kumar' },
        createdAt: ISO,
        editedAt: null,
        helpful: 0,
        reply: null,
        status: 'published',
      },
    });
    expect(await columns('expert', doctor.id)).toEqual({ count: 1, sum: 5 });
    const detail = (await call('GET', `/experts/slug/${doctor.slug}`)).json().data;
    expect(detail.rating).toEqual({ count: 1, average: null });
  });

  it('answers a signed-out writer with 401', async () => {
    const shop = await listing('outlet');
    const res = await call('POST', `/reviews/outlet/${shop.id}`, { payload: { rating: 4 } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(refused('Sign in to continue.'));
  });

  it('refuses a person whose phone is not verified with 403', async () => {
    const shop = await listing('outlet');
    const unverified = await reviewer({ phoneVerified: false });
    const res = await review('outlet', shop.id, unverified.token, { rating: 4 });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(refused('Verify your phone number to write a review'));
    expect(await rowsOf(shop.id)).toEqual([]);
  });

  it("refuses the listing's owner with 403", async () => {
    const shop = await listing('outlet');
    const res = await review('outlet', shop.id, aliceToken, { rating: 5, text: 'Best shop in town' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(refused('You cannot review your own listing'));
    expect(await columns('outlet', shop.id)).toEqual({ count: 0, sum: 0 });
  });

  it('refuses a second review by the same person with 409, whatever became of the first', async () => {
    const shop = await listing('outlet');
    const meena = await reviewer();
    expect((await review('outlet', shop.id, meena.token, { rating: 4 })).statusCode).toBe(201);
    const again = await review('outlet', shop.id, meena.token, { rating: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(refused('You have already reviewed this listing'));

    await t.db.update(reviews).set({ status: 'removed' }).where(eq(reviews.listingId, shop.id));
    expect((await review('outlet', shop.id, meena.token, { rating: 1 })).json()).toEqual(
      refused('You have already reviewed this listing'),
    );
    expect((await rowsOf(shop.id)).map((r) => r.rating)).toEqual([4]);
  });

  it('answers 404 for an unknown, held or other-kind listing', async () => {
    const person = await reviewer();
    const held = await listing('outlet', { status: 'hold' });
    for (const [kind, id] of [
      ['outlet', randomUUID()],
      ['outlet', held.id],
      ['expert', w.outlet.id],
    ] as const) {
      const res = await review(kind, id, person.token, { rating: 3 });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(refused('Not found.'));
      for (const url of [`/reviews/${kind}/${id}`, `/reviews/${kind}/${id}/mine`]) {
        const read = await call('GET', url, { token: person.token });
        expect(read.statusCode).toBe(404);
        expect(read.json()).toEqual(refused('Not found.'));
      }
    }
  });
});

describe('the rating after a review is written, changed or deleted', () => {
  it('keeps count, average and histogram right; under three reviews there is no average', async () => {
    const shop = await listing('outlet', { title: 'Average Atta' });
    const [a, b, c] = [await reviewer(), await reviewer(), await reviewer()];
    await review('outlet', shop.id, a.token, { rating: 5 });
    await review('outlet', shop.id, b.token, { rating: 4 });
    expect(await summaryOf('outlet', shop.id)).toEqual({ count: 2, average: null, histogram: [0, 0, 0, 1, 1] });
    expect(await columns('outlet', shop.id)).toEqual({ count: 2, sum: 9 });

    await review('outlet', shop.id, c.token, { rating: 2 });
    expect(await summaryOf('outlet', shop.id)).toEqual({ count: 3, average: 3.7, histogram: [0, 1, 0, 1, 1] });

    const edit = await call('PUT', `/reviews/outlet/${shop.id}`, { token: c.token, payload: { rating: 3 } });
    expect(edit.statusCode).toBe(200);
    expect(await summaryOf('outlet', shop.id)).toEqual({ count: 3, average: 4, histogram: [0, 0, 1, 1, 1] });
    expect(await columns('outlet', shop.id)).toEqual({ count: 3, sum: 12 });
    const list = (await call('GET', `/outlets/view?q=Average Atta`)).json().data;
    expect(list.map((o: { rating: unknown }) => o.rating)).toEqual([{ count: 3, average: 4 }]);

    const gone = await call('DELETE', `/reviews/outlet/${shop.id}`, { token: a.token });
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toEqual({ success: true, message: 'Your review is deleted' });
    expect(await summaryOf('outlet', shop.id)).toEqual({ count: 2, average: null, histogram: [0, 0, 1, 1, 0] });
    expect(await columns('outlet', shop.id)).toEqual({ count: 2, sum: 7 });
  });
});

describe('PUT and DELETE /reviews/{kind}/{id}: the reviewer’s own review', () => {
  it('changes stars and text, sets editedAt and keeps the status', async () => {
    const doctor = await listing('expert');
    const person = await reviewer({ name: 'Kiran' });
    await review('expert', doctor.id, person.token, { rating: 2, text: 'Long wait.' });
    const res = await call('PUT', `/reviews/expert/${doctor.id}`, {
      token: person.token,
      payload: { rating: 4, text: 'Long wait, but good advice.' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Your review is updated',
      data: expect.objectContaining({
        rating: 4,
        text: 'Long wait, but good advice.',
        editedAt: ISO,
        status: 'published',
        author: { id: person.id, name: 'Kiran' },
      }),
    });
    const unchanged = await call('PUT', `/reviews/expert/${doctor.id}`, {
      token: person.token,
      payload: { rating: 4, text: 'Long wait, but good advice.' },
    });
    expect(unchanged.json().data.editedAt).toBe(res.json().data.editedAt);
  });

  it('answers 404 to a person who has no review of the listing', async () => {
    const doctor = await listing('expert');
    const person = await reviewer();
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await call(method, `/reviews/expert/${doctor.id}`, {
        token: person.token,
        payload: method === 'PUT' ? { rating: 3 } : undefined,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(refused('You have not reviewed this listing'));
    }
  });

  it('refuses to change a review an admin removed with 409, and lets its writer delete it', async () => {
    const shop = await listing('outlet');
    const person = await reviewer();
    await review('outlet', shop.id, person.token, { rating: 1, text: 'Rude.' });
    await t.db
      .update(reviews)
      .set({ status: 'removed', removedReason: 'Insults staff' })
      .where(eq(reviews.listingId, shop.id));
    const res = await call('PUT', `/reviews/outlet/${shop.id}`, { token: person.token, payload: { rating: 5 } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(refused('This review was removed by the moderators and cannot be changed'));
    expect((await call('DELETE', `/reviews/outlet/${shop.id}`, { token: person.token })).statusCode).toBe(200);
    expect(await rowsOf(shop.id)).toEqual([]);
  });

  it('deletes the review with its helpful votes', async () => {
    const shop = await listing('outlet');
    const [author, fan] = [await reviewer(), await reviewer()];
    const id = (await review('outlet', shop.id, author.token, { rating: 5 })).json().data.id;
    await call('POST', `/reviews/outlet/${shop.id}/${id}/helpful`, { token: fan.token });
    await call('DELETE', `/reviews/outlet/${shop.id}`, { token: author.token });
    expect(await t.db.select().from(reviewVotes).where(eq(reviewVotes.reviewId, id))).toEqual([]);
  });
});

describe('GET /reviews/{kind}/{id}/mine', () => {
  it('gives the person their review in any status, what they found helpful, and why they may not review', async () => {
    const shop = await listing('outlet');
    const [person, other] = [await reviewer({ name: 'Sunita' }), await reviewer()];
    const theirs = (await review('outlet', shop.id, other.token, { rating: 4, text: 'Fresh bread.' })).json().data;
    const before = await call('GET', `/reviews/outlet/${shop.id}/mine`, { token: person.token });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ success: true, data: { mine: null, helpful: [], cannot: null } });

    const mine = (await review('outlet', shop.id, person.token, { rating: 3 })).json().data;
    await t.db.update(reviews).set({ status: 'pending' }).where(eq(reviews.id, mine.id));
    await call('POST', `/reviews/outlet/${shop.id}/${theirs.id}/helpful`, { token: person.token });
    const after = (await call('GET', `/reviews/outlet/${shop.id}/mine`, { token: person.token })).json();
    expect(after.data).toEqual({
      mine: { ...mine, status: 'pending' },
      helpful: [theirs.id],
      cannot: null,
    });

    const owner = (await call('GET', `/reviews/outlet/${shop.id}/mine`, { token: aliceToken })).json();
    expect(owner.data).toEqual({ mine: null, helpful: [], cannot: 'owner' });
    const unverified = await reviewer({ phoneVerified: false });
    const phone = (await call('GET', `/reviews/outlet/${shop.id}/mine`, { token: unverified.token })).json();
    expect(phone.data).toEqual({ mine: null, helpful: [], cannot: 'phone' });
    const signedOut = await call('GET', `/reviews/outlet/${shop.id}/mine`);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual(refused('Sign in to continue.'));
  });
});

describe('the site setting: reviews wait for moderation', () => {
  const setModeration = (moderation: string) =>
    call('PUT', '/admin/home/reviews', { token: adminToken, payload: { moderation } });

  it('holds new and changed reviews as pending, uncounted until an admin publishes them', async () => {
    const shop = await listing('outlet');
    const [early, late] = [await reviewer(), await reviewer()];
    await review('outlet', shop.id, early.token, { rating: 5 });
    const set = await setModeration('hold');
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ success: true, message: 'Updated Successfully', data: { moderation: 'hold' } });
    try {
      const res = await review('outlet', shop.id, late.token, { rating: 1, text: 'Stale bread.' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        message: 'Thank you, your review will be shown once a moderator has read it',
        data: { status: 'pending' },
      });
      expect(await columns('outlet', shop.id)).toEqual({ count: 1, sum: 5 });
      expect((await call('GET', `/reviews/outlet/${shop.id}`)).json().data).toHaveLength(1);

      // A change of a published review waits again, and leaves the rating meanwhile.
      const edit = await call('PUT', `/reviews/outlet/${shop.id}`, { token: early.token, payload: { rating: 2 } });
      expect(edit.json().data.status).toBe('pending');
      expect(await columns('outlet', shop.id)).toEqual({ count: 0, sum: 0 });

      const pending = (await call('GET', '/admin/reviews?status=pending&pageSize=100', { token: adminToken })).json();
      const ours = pending.data.filter((r: { listing: { id: string } }) => r.listing.id === shop.id);
      expect(ours).toHaveLength(2);
      for (const r of ours) await call('POST', `/admin/reviews/${r.id}/publish`, { token: adminToken });
      expect(await columns('outlet', shop.id)).toEqual({ count: 2, sum: 3 });
    } finally {
      await setModeration('publish');
    }
    expect((await call('GET', '/admin/home', { token: adminToken })).json().data.reviews).toEqual({
      moderation: 'publish',
    });
  });

  it('refuses a moderation setting it does not know with 400', async () => {
    const res = await setModeration('maybe');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      error: 'The request has invalid fields.',
      details: [{ parameter: 'moderation', errors: ['Must be publish or hold'] }],
    });
  });
});

describe('the burst rule', () => {
  it(`holds each review beyond ${BURST_REVIEWS} in ${BURST_HOURS} h from accounts under ${NEW_ACCOUNT_DAYS} days old`, async () => {
    const shop = await listing('outlet');
    const fresh = () => reviewer({ createdAt: new Date() });
    const statuses = [];
    for (let i = 0; i < BURST_REVIEWS + 1; i++)
      statuses.push((await review('outlet', shop.id, (await fresh()).token, { rating: 5 })).json().data.status);
    expect(statuses).toEqual(['published', 'published', 'published', 'pending']);
    expect(await columns('outlet', shop.id)).toEqual({ count: 3, sum: 15 });

    // An account of more than a week is not part of a burst; nor is another listing.
    const settled = await reviewer({ createdAt: new Date(Date.now() - (NEW_ACCOUNT_DAYS + 1) * 86_400_000) });
    expect((await review('outlet', shop.id, settled.token, { rating: 2 })).json().data.status).toBe('published');
    const other = await listing('outlet');
    expect((await review('outlet', other.id, (await fresh()).token, { rating: 5 })).json().data.status).toBe(
      'published',
    );

    // Once the run is older than the window, a new account's review is published again.
    const longAgo = new Date(Date.now() - (BURST_HOURS + 1) * 3_600_000);
    await t.db.update(reviews).set({ createdAt: longAgo }).where(eq(reviews.listingId, shop.id));
    expect((await review('outlet', shop.id, (await fresh()).token, { rating: 4 })).json().data.status).toBe(
      'published',
    );
  });
});

describe('rate limits on writing reviews', () => {
  it('takes at most 5 review writes a minute from one account, and 10 from one address', async () => {
    const person = await reviewer();
    const shops = [];
    for (let i = 0; i < 6; i++) shops.push(await listing('outlet'));
    for (const shop of shops.slice(0, 5))
      expect((await review('outlet', shop.id, person.token, { rating: 4 })).statusCode).toBe(201);
    const sixth = await review('outlet', shops[5].id, person.token, { rating: 4 });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual(refused('Too many requests; try again later.'));
    expect(sixth.headers['retry-after']).toEqual(expect.any(String));

    const ip = '198.51.100.23';
    const shop = await listing('outlet');
    for (let i = 0; i < 10; i++) {
      const res = await call('POST', `/reviews/outlet/${shop.id}`, {
        token: (await reviewer()).token,
        payload: { rating: 3 },
        ip,
      });
      expect(res.statusCode).toBe(201);
    }
    const eleventh = await call('POST', `/reviews/outlet/${shop.id}`, {
      token: (await reviewer()).token,
      payload: { rating: 3 },
      ip,
    });
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toEqual(refused('Too many requests; try again later.'));
  });
});

describe('bad input is a 400 or 404 with the SPEC §8 body, never a 500', () => {
  const invalid = (parameter: string, errors: string[]) => ({
    success: false,
    error: 'The request has invalid fields.',
    details: [{ parameter, errors }],
  });
  const stars = invalid('rating', ['Choose 1 to 5 stars']);

  it.each([
    ['no stars', { text: 'Good' }, stars],
    ['empty stars', { rating: '' }, stars],
    ['0 stars', { rating: 0 }, stars],
    ['6 stars', { rating: 6 }, stars],
    ['"abc" stars', { rating: 'abc' }, stars],
    ['half a star', { rating: 4.5 }, stars],
    ['2,001 characters', { rating: 4, text: 'a'.repeat(2001) }, invalid('text', ['At most 2000 characters'])],
    [
      'HTML',
      { rating: 4, text: 'Nice <script>alert(1)</script>' },
      invalid('text', ['Write plain text, without HTML']),
    ],
  ])('refuses a review with %s', async (_what, payload, body) => {
    const shop = await listing('outlet');
    const person = await reviewer();
    for (const method of ['POST', 'PUT'] as const) {
      const res = await call(method, `/reviews/outlet/${shop.id}`, { token: person.token, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(body);
    }
    expect(await rowsOf(shop.id)).toEqual([]);
  });

  it('refuses an unknown kind, a malformed id or review id, and a body that is not an object', async () => {
    const person = await reviewer();
    const kind = await call('POST', `/reviews/news/${w.news.id}`, { token: person.token, payload: { rating: 4 } });
    expect(kind.statusCode).toBe(400);
    expect(kind.json()).toEqual(invalid('kind', ['Invalid option: expected one of "expert"|"outlet"']));
    const id = await call('GET', '/reviews/outlet/not-a-uuid');
    expect(id.statusCode).toBe(400);
    expect(id.json()).toEqual(invalid('id', ['Unknown record']));
    const reviewId = await call('POST', `/reviews/outlet/${w.outlet.id}/42/helpful`, { token: person.token });
    expect(reviewId.statusCode).toBe(400);
    expect(reviewId.json()).toEqual(invalid('reviewId', ['Unknown review']));
    const beyond = await call('GET', `/reviews/outlet/${w.outlet.id}/mine/more`, { token: person.token });
    expect(beyond.statusCode).toBe(404);
    expect(beyond.json()).toEqual(refused('No such endpoint.'));

    const url = `/reviews/outlet/${w.outlet.id}`;
    const json = { 'content-type': 'application/json' };
    for (const [payload, headers, error] of [
      [[4], {}, 'Invalid input: expected object, received array'],
      ['rating=4', { 'content-type': 'text/plain' }, 'Invalid input: expected object, received string'],
      [undefined, json, "Body cannot be empty when content-type is set to 'application/json'"],
      ['{"rating":', json, "Body is not valid JSON but content-type is set to 'application/json'"],
    ] as const) {
      const res = await call('POST', url, { token: person.token, payload: payload as object, headers });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(invalid('body', [error]));
    }

    const sort = await call('GET', `${url}?sort=best&page=0`);
    expect(sort.statusCode).toBe(400);
    expect(sort.json()).toEqual({
      success: false,
      error: 'The request has invalid fields.',
      details: [
        { parameter: 'sort', errors: ['Invalid option: expected one of "newest"|"highest"|"lowest"|"helpful"'] },
        { parameter: 'page', errors: ['Must be 1 or more'] },
      ],
    });
    expect(
      await t.db
        .select()
        .from(reviews)
        .where(and(eq(reviews.listingId, w.outlet.id), eq(reviews.userId, person.id))),
    ).toEqual([]);
  });
});

import type { TListingKind } from '@chaupal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviews } from '../../db/schema';
import { makeTaxon } from '../../seed/factories';
import { type TestContext, testApp } from '../../test/harness';
import { reviewKit } from '../../test/review-kit';
import { buildWorld, type TWorld } from '../../test/world';

let t: TestContext;
let w: TWorld;
const { call, reviewer, listing } = reviewKit(() => ({ t, w }));
beforeAll(async () => {
  t = await testApp();
  w = await buildWorld(t.db);
}, 60_000);
afterAll(() => t.close());

const day = (n: number) => new Date(Date.UTC(2026, 2, n, 9));
const ids = (body: { data: { id: string }[] }) => body.data.map((r) => r.id);

describe('GET /reviews/{kind}/{id}', () => {
  /**
   * Four published reviews whose time, stars and helpful votes disagree on the order (and one pending, one removed):
   *   first  3★ day 1, 2 helpful | second 5★ day 2, 0 | third 1★ day 3, 2 | fourth 5★ day 4, 1
   */
  async function fourReviews(kind: TListingKind) {
    const place = await listing(kind);
    const made: Record<string, string> = {};
    const plan = [
      ['first', 3, 1],
      ['second', 5, 2],
      ['third', 1, 3],
      ['fourth', 5, 4],
      ['pending', 2, 5],
      ['removed', 4, 6],
    ] as const;
    for (const [name, rating, at] of plan) {
      const person = await reviewer({ name: `Reviewer ${name}` });
      const res = await call('POST', `/reviews/${kind}/${place.id}`, {
        token: person.token,
        payload: { rating, text: `The ${name} review.` },
      });
      made[name] = res.json().data.id;
      await t.db
        .update(reviews)
        .set({ createdAt: day(at) })
        .where(eq(reviews.id, made[name]));
    }
    const [v1, v2] = [await reviewer(), await reviewer()];
    for (const [voter, names] of [
      [v1, ['first', 'third', 'fourth']],
      [v2, ['first', 'third']],
    ] as const) {
      for (const name of names)
        await call('POST', `/reviews/${kind}/${place.id}/${made[name]}/helpful`, { token: voter.token });
    }
    await t.db.update(reviews).set({ status: 'pending' }).where(eq(reviews.id, made.pending));
    await t.db.update(reviews).set({ status: 'removed' }).where(eq(reviews.id, made.removed));
    return { place, made };
  }

  it.each([
    ['', ['fourth', 'third', 'second', 'first']],
    ['newest', ['fourth', 'third', 'second', 'first']],
    ['highest', ['fourth', 'second', 'first', 'third']],
    ['lowest', ['third', 'first', 'fourth', 'second']],
    ['helpful', ['third', 'first', 'fourth', 'second']],
  ])('sort=%s lists published reviews only, in that order', async (sort, order) => {
    const { place, made } = await fourReviews('outlet');
    const res = await call('GET', `/reviews/outlet/${place.id}?sort=${sort}`);
    expect(res.statusCode).toBe(200);
    expect(ids(res.json())).toEqual(order.map((name) => made[name]));
  });

  it('pages the list and answers the summary and each review in the public shape', async () => {
    const { place, made } = await fourReviews('expert');
    // The second reviewer's account is gone; the site kept the review without its author.
    await t.db.update(reviews).set({ userId: null }).where(eq(reviews.id, made.second));
    const res = await call('GET', `/reviews/expert/${place.id}?pageSize=3&page=2`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      success: true,
      data: [
        {
          id: made.first,
          rating: 3,
          text: 'The first review.',
          author: { id: expect.any(String), name: 'Reviewer first' },
          createdAt: day(1).toISOString(),
          editedAt: null,
          helpful: 2,
          reply: null,
        },
      ],
      meta: { page: 2, pageSize: 3, total: 4 },
      summary: { count: 4, average: 3.5, histogram: [1, 0, 1, 0, 2] },
    });
    const first = (await call('GET', `/reviews/expert/${place.id}?pageSize=3`)).json();
    expect(first.data.find((r: { id: string }) => r.id === made.second).author).toBeNull();
    const beyond = (await call('GET', `/reviews/expert/${place.id}?pageSize=3&page=3`)).json();
    expect(beyond).toMatchObject({ data: [], meta: { page: 3, pageSize: 3, total: 4 } });
  });

  it('answers a listing without reviews with an empty page and an empty summary', async () => {
    const place = await listing('expert');
    const res = await call('GET', `/reviews/expert/${place.id}`);
    expect(res.json()).toEqual({
      success: true,
      data: [],
      meta: { page: 1, pageSize: 12, total: 0 },
      summary: { count: 0, average: null, histogram: [0, 0, 0, 0, 0] },
    });
  });
});

describe('the lists: sort=rating and minRating', () => {
  /**
   * Experts of a service of their own, named so that A–Z disagrees with the rating: average 5.0 of 3, 4.5 of 10 and of
   * 4, 2.0 of 5, and no average yet (2, 1 and 0 reviews).
   */
  async function rated(kind: TListingKind) {
    const owner = await reviewer();
    const parent = await makeTaxon(t.db, kind === 'expert' ? 'services' : 'categories', { title: `Rated ${kind}` });
    const plan = [
      ['Zebra', 3, 15],
      ['Mango', 10, 45],
      ['Kiwi', 4, 18],
      ['Apple', 5, 10],
      ['Banana', 2, 10],
      ['Cherry', 1, 5],
      ['Date', 0, 0],
    ] as const;
    for (const [title, ratingCount, ratingSum] of plan)
      await listing(kind, { title, ratingCount, ratingSum, ownerId: owner.id }, parent.id);
    return { owner, parent };
  }
  const titles = async (url: string, token?: string) => {
    const res = await call('GET', url, { token });
    expect(res.statusCode).toBe(200);
    return (res.json().data as { title: string }[]).map((r) => r.title);
  };

  it('sorts experts by average among those with 3 reviews or more, then by count, then A–Z', async () => {
    const { owner, parent } = await rated('expert');
    const byRating = ['Zebra', 'Mango', 'Kiwi', 'Apple', 'Banana', 'Cherry', 'Date'];
    expect(await titles(`/experts/view?service=${parent.slug}&sort=rating`)).toEqual(byRating);
    expect(await titles(`/experts/view?service=${parent.slug}&sort=rating&circle=${w.circles.north.slug}`)).toEqual(
      byRating,
    );
    expect(await titles(`/experts/get/user?service=${parent.slug}&sort=rating`, owner.token)).toEqual(byRating);
    expect(await titles(`/experts/view?service=${parent.slug}`)).toEqual([
      'Apple',
      'Banana',
      'Cherry',
      'Date',
      'Kiwi',
      'Mango',
      'Zebra',
    ]);
    const cards = (await call('GET', `/experts/view?service=${parent.slug}&sort=rating&pageSize=2`)).json();
    expect(cards.data.map((e: { rating: unknown }) => e.rating)).toEqual([
      { count: 3, average: 5 },
      { count: 10, average: 4.5 },
    ]);
    expect(cards.meta).toEqual({ page: 1, pageSize: 2, total: 7 });
  });

  it('keeps "4 ★ and up": listings with 3 reviews or more whose average is the number or more', async () => {
    const { parent } = await rated('outlet');
    const list = `/outlets/view?category=${parent.slug}`;
    expect(await titles(`${list}&minRating=4`)).toEqual(['Kiwi', 'Mango', 'Zebra']);
    expect(await titles(`${list}&minRating=4&sort=rating`)).toEqual(['Zebra', 'Mango', 'Kiwi']);
    expect(await titles(`${list}&minRating=4.5&circle=${w.circles.north.slug}`)).toEqual(['Kiwi', 'Mango', 'Zebra']);
    expect(await titles(`${list}&minRating=5`)).toEqual(['Zebra']);
    expect(await titles(`${list}&minRating=1`)).toEqual(['Apple', 'Kiwi', 'Mango', 'Zebra']);
    expect(await titles(`${list}&minRating=`)).toHaveLength(7);
    const page = (await call('GET', `${list}&minRating=4&pageSize=1`)).json();
    expect(page.meta).toEqual({ page: 1, pageSize: 1, total: 3 });
  });

  it('gives every listing, card and related card its rating', async () => {
    const { parent } = await rated('expert');
    const [zebra] = (await call('GET', `/experts/view?service=${parent.slug}&q=Zebra`)).json().data;
    const detail = (await call('GET', `/experts/slug/${zebra.slug}`)).json();
    expect(detail.data.rating).toEqual({ count: 3, average: 5 });
    const related = Object.fromEntries(
      detail.related.map((c: { title: string; rating: unknown }) => [c.title, c.rating]),
    );
    expect(related).toMatchObject({ Mango: { count: 10, average: 4.5 }, Date: { count: 0, average: null } });
  });

  it.each([
    ['abc', 'Must be a number'],
    ['0', 'Must be 1 or more'],
    ['6', 'Must be 5 or less'],
  ])('refuses minRating=%s with 400', async (value, error) => {
    for (const url of [`/experts/view?minRating=${value}`, `/outlets/view?sort=rating&minRating=${value}`]) {
      const res = await call('GET', url);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        error: 'The request has invalid fields.',
        details: [{ parameter: 'minRating', errors: [error] }],
      });
    }
  });
});

it('documents the review endpoints in the OpenAPI document', async () => {
  const res = await t.app.inject({ url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  const paths = res.json().paths;
  expect(Object.keys(paths['/api/backend/v1/reviews/{kind}/{id}']).sort()).toEqual(['delete', 'get', 'post', 'put']);
  expect(Object.keys(paths['/api/backend/v1/reviews/{kind}/{id}/mine'])).toEqual(['get']);
  expect(Object.keys(paths['/api/backend/v1/reviews/{kind}/{id}/{reviewId}/reply'])).toEqual(['put']);
  expect(Object.keys(paths['/api/backend/v1/reviews/{kind}/{id}/{reviewId}/helpful']).sort()).toEqual([
    'delete',
    'post',
  ]);
});

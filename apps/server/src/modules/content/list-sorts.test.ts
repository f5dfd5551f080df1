import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCircle, makeExpert, makeFeature, makeNews, makeOutlet, makeTaxon, makeUser } from '../../seed/factories';
import { api } from '../../test/api';
import { type TestContext, testApp } from '../../test/harness';

let t: TestContext;
let token: string;

/**
 * Three records of each kind whose title, creation/publishing time and last update disagree on the order: A–Z is
 * Apple, Mango, Zebra; newest is Mango, Zebra, Apple; last updated is Zebra, Apple, Mango.
 */
const RECORDS = [
  { title: 'Apple', made: 1, updated: 2 },
  { title: 'Zebra', made: 2, updated: 3 },
  { title: 'Mango', made: 3, updated: 1 },
];
const day = (n: number) => new Date(Date.UTC(2026, 0, n));

beforeAll(async () => {
  t = await testApp();
  const db = t.db;
  const user = await makeUser(db);
  token = await t.app.tokens.issue(user);
  const circle = await makeCircle(db, { name: 'East' });
  const links = { userId: user.id, circleIds: [circle.id] };
  const service = await makeTaxon(db, 'services', { title: 'Tutors' });
  const category = await makeTaxon(db, 'categories', { title: 'Fruit' });
  const edition = await makeTaxon(db, 'editions', { title: 'Daily' });
  const page = await makeTaxon(db, 'pages', { title: 'Stories' });
  for (const r of RECORDS) {
    const times = { createdAt: day(r.made), updatedAt: day(10 + r.updated) };
    await makeExpert(db, { ...links, serviceIds: [service.id] }, { title: `${r.title} tutor`, ...times });
    await makeOutlet(
      db,
      { ...links, categoryIds: [category.id] },
      { title: `${r.title} stall`, publishingTime: day(r.made), ...times },
    );
    await makeNews(
      db,
      { ...links, editionId: edition.id },
      { title: `${r.title} report`, publishingTime: day(r.made), ...times },
    );
    await makeFeature(
      db,
      { ...links, pageId: page.id },
      { title: `${r.title} essay`, publishedDate: day(r.made), ...times },
    );
  }
});
afterAll(() => t.close());

const { get } = api(() => t);
const firstWords = async (url: string, withToken = false) => {
  const res = await get(url, withToken ? token : undefined);
  expect(res.statusCode).toBe(200);
  return (res.json().data as { title: string }[]).map((r) => r.title.split(' ')[0]);
};

const LISTS = [
  ['experts', '/experts/view', '/experts/get/user', ['Apple', 'Mango', 'Zebra']],
  ['outlets', '/outlets/view', '/outlets/view/user', ['Apple', 'Mango', 'Zebra']],
  ['news', '/newss/view', '/newss/view/user', ['Mango', 'Zebra', 'Apple']],
  ['features', '/blog', '/blog/user', ['Mango', 'Zebra', 'Apple']],
] as const;

describe.each(LISTS)('%s lists: sort=', (_kind, publicUrl, ownUrl, byDefault) => {
  it.each([
    ['', byDefault],
    ['newest', ['Mango', 'Zebra', 'Apple']],
    ['az', ['Apple', 'Mango', 'Zebra']],
    ['updated', ['Zebra', 'Apple', 'Mango']],
  ])('%s orders the public list and the contributor list alike', async (sort, expected) => {
    expect(await firstWords(`${publicUrl}?sort=${sort}`)).toEqual(expected);
    expect(await firstWords(`${ownUrl}?sort=${sort}`, true)).toEqual(expected);
  });

  it('keeps the title search a case-insensitive substring match, in the asked order', async () => {
    expect(await firstWords(`${publicUrl}?q=a&sort=az`)).toEqual(['Apple', 'Mango', 'Zebra']);
    expect(await firstWords(`${publicUrl}?q=ZEB&sort=newest`)).toEqual(['Zebra']);
    expect(await firstWords(`${publicUrl}?q=%25&sort=az`)).toEqual([]);
  });

  it('refuses an unknown sort with 400', async () => {
    const res = await get(`${publicUrl}?sort=oldest`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      error: 'The request has invalid fields.',
      details: [{ parameter: 'sort', errors: [expect.any(String)] }],
    });
  });
});

describe('circle-filtered news and features (read from the circle listing when newest first)', () => {
  it.each([
    ['/newss/view', 'newest', ['Mango', 'Zebra', 'Apple']],
    ['/newss/view', 'az', ['Apple', 'Mango', 'Zebra']],
    ['/blog', 'updated', ['Zebra', 'Apple', 'Mango']],
  ])('%s?circle=east&sort=%s', async (url, sort, expected) => {
    expect(await firstWords(`${url}?circle=east&sort=${sort}`)).toEqual(expected);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeNews } from '../../seed/factories';
import { api } from '../../test/api';
import { type TestContext, testApp } from '../../test/harness';
import { buildWorld, type TWorld } from '../../test/world';
import { SEARCH_DEPTH } from './search.service';

let t: TestContext;
let w: TWorld;

beforeAll(async () => {
  t = await testApp({ RATE_LIMIT_FACTOR: '100' });
  w = await buildWorld(t.db);
});
afterAll(() => t.close());

const links = () => ({ userId: w.users.alice.id, circleIds: [w.circles.north.id], editionId: w.editions.city.id });
const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000);

async function search(q: string, page: number) {
  const res = await api(t).get(`/search?q=${q}&kind=news&pageSize=50&page=${page}`);
  expect(res.statusCode).toBe(200);
  return res.json() as { data: { title: string }[]; meta: { total: number } };
}

/**
 * A kind answers with its best SEARCH_DEPTH records. When its titles alone hold the words in that many, a record
 * holding them only in its text is not among them, however new (search.service.ts reads no text then); with fewer,
 * it follows the titles.
 */
describe('a kind read to its depth', () => {
  it('answers the titles before any text-only record, and the text-only ones when the titles are fewer', async () => {
    await makeNews(t.db, links(), {
      title: 'Evening bulletin',
      content: '<p>The kiteflyers gather by the river.</p>',
      publishingTime: day(300),
    });
    await makeNews(t.db, links(), {
      title: 'Morning bulletin',
      content: '<p>No kiteflyers at dawn; the glidemakers came instead.</p>',
      publishingTime: day(301),
    });
    for (let n = 0; n < SEARCH_DEPTH; n++) {
      await makeNews(t.db, links(), { title: `Kiteflyers meet ${n}`, publishingTime: day(n) });
    }
    for (let n = 0; n < SEARCH_DEPTH / 2; n++) {
      await makeNews(t.db, links(), { title: `Glidemakers meet ${n}`, publishingTime: day(n) });
    }

    const titles: string[] = [];
    for (let page = 1; page <= SEARCH_DEPTH / 50; page++) {
      const body = await search('kiteflyers', page);
      expect(body.meta.total).toBe(SEARCH_DEPTH);
      titles.push(...body.data.map((h) => h.title));
    }
    expect(titles).toHaveLength(SEARCH_DEPTH);
    expect(titles.every((title) => title.startsWith('Kiteflyers meet'))).toBe(true);

    const glide: string[] = [];
    for (let page = 1; page <= 3; page++) glide.push(...(await search('glidemakers', page)).data.map((h) => h.title));
    expect(glide).toHaveLength(SEARCH_DEPTH / 2 + 1);
    expect(glide.slice(0, SEARCH_DEPTH / 2).every((title) => title.startsWith('Glidemakers meet'))).toBe(true);
    expect(glide.at(-1)).toBe('Morning bulletin');
  }, 120_000);
});

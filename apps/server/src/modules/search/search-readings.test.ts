import { type TSearchBody, zoneLocalTime } from '@chaupal/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchCounts, searchSynonyms } from '../../db/schema';
import { makeExpert, makeNews, makeTaxon } from '../../seed/factories';
import { api } from '../../test/api';
import { type TestContext, testApp } from '../../test/harness';
import { buildWorld, type TWorld } from '../../test/world';

let t: TestContext;
let w: TWorld;

/**
 * How a resident's words are read (search-readings.ts): honorifics, Devanagari, a place in the words, the admins'
 * synonyms, and the count of what was searched for. The response cache is on, as in production.
 */
beforeAll(async () => {
  t = await testApp({ RESPONSE_CACHE: 'true', RATE_LIMIT_FACTOR: '100' });
  w = await buildWorld(t.db);
  const alice = w.users.alice.id;
  const north = { userId: alice, circleIds: [w.circles.north.id], blockIds: [w.blocks.market.id] };
  const south = { userId: alice, circleIds: [w.circles.south.id], blockIds: [w.blocks.harbour.id] };
  const plumbers = await makeTaxon(t.db, 'services', { title: 'Plumbers' });
  await makeExpert(t.db, { ...north, serviceIds: [w.services.lawyers.id] }, { title: 'Sharma & Associates' });
  await makeExpert(t.db, { ...south, serviceIds: [plumbers.id] }, { title: 'Gupta Plumbing Works' });
  await makeExpert(t.db, { ...north, serviceIds: [plumbers.id] }, { title: 'Ramesh Yadav' });
  await makeExpert(t.db, { ...south, serviceIds: [plumbers.id] }, { title: 'Pipe Doctor' });
  await makeNews(t.db, { ...north, editionId: w.editions.city.id }, { title: 'सदर बाज़ार में साप्ताहिक हाट' });
});
afterAll(() => t.close());

const search = async (q: string) => {
  const res = await api(() => t).get(`/search?q=${encodeURIComponent(q)}`);
  expect(res.statusCode).toBe(200);
  return res.json() as TSearchBody;
};
const titles = (body: { data: { title: string }[] }) => body.data.map((h) => h.title);

describe('reading a resident’s words', () => {
  it('lets an honorific or a small word not block a name: dr sharma, shri ramesh yadav', async () => {
    expect(titles(await search('dr sharma'))).toEqual(['Sharma & Associates']);
    expect(titles(await search('Shri Ramesh Yadav'))).toEqual(['Ramesh Yadav']);
    // Where a title holds the honorific, it is a search for that title: Dr. Meera Iyer, not every Meera.
    expect(titles(await search('dr meera'))).toEqual(['Dr. Meera Iyer']);
  });

  it('ranks the records of the place named in the words over the service itself, which is in no place', async () => {
    // What + where: South's plumbers (by title, then filed under Plumbers), then the service.
    const inSouth = await search('plumber in south');
    expect(titles(inSouth)).toEqual(['Gupta Plumbing Works', 'Pipe Doctor', 'Plumbers']);
    // The answer says where the words named, and what was searched for there.
    expect(inSouth.place).toEqual({ circleName: 'South', blockName: null, q: 'plumber' });
    expect((await search('plumbers')).place).toBeNull();
    // Without a place the service is the best answer for its own name.
    expect(titles(await search('plumbers'))[0]).toBe('Plumbers');
  });

  it('finds English records for Devanagari words, and Hindi records for Hindi words', async () => {
    expect(titles(await search('शर्मा'))).toEqual(['Sharma & Associates']);
    expect(titles(await search('गुप्ता प्लंबिंग'))).toEqual(['Gupta Plumbing Works']);
    expect(titles(await search('डॉक्टर नॉर्थ'))[0]).toBe('Dr. Meera Iyer');
    expect(titles(await search('साप्ताहिक हाट'))).toEqual(['सदर बाज़ार में साप्ताहिक हाट']);
  });

  it('offers a did-you-mean from titles, services and places when nothing is found', async () => {
    const body = await search('plumbrs harbur');
    expect(body.meta.total).toBe(0);
    expect(body.suggestion).toBe('plumbers harbour');
  });

  it('applies a synonym an admin added, for searches made after it', async () => {
    expect((await search('nalsaaz')).meta.total).toBe(0);
    await t.db.insert(searchSynonyms).values({ term: 'plumbers', words: ['nalsaaz'] });
    await t.app.responseCache.invalidate(['taxonomy']);
    expect(titles(await search('nalsaaz'))[0]).toBe('Plumbers');
    await t.db.delete(searchSynonyms).where(eq(searchSynonyms.term, 'plumbers'));
  });
});

describe('what the town searched for', () => {
  const today = () => zoneLocalTime(new Date(), t.config.siteTz).date;
  const counted = async (query: string) => {
    await t.app.searchLog.flush();
    return t.db
      .select({ searches: searchCounts.searches, results: searchCounts.results })
      .from(searchCounts)
      .where(sql`${searchCounts.day} = ${today()} and ${searchCounts.query} = ${query}`);
  };

  it('counts each search a day under its normalised words, with its hits, the cached answers too', async () => {
    await search('Gupta  PLUMBING');
    await search('gupta plumbing');
    // A results page counts once, though its render reads the API in-process.
    const page = await t.app.inject({ url: '/search?q=gupta%20plumbing' });
    expect(page.statusCode).toBe(200);
    expect(await counted('gupta plumbing')).toEqual([{ searches: 3, results: 1 }]);
    // The next page of the same search, or the same search narrowed to a kind, is not another search.
    await api(() => t).get('/search?q=gupta%20plumbing&page=2');
    await api(() => t).get('/search?q=gupta%20plumbing&kind=expert');
    expect(await counted('gupta plumbing')).toEqual([{ searches: 3, results: 1 }]);
  });

  it('counts a search that found nothing with 0 hits, and keeps no e-mail address or phone number', async () => {
    await search('zorbing arena');
    expect(await counted('zorbing arena')).toEqual([{ searches: 1, results: 0 }]);
    await search('call 98765 43210 or a.b@example.com');
    expect(await counted('call # or @')).toEqual([{ searches: 1, results: 0 }]);
  });
});

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeExpert, makeFeature, makeNews, makeTaxon, makeUser } from '../../seed/factories';
import { api } from '../../test/api';
import { type TestContext, testApp } from '../../test/harness';
import { buildWorld, type TWorld } from '../../test/world';

let t: TestContext;
let w: TWorld;
const ids: Record<string, string> = {};

/**
 * The test town (world.ts) plus records whose words the searches below look for. The response cache is on, as in
 * production, so every write below must make the cached answers stale at once.
 */
beforeAll(async () => {
  t = await testApp({ RESPONSE_CACHE: 'true', RATE_LIMIT_FACTOR: '100' });
  const db = t.db;
  w = await buildWorld(db);
  const alice = w.users.alice.id;
  const north = { userId: alice, circleIds: [w.circles.north.id], blockIds: [w.blocks.market.id] };
  const south = { userId: alice, circleIds: [w.circles.south.id], blockIds: [w.blocks.harbour.id] };

  ids.plumbers = (await makeTaxon(db, 'services', { title: 'Plumbers', description: 'Pipes and taps.' })).id;
  ids.electricians = (await makeTaxon(db, 'services', { title: 'Electricians' })).id;
  ids.sharma = (
    await makeExpert(
      db,
      { ...north, serviceIds: [w.services.doctors.id] },
      {
        title: 'Dr. Sharma Family Clinic',
        image: '/uploads/ab/sharma.jpg',
        description: '<p>General physician &amp; <b>child care</b>, open every morning.</p>',
      },
    )
  ).id;
  ids.sharmaSouth = (
    await makeExpert(db, { ...south, serviceIds: [w.services.doctors.id] }, { title: 'Sharma Dental Care' })
  ).id;

  // Ranking: the word in one title, and only in the text of another.
  ids.tandoorTitle = (
    await makeFeature(
      db,
      { ...north, pageId: w.pages.food.id },
      { title: 'Tandoor nights', publishedDate: new Date('2026-03-01T10:00:00Z') },
    )
  ).id;
  ids.tandoorText = (
    await makeNews(
      db,
      { ...north, editionId: w.editions.city.id },
      {
        title: 'Market day returns',
        description: 'Stalls reopen on Sunday.',
        content: `<p>${'Vendors set up early. '.repeat(12)}The old tandoor by the gate is lit again, and bread sells out by noon.</p>`,
        publishingTime: new Date('2026-03-02T10:00:00Z'),
      },
    )
  ).id;

  // Visibility: one public record and one of each way a record is kept off the site.
  const zephyr = (title: string, o: Partial<Parameters<typeof makeNews>[2]> = {}, editionId = w.editions.city.id) =>
    makeNews(db, { ...north, editionId }, { title, ...o });
  ids.zephyr = (await zephyr('Zephyr arrives early')).id;
  await zephyr('Zephyr pending story', { status: 'pending' });
  await zephyr('Zephyr held story', { status: 'hold' });
  await zephyr('Zephyr in a closed edition', {}, w.editions.heldEdition.id);
  await makeNews(db, { userId: w.users.held.id, editionId: w.editions.city.id }, { title: 'Zephyr by a held owner' });
  await makeTaxon(db, 'services', { title: 'Zephyr repairs', status: 'hold' });

  // Filed under: a service named by the query, with its experts, and a news item naming it only in its text.
  ids.tailors = (await makeTaxon(db, 'services', { title: 'Tailors' })).id;
  ids.needle = (await makeExpert(db, { ...north, serviceIds: [ids.tailors] }, { title: 'Needle & Thread' })).id;
  ids.stitch = (await makeExpert(db, { ...south, serviceIds: [ids.tailors] }, { title: 'Stitch Point' })).id;
  // Filed under a near spelling of the query, beside a title that is only as near by chance.
  ids.volt = (await makeExpert(db, { ...north, serviceIds: [ids.electricians] }, { title: 'Volt Works' })).id;
  await makeExpert(db, { ...north, serviceIds: [w.services.doctors.id] }, { title: 'Dr. Rao — Paediatrician' });
  ids.wedding = (
    await makeNews(
      db,
      { ...north, editionId: w.editions.city.id },
      { title: 'Wedding season rush', description: 'Tailors in the market take orders until midnight.' },
    )
  ).id;

  // Paging: fifteen news with one word in common.
  for (let i = 1; i <= 15; i++) {
    await makeNews(
      db,
      { userId: alice, editionId: w.editions.city.id },
      { title: `Kite contest round ${i}`, publishingTime: new Date(Date.UTC(2026, 1, i)) },
    );
  }
});
afterAll(() => t.close());

/** The answer of a search on a town: this file's, or a test's own. */
const searchOn = (ctx: () => TestContext) => async (query: string) => {
  const res = await api(ctx).get(`/search?${query}`);
  expect(res.statusCode).toBe(200);
  return res.json();
};
const search = searchOn(() => t);
const titles = (body: { data: { title: string }[] }) => body.data.map((h) => h.title);

describe('GET /search', () => {
  it('answers a whole hit: kind, ids, page path, marked title and snippet, image, circles, date', async () => {
    const body = await search('q=sharma%20clinic');
    expect(body).toEqual({
      success: true,
      data: [
        {
          kind: 'expert',
          id: ids.sharma,
          slug: 'dr-sharma-family-clinic',
          title: 'Dr. Sharma Family Clinic',
          url: '/experts/dr-sharma-family-clinic',
          snippet: 'General physician & child care, open every morning.',
          titleMarks: [
            { start: 4, end: 10 },
            { start: 18, end: 24 },
          ],
          snippetMarks: [],
          image: '/uploads/ab/sharma.jpg',
          circles: ['North'],
          date: null,
        },
      ],
      meta: { page: 1, pageSize: 12, total: 1 },
      facets: [{ kind: 'expert', count: 1 }],
      suggestion: null,
      place: null,
    });
  });

  it('ranks a title match above a match only in the text, and marks the word in the snippet', async () => {
    const body = await search('q=tandoor');
    expect(body.data.map((h: { id: string }) => h.id)).toEqual([ids.tandoorTitle, ids.tandoorText]);
    const [feature, news] = body.data;
    expect(feature).toMatchObject({
      kind: 'feature',
      url: '/article/tandoor-nights',
      date: '2026-03-01T10:00:00.000Z',
    });
    expect(feature.titleMarks).toEqual([{ start: 0, end: 7 }]);
    expect(news.titleMarks).toEqual([]);
    expect(news.snippet.length).toBeLessThanOrEqual(200);
    expect(news.snippet).toMatch(/^…/);
    const [mark] = news.snippetMarks;
    expect(news.snippet.slice(mark.start, mark.end)).toBe('tandoor');
    expect(body.facets).toEqual([
      { kind: 'news', count: 1 },
      { kind: 'feature', count: 1 },
    ]);
  });

  it.each([
    ['plumbr', 'Plumbers', 'service', '/service/plumbers'],
    ['electrcian', 'Electricians', 'service', '/service/electricians'],
    ['plumb', 'Plumbers', 'service', '/service/plumbers'],
    ['dr%20sharma', 'Dr. Sharma Family Clinic', 'expert', '/experts/dr-sharma-family-clinic'],
    ['DR.%20SHARMA', 'Dr. Sharma Family Clinic', 'expert', '/experts/dr-sharma-family-clinic'],
  ])('finds %s despite the typo, partial word or case: %s first', async (q, title, kind, url) => {
    const body = await search(`q=${q}`);
    expect(body.data[0]).toMatchObject({ title, kind, url });
    expect(body.data[0].titleMarks.length).toBeGreaterThan(0);
  });

  it('finds the records filed under a service the query names: after title matches, in list order, before text matches', async () => {
    const body = await search('q=tailors');
    expect(body.data.map((h: { id: string }) => h.id)).toEqual([ids.tailors, ids.needle, ids.stitch, ids.wedding]);
    expect(body.data.map((h: { kind: string }) => h.kind)).toEqual(['service', 'expert', 'expert', 'news']);
    expect(body.facets).toEqual([
      { kind: 'service', count: 1 },
      { kind: 'expert', count: 2 },
      { kind: 'news', count: 1 },
    ]);
    // A near spelling of the service's name is enough; the text says "tailors", so the news item is not a hit.
    expect(titles(await search('q=tailor'))).toEqual(['Tailors', 'Needle & Thread', 'Stitch Point']);
    expect(titles(await search('q=tailors&kind=expert'))).toEqual(['Needle & Thread', 'Stitch Point']);
  });

  it("ranks a service's experts by how near its name is to the query, over a title only as near by chance", async () => {
    // word similarity to "electrician": "Electricians" 0.92, so its experts 2 + 0.9 × 0.92; "Paediatrician" 0.5.
    expect(titles(await search('q=electrician'))).toEqual(['Electricians', 'Volt Works', 'Dr. Rao — Paediatrician']);
  });

  it('keeps the place filter and excluded words for records found by their service', async () => {
    // In a place, its tailors come before the service itself, which is in no place.
    expect(titles(await search('q=tailors&circleName=South'))).toEqual(['Stitch Point', 'Tailors']);
    expect(titles(await search('q=tailors%20-stitch'))).toEqual(['Tailors', 'Needle & Thread', 'Wedding season rush']);
    // A circle's name in the words is where: "tailors north" is the tailors in North.
    expect(titles(await search('q=tailors%20north'))).toEqual(titles(await search('q=tailors&circleName=North')));
  });

  it('finds the features of a page and the news of an edition the query names, newest first', async () => {
    const food = await search('q=food&kind=feature');
    expect(food.data.map((h: { id: string }) => h.id)).toEqual([w.feature.id, ids.tandoorTitle]);
    const city = await search('q=city&kind=news&pageSize=3');
    expect(titles(city)).toEqual(['Wedding season rush', 'Zephyr arrives early', 'Bridge reopens']);
  });

  it('suggests the spelling public titles use for a misspelt word, and nothing for a known one', async () => {
    expect((await search('q=plumbr')).suggestion).toBe('plumbers');
    // The place the words named stays in the suggestion.
    expect((await search('q=electrcian%20north')).suggestion).toBe('electricians north');
    expect((await search('q=plumbers')).suggestion).toBeNull();
    expect((await search('q=xqzwv')).suggestion).toBeNull();
    // An excluded word stays as the reader wrote it and is never offered for a word they asked for.
    expect((await search('q=plumbr%20-tax')).suggestion).toBe('plumbers -tax');
    expect((await search('q=plumbr%20-plumbers')).suggestion).toBeNull();
    // Only the word asked for is rewritten: the same spelling excluded stays as the reader wrote it.
    expect((await search('q=plumbr%20-plumbr')).suggestion).toBe('plumbers -plumbr');
    expect((await search('q=e-plumbr')).suggestion).toBe('e-plumbers');
  });

  it('lists only public records: not pending, held, under a held parent, of a held owner, or a held taxon', async () => {
    const body = await search('q=zephyr');
    expect(body.data.map((h: { id: string }) => h.id)).toEqual([ids.zephyr]);
    expect(body.meta.total).toBe(1);
    expect(body.facets).toEqual([{ kind: 'news', count: 1 }]);
  });

  it('filters by kind, while the facets count every kind', async () => {
    const all = await search('q=sharma');
    expect(all.meta.total).toBe(2);
    const experts = await search('q=sharma&kind=expert');
    expect(experts.facets).toEqual([{ kind: 'expert', count: 2 }]);
    const services = await search('q=doctors&kind=service');
    expect(titles(services)).toEqual(['Doctors']);
    expect(services.meta.total).toBe(1);
    const none = await search('q=sharma&kind=news');
    expect(none).toMatchObject({ data: [], meta: { total: 0 }, facets: [{ kind: 'expert', count: 2 }] });
  });

  it('leaves out records holding a word the query excludes, even when their title is a near match', async () => {
    expect(titles(await search('q=sharma%20-dental'))).toEqual(['Dr. Sharma Family Clinic']);
    expect(titles(await search('q=sharmaa%20-dental'))).toEqual(['Dr. Sharma Family Clinic']);
  });

  it('finds nothing for a query of operators or excluded words only', async () => {
    for (const q of ['-', 'OR', '-sharma', '%22%22']) {
      expect(await search(`q=${q}`)).toEqual({
        success: true,
        data: [],
        meta: { page: 1, pageSize: 12, total: 0 },
        facets: [],
        suggestion: null,
        place: null,
      });
    }
  });

  it('limits content to the named circle or locality, by name in any case or slug', async () => {
    expect(titles(await search('q=sharma&circleName=North'))).toEqual(['Dr. Sharma Family Clinic']);
    expect(titles(await search('q=sharma&circleName=south'))).toEqual(['Sharma Dental Care']);
    expect(titles(await search('q=sharma&blockName=Harbour'))).toEqual(['Sharma Dental Care']);
    expect(titles(await search('q=sharma&circleName=North&blockName=Harbour'))).toEqual([]);
  });

  it('keeps taxonomy hits under a place filter (they are not bound to one)', async () => {
    const body = await search('q=plumbers&circleName=South');
    expect(titles(body)).toEqual(['Plumbers']);
  });

  it('finds nothing at all in an unknown or held place', async () => {
    for (const place of ['circleName=Atlantis', 'blockName=Nowhere', 'circleName=Closed%20Circle']) {
      expect(await search(`q=plumbers&${place}`)).toEqual({
        success: true,
        data: [],
        meta: { page: 1, pageSize: 12, total: 0 },
        facets: [],
        suggestion: null,
        place: null,
      });
    }
  });

  it('pages through the ranked list with its total', async () => {
    const p1 = await search('q=kite%20contest&pageSize=5');
    expect(p1.meta).toEqual({ page: 1, pageSize: 5, total: 15 });
    expect(p1.data).toHaveLength(5);
    const p3 = await search('q=kite%20contest&pageSize=5&page=3');
    expect(p3.data).toHaveLength(5);
    const seen = new Set([...p1.data, ...p3.data].map((h: { id: string }) => h.id));
    expect(seen.size).toBe(10);
    const p4 = await search('q=kite%20contest&pageSize=5&page=4');
    expect(p4).toMatchObject({ data: [], meta: { page: 4, pageSize: 5, total: 15 } });
  });
});

describe('search and writes, through the response cache', () => {
  // Each test renames or holds what it finds: a town of its own for each, so that neither the searches above nor
  // the other tests here see its writes.
  let c: TestContext;
  let cw: TWorld;
  let adminToken: string;
  const own: Record<string, string> = {};
  beforeEach(async () => {
    c = await testApp({ RESPONSE_CACHE: 'true', RATE_LIMIT_FACTOR: '100' });
    cw = await buildWorld(c.db);
    adminToken = await c.app.tokens.issue(await makeUser(c.db, { role: 'admin' }));
    const alice = cw.users.alice.id;
    own.tailors = (await makeTaxon(c.db, 'services', { title: 'Tailors' })).id;
    const inNorth = { userId: alice, circleIds: [cw.circles.north.id], serviceIds: [own.tailors] };
    await makeExpert(c.db, inNorth, { title: 'Needle & Thread' });
    await makeExpert(c.db, { ...inNorth, circleIds: [cw.circles.south.id] }, { title: 'Stitch Point' });
    own.carpenters = (await makeTaxon(c.db, 'services', { title: 'Carpenters' })).id;
  });
  afterEach(() => c.close());
  const { get, patch, put } = api(() => c);
  const search = searchOn(() => c);

  it('finds an edited title by its new words at once, and not by its old ones', async () => {
    const aliceToken = await c.app.tokens.issue(cw.users.alice);
    expect(titles(await search('q=bridge'))).toEqual(['Bridge reopens']);
    expect((await get('/search?q=bridge')).headers['x-cache']).toBe('hit');
    expect(titles(await search('q=ferry'))).toEqual([]);
    const edit = await patch(`/news/edit/${cw.news.id}`, { title: 'Ferry service resumes' }, aliceToken);
    expect(edit.statusCode).toBe(200);
    expect(titles(await search('q=ferry'))).toEqual(['Ferry service resumes']);
    // The old words are still in its text (the factory wrote the title there), so it ranks as a text match.
    const old = await search('q=bridge');
    expect(old.data).toMatchObject([{ title: 'Ferry service resumes', titleMarks: [] }]);
  });

  it("finds a service's experts by its new name at once after an admin renames it", async () => {
    expect(titles(await search('q=darzi'))).toEqual([]);
    expect((await get('/search?q=darzi')).headers['x-cache']).toBe('hit');
    const renamed = await put(
      `/admin/services/${own.tailors}`,
      { title: 'Darzi', slug: 'tailors', status: 'active' },
      adminToken,
    );
    expect(renamed.statusCode).toBe(200);
    expect(titles(await search('q=darzi'))).toEqual(['Darzi', 'Needle & Thread', 'Stitch Point']);
    expect(titles(await search('q=tailor'))).toEqual([]);
  });

  it('drops a held service at once', async () => {
    expect(titles(await search('q=carpenters'))).toEqual(['Carpenters']);
    expect((await get('/search?q=carpenters')).headers['x-cache']).toBe('hit');
    const held = await put(
      `/admin/services/${own.carpenters}`,
      { title: 'Carpenters', slug: 'carpenters', status: 'hold' },
      adminToken,
    );
    expect(held.statusCode).toBe(200);
    expect(await search('q=carpenters')).toMatchObject({ data: [], meta: { total: 0 }, facets: [] });
  });

  it("drops a held owner's records at once", async () => {
    const before = await search('q=fresh%20mart');
    expect(titles(before)).toEqual(['Fresh Mart']);
    expect((await get('/search?q=fresh%20mart')).headers['x-cache']).toBe('hit');
    const held = await patch(`/admin/users/${cw.users.alice.id}`, { status: 'hold' }, adminToken);
    expect(held.statusCode).toBe(200);
    const after = await get('/search?q=fresh%20mart');
    expect(after.headers['x-cache']).toBeUndefined();
    expect(after.json()).toMatchObject({ data: [], meta: { total: 0 }, facets: [] });
  });
});

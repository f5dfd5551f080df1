import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { news } from '../../db/schema';
import { makeBlock, makeCircle, makeNews, makeTaxon, makeUser } from '../../seed/factories';
import { api } from '../../test/api';
import { type TestContext, testApp } from '../../test/harness';
import { KIND_LIST, KINDS } from '../kinds';
import { publicWrite } from './public-write';

let t: TestContext;
let ids: Record<string, string>;

/**
 * 30 news in two editions and two circles with localities, at known times, so filters, order and paging can be
 * checked exactly.
 */
beforeAll(async () => {
  t = await testApp();
  const db = t.db;
  const east = await makeCircle(db, { name: 'East' });
  const west = await makeCircle(db, { name: 'West' });
  const fort = await makeBlock(db, [east.id], { name: 'Fort' });
  const lake = await makeBlock(db, [west.id], { name: 'Lake' });
  const city = await makeTaxon(db, 'editions', { title: 'City' });
  const sports = await makeTaxon(db, 'editions', { title: 'Sports' });
  const user = await makeUser(db);
  for (let i = 1; i <= 30; i++) {
    const inEast = i % 2 === 0;
    await makeNews(
      db,
      {
        userId: user.id,
        editionId: i % 3 === 0 ? sports.id : city.id,
        circleIds: [inEast ? east.id : west.id],
        blockIds: [inEast ? fort.id : lake.id],
      },
      {
        title: `Story ${String(i).padStart(2, '0')}${i === 7 ? ' about the Fair' : ''}`,
        publishingTime: new Date(Date.UTC(2026, 0, i)),
      },
    );
  }
  ids = { east: east.id, west: west.id, fort: fort.id, lake: lake.id, city: city.id, sports: sports.id };
});
afterAll(() => t.close());

const { get } = api(() => t);
const list = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode).toBe(200);
  const body = res.json();
  return { titles: (body.data as { title: string }[]).map((r) => r.title.slice(0, 8)), meta: body.meta };
};

describe('news list: order, filters and pages', () => {
  it('orders by publishing time, newest first, 12 a page by default', async () => {
    const { titles, meta } = await list('/newss/view');
    expect(meta).toEqual({ page: 1, pageSize: 12, total: 30 });
    expect(titles.slice(0, 3)).toEqual(['Story 30', 'Story 29', 'Story 28']);
    expect(titles).toHaveLength(12);
  });

  it('pages through without overlap and ends with an empty page', async () => {
    const p3 = await list('/newss/view?page=3');
    expect(p3.titles).toEqual(['Story 06', 'Story 05', 'Story 04', 'Story 03', 'Story 02', 'Story 01']);
    const p4 = await list('/newss/view?page=4');
    expect(p4).toEqual({ titles: [], meta: { page: 4, pageSize: 12, total: 30 } });
  });

  it('combines edition, circle and locality filters', async () => {
    const sportsEast = await list(`/newss/view?edition=${ids.sports}&circle=${ids.east}&pageSize=100`);
    expect(sportsEast.titles).toEqual(['Story 30', 'Story 24', 'Story 18', 'Story 12', 'Story 06']);
    expect(sportsEast.meta.total).toBe(5);
    const cityLake = await list(`/newss/view?edition=city&circle=west&block=${ids.lake}&pageSize=100`);
    expect(cityLake.meta.total).toBe(10);
    const none = await list(`/newss/view?circle=${ids.east}&block=${ids.lake}`);
    expect(none.meta.total).toBe(0);
  });

  it('combines a search with filters', async () => {
    const { titles, meta } = await list(`/newss/view?q=fair&circle=${ids.west}`);
    expect(titles).toEqual(['Story 07']);
    expect(meta.total).toBe(1);
  });

  it('treats empty filter values as no filter', async () => {
    const { meta } = await list('/newss/view?edition=&circle=&block=&q=&page=');
    expect(meta).toEqual({ page: 1, pageSize: 12, total: 30 });
  });

  it('accepts pageSize 1 and 100', async () => {
    expect((await list('/newss/view?pageSize=1')).titles).toEqual(['Story 30']);
    expect((await list('/newss/view?pageSize=100')).titles).toHaveLength(30);
  });
});

describe('bad list input answers 400 with details, never 500', () => {
  it.each([
    ['pageSize=0', 'pageSize'],
    ['pageSize=101', 'pageSize'],
    ['pageSize=abc', 'pageSize'],
    ['page=abc', 'page'],
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=1.5', 'page'],
    [`q=${'x'.repeat(5000)}`, 'q'],
    ['circle=<script>', 'circle'],
  ])('%s', async (query, parameter) => {
    const res = await get(`/newss/view?${query}`);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.success).toBe(false);
    expect(body.error).toBe('The request has invalid fields.');
    expect(body.details.map((d: { parameter: string }) => d.parameter)).toEqual([parameter]);
    expect(body.details[0].errors.length).toBeGreaterThan(0);
  });

  it.each([
    ['/newss/view?circle=00000000-0000-4000-8000-000000000000', 'circle', 'Unknown circle'],
    ['/newss/view?block=no-such-place', 'block', 'Unknown locality'],
    ['/newss/view?edition=no-such-edition', 'edition', 'Unknown edition'],
    ['/experts/view?service=nope', 'service', 'Unknown service'],
    ['/outlets/view?category=nope', 'category', 'Unknown category'],
    ['/blog?page=nope', 'page', 'Unknown page'],
    ['/blog?publishing_Page=nope', 'publishing_Page', 'Unknown page'],
  ])('%s names the unknown filter', async (url, parameter, error) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      error: 'The request has invalid fields.',
      details: [{ parameter, errors: [error] }],
    });
  });

  it.each(['/experts/view', '/outlets/view', '/blog'])('%s refuses pageSize=101 too', async (url) => {
    const res = await get(`${url}?pageSize=101`);
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].parameter).toBe('pageSize');
  });

  it('answers 404 with the error body for an unknown slug and an unknown endpoint', async () => {
    for (const url of [
      '/newss/slug/no-such-story',
      '/experts/slug/00000000-0000-4000-8000-000000000000',
      '/no/such/endpoint',
    ]) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json().success).toBe(false);
    }
  });
});

describe('circle-filtered lists follow changes to a record (circle listings)', () => {
  it('drops a record that stops being public and moves one whose edition or time changes', async () => {
    const story = (await get('/newss/slug/story-30')).json().data;
    const inSportsEast = async () =>
      (await list(`/newss/view?edition=${ids.sports}&circle=${ids.east}&pageSize=100`)).titles;
    expect(await inSportsEast()).toContain('Story 30');

    await publicWrite({ db: t.db, kinds: KIND_LIST }, async (tx, changes) => {
      await tx.update(news).set({ status: 'pending' }).where(eq(news.id, story.id));
      changes.records(KINDS.news, [story.id]);
    });
    expect(await inSportsEast()).not.toContain('Story 30');

    await publicWrite({ db: t.db, kinds: KIND_LIST }, async (tx, changes) => {
      await tx
        .update(news)
        .set({ status: 'active', editionId: ids.city, publishingTime: new Date(Date.UTC(2025, 0, 1)) })
        .where(eq(news.id, story.id));
      changes.records(KINDS.news, [story.id]);
    });
    expect(await inSportsEast()).not.toContain('Story 30');
    const cityEast = await list(`/newss/view?edition=${ids.city}&circle=${ids.east}&pageSize=100`);
    expect(cityEast.titles.at(-1)).toBe('Story 30');

    await publicWrite({ db: t.db, kinds: KIND_LIST }, async (tx, changes) => {
      await tx
        .update(news)
        .set({ editionId: ids.sports, publishingTime: new Date(Date.UTC(2026, 0, 30)) })
        .where(eq(news.id, story.id));
      changes.records(KINDS.news, [story.id]);
    });
    expect(await inSportsEast()).toContain('Story 30');
  });
});

describe('news detail and related', () => {
  it('gives the record and up to six related from the same edition, never itself', async () => {
    const res = await get('/newss/slug/story-30');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.title).toBe('Story 30');
    expect(body.related.map((r: { title: string }) => r.title)).toEqual([
      'Story 27',
      'Story 24',
      'Story 21',
      'Story 18',
      'Story 15',
      'Story 12',
    ]);
    expect(body.related.some((r: { id: string }) => r.id === body.data.id)).toBe(false);
  });

  it('gives each related record as a card: the fields a card shows, those of the record itself', async () => {
    const body = (await get('/newss/slug/story-30')).json();
    const [card] = body.related;
    expect(Object.keys(card).sort()).toEqual(
      ['description', 'id', 'image', 'language', 'location', 'publishing_time', 'slug', 'title'].sort(),
    );
    const whole = (await get('/newss/slug/story-27')).json().data;
    expect(card).toEqual({
      id: whole.id,
      slug: whole.slug,
      title: whole.title,
      description: whole.description,
      image: whole.image,
      publishing_time: whole.publishing_time,
      location: whole.location,
      language: whole.language,
    });
  });

  it('finds a record by id as well as by slug', async () => {
    const bySlug = (await get('/newss/slug/story-01')).json().data;
    const byId = await get(`/newss/slug/${bySlug.id}`);
    expect(byId.json().data.slug).toBe('story-01');
  });
});

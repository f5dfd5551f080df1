import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeFeature, makeTaxon } from '../../seed/factories';
import { api } from '../../test/api';
import { type TestContext, testApp } from '../../test/harness';
import { buildWorld, type TWorld } from '../../test/world';

let t: TestContext;
let w: TWorld;
// A new town for each test: /blog lists every feature of the database, and the tests count them.
beforeEach(async () => {
  t = await testApp();
  w = await buildWorld(t.db);
});
afterEach(() => t.close());

const { get } = api(() => t);

describe('GET /blog', () => {
  it('gives each feature the SPEC §3 shape with its publishing page', async () => {
    const res = await get('/blog?page=1');
    expect(res.statusCode).toBe(200);
    const f = w.feature;
    expect(res.json()).toEqual({
      success: true,
      data: [
        {
          id: f.id,
          slug: 'the-best-samosa',
          title: 'The best samosa',
          description: 'About The best samosa.',
          content: '<p>The best samosa</p>',
          photo: null,
          youtubeurl: null,
          publishedDate: f.publishedDate.toISOString(),
          location: 'Town',
          author: 'Staff Writer',
          language: 'en',
          view_type: 'image',
          status: 'active',
          userId: w.users.alice.id,
          createdBy: { status: 'active' },
          publishing_Page: {
            id: w.pages.food.id,
            slug: 'food',
            title: 'Food',
            content: '<p>Food stories</p>',
            metaTitle: '',
            metaDescription: '',
            metaKeywords: '',
          },
          circles: [{ id: w.circles.north.id, name: 'North', slug: 'north' }],
          blocks: [{ id: w.blocks.market.id, name: 'Market', slug: 'market' }],
          documents: [],
          metaTitle: '',
          metaDescription: '',
          metaKeywords: '',
          publish_at: null,
          unpublish_at: null,
          createdAt: f.createdAt.toISOString(),
          updatedAt: f.updatedAt.toISOString(),
        },
      ],
      meta: { page: 1, pageSize: 12, total: 1 },
    });
  });

  it('reads page= as a publishing page when it is not digits (DESIGN §4)', async () => {
    const travel = await makeTaxon(t.db, 'pages', { title: 'Travel' });
    await makeFeature(t.db, { userId: w.users.alice.id, pageId: travel.id }, { title: 'Hill walk' });
    for (const url of ['/blog?page=travel', `/blog?page=${travel.id}`, '/blog?publishing_Page=travel&page=1']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.map((x: { title: string }) => x.title)).toEqual(['Hill walk']);
      expect(res.json().meta.page).toBe(1);
    }
    const all = await get('/blog?page=1&pageSize=1');
    expect(all.json().meta).toEqual({ page: 1, pageSize: 1, total: 2 });
    const second = await get('/blog?page=2&pageSize=1');
    expect(second.json().meta.page).toBe(2);
  });

  it('gives a feature by slug with related features of the same page', async () => {
    await makeFeature(t.db, { userId: w.users.alice.id, pageId: w.pages.food.id }, { title: 'Jalebi trail' });
    const res = await get('/blog/slug/the-best-samosa');
    expect(res.statusCode).toBe(200);
    expect(res.json().related.map((x: { title: string }) => x.title)).toEqual(['Jalebi trail']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeNews, makeTaxon } from '../../seed/factories';
import { api } from '../../test/api';
import { type TestContext, testApp } from '../../test/harness';
import { buildWorld, type TWorld } from '../../test/world';

let t: TestContext;
let w: TWorld;
beforeAll(async () => {
  t = await testApp();
  w = await buildWorld(t.db);
});
afterAll(() => t.close());

const { get } = api(() => t);

describe('GET /newss/view', () => {
  it('gives each news item the SPEC §3 shape', async () => {
    const res = await get(`/newss/view?edition=${w.editions.city.id}`);
    expect(res.statusCode).toBe(200);
    const n = w.news;
    expect(res.json()).toEqual({
      success: true,
      data: [
        {
          id: n.id,
          slug: 'bridge-reopens',
          title: 'Bridge reopens',
          description: 'About Bridge reopens.',
          content: '<p>Bridge reopens</p>',
          image: null,
          reporter: 'Staff Reporter',
          publishing_time: n.publishingTime.toISOString(),
          location: 'Town',
          language: 'en',
          youtube_url: null,
          view_type: 'image',
          edition: { id: w.editions.city.id, title: 'City', slug: 'city' },
          editionId: w.editions.city.id,
          status: 'active',
          userId: w.users.alice.id,
          createdBy: { status: 'active' },
          circles: [{ id: w.circles.north.id, name: 'North', slug: 'north' }],
          blocks: [{ id: w.blocks.market.id, name: 'Market', slug: 'market' }],
          documents: [],
          metaTitle: '',
          metaDescription: '',
          metaKeywords: '',
          publish_at: null,
          unpublish_at: null,
          createdAt: n.createdAt.toISOString(),
          updatedAt: n.updatedAt.toISOString(),
        },
      ],
      meta: { page: 1, pageSize: 12, total: 1 },
    });
  });

  // The records below go in editions of their own, so the City edition's list above holds the world's item alone.
  it('says view_type video for a news item with a YouTube link', async () => {
    const fairs = await makeTaxon(t.db, 'editions', { title: 'Fairs' });
    await makeNews(t.db, { userId: w.users.alice.id, editionId: fairs.id }, { title: 'Fair opens' });
    await makeNews(
      t.db,
      { userId: w.users.alice.id, editionId: fairs.id },
      { title: 'Fair in pictures', youtubeUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
    );
    const res = await get('/newss/slug/fair-in-pictures');
    expect(res.json().data).toMatchObject({
      view_type: 'video',
      youtube_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    });
    expect(res.json().related.map((r: { slug: string }) => r.slug)).toEqual(['fair-opens']);
  });

  it('shows only active circles and localities of a record', async () => {
    const places = await makeTaxon(t.db, 'editions', { title: 'Places' });
    await makeNews(
      t.db,
      {
        userId: w.users.alice.id,
        editionId: places.id,
        circleIds: [w.circles.north.id, w.circles.heldCircle.id],
        blockIds: [w.blocks.heldBlock.id],
      },
      { title: 'Held places' },
    );
    const res = await get('/newss/slug/held-places');
    expect(res.json().data.circles).toEqual([{ id: w.circles.north.id, name: 'North', slug: 'north' }]);
    expect(res.json().data.blocks).toEqual([]);
  });
});

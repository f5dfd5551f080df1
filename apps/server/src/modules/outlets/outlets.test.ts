import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('GET /outlets/view', () => {
  it('gives each outlet the SPEC §3 shape', async () => {
    const res = await get(`/outlets/view?category=grocery&circle=north&status=active`);
    expect(res.statusCode).toBe(200);
    const o = w.outlet;
    expect(res.json()).toEqual({
      success: true,
      data: [
        {
          id: o.id,
          slug: 'fresh-mart',
          title: 'Fresh Mart',
          description: 'About Fresh Mart.',
          content: '',
          image: null,
          status: 'active',
          userId: w.users.alice.id,
          createdBy: { status: 'active' },
          call_now: '+919876543210',
          whatsapp_no: null,
          map_url: null,
          website_url: null,
          trust: {
            verifiedPhone: false,
            verifiedBusinessAt: null,
            confirmedAt: null,
            updatedOn: o.updatedAt.toISOString(),
          },
          street_address: null,
          pin_code: null,
          latitude: null,
          longitude: null,
          opening_hours: null,
          closed_at: null,
          rating: { count: 0, average: null },
          publishing_time: o.publishingTime.toISOString(),
          categories: [{ id: w.categories.grocery.id, title: 'Grocery', slug: 'grocery' }],
          circles: [{ id: w.circles.north.id, name: 'North', slug: 'north' }],
          blocks: [{ id: w.blocks.market.id, name: 'Market', slug: 'market' }],
          documents: [],
          metaTitle: '',
          metaDescription: '',
          metaKeywords: '',
          createdAt: o.createdAt.toISOString(),
          updatedAt: o.updatedAt.toISOString(),
        },
      ],
      meta: { page: 1, pageSize: 12, total: 1 },
    });
  });

  it('gives an outlet by slug with an empty related list when it is alone', async () => {
    const res = await get('/outlets/slug/fresh-mart');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { id: w.outlet.id }, related: [] });
  });
});

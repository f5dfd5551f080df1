import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeExpert, makeTaxon } from '../../seed/factories';
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

describe('GET /experts/view', () => {
  it('gives each expert the SPEC §3 shape', async () => {
    const res = await get(
      `/experts/view?service=${w.services.doctors.id}&circle=${w.circles.north.id}&block=${w.blocks.market.id}`,
    );
    expect(res.statusCode).toBe(200);
    const e = w.expert;
    expect(res.json()).toEqual({
      success: true,
      data: [
        {
          id: e.id,
          slug: 'dr-meera-iyer',
          title: 'Dr. Meera Iyer',
          description: 'About Dr. Meera Iyer.',
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
            updatedOn: e.updatedAt.toISOString(),
          },
          street_address: null,
          pin_code: null,
          latitude: null,
          longitude: null,
          opening_hours: null,
          closed_at: null,
          rating: { count: 0, average: null },
          services: [{ id: w.services.doctors.id, title: 'Doctors', slug: 'doctors', status: 'active' }],
          circles: [{ id: w.circles.north.id, name: 'North', slug: 'north' }],
          blocks: [{ id: w.blocks.market.id, name: 'Market', slug: 'market' }],
          documents: ['/uploads/ab/price-list.pdf'],
          metaTitle: '',
          metaDescription: '',
          metaKeywords: '',
          createdAt: e.createdAt.toISOString(),
          updatedAt: e.updatedAt.toISOString(),
        },
      ],
      meta: { page: 1, pageSize: 12, total: 1 },
    });
  });

  it('sorts experts by title', async () => {
    // A service of its own: the world's Doctors get a related expert in another test.
    const clinics = await makeTaxon(t.db, 'services', { title: 'Clinics' });
    for (const title of ['Zubin Clinic', 'Anand Clinic'])
      await makeExpert(t.db, { userId: w.users.alice.id, serviceIds: [clinics.id] }, { title });
    const res = await get(`/experts/view?service=${clinics.slug}`);
    expect(res.json().data.map((x: { title: string }) => x.title)).toEqual(['Anand Clinic', 'Zubin Clinic']);
  });

  it('ignores an Authorization header, even a broken one', async () => {
    const res = await t.app.inject({
      url: '/api/backend/v1/experts/view',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('GET /experts/slug/{slug}', () => {
  it('gives the expert and related experts of the same service', async () => {
    await makeExpert(
      t.db,
      { userId: w.users.alice.id, serviceIds: [w.services.doctors.id] },
      { title: 'Anand Clinic' },
    );
    const res = await get('/experts/slug/dr-meera-iyer');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data.title).toBe('Dr. Meera Iyer');
    expect(body.related.map((x: { title: string }) => x.title)).toEqual(['Anand Clinic']);
    // A card: its contact and place, no body, documents or circles.
    expect(Object.keys(body.related[0]).sort()).toEqual(
      [
        'call_now',
        'description',
        'id',
        'image',
        'latitude',
        'longitude',
        'opening_hours',
        'pin_code',
        'rating',
        'slug',
        'street_address',
        'title',
        'whatsapp_no',
      ].sort(),
    );
  });
});

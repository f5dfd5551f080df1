import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeExpert, makeOutlet } from '../../seed/factories';
import { api, verifiedContributor } from '../../test/accounts';
import { type TestContext, testApp } from '../../test/harness';
import { buildWorld, type TWorld } from '../../test/world';

/** A listing's place: address, PIN code, pin and opening hours on experts and outlets; "Near me" sorting. */

let t: TestContext;
let w: TWorld;
let a: ReturnType<typeof api>;
let owner: Awaited<ReturnType<typeof verifiedContributor>>;

beforeAll(async () => {
  t = await testApp({ RATE_LIMIT_FACTOR: '100', AUTO_APPROVE: 'true' });
  a = api(t);
  w = await buildWorld(t.db);
  owner = await verifiedContributor(t, 'Owner');
});
afterAll(() => t.close());

const HOURS = {
  weekly: {
    mon: [{ open: '09:00', close: '18:00' }],
    sat: [
      { open: '09:00', close: '13:00' },
      { open: '14:30', close: '18:00' },
    ],
    fri: [{ open: '18:00', close: '02:00' }],
  },
  exceptions: [{ date: '2026-12-25', ranges: [], note: 'Christmas' }],
};

const KINDS = [
  {
    kind: 'outlet',
    add: '/outlet/add',
    edit: '/outlet/edit/',
    list: '/outlets/view',
    slug: '/outlets/slug/',
    valid: () => ({
      title: 'Corner Chemist',
      categories: [w.categories.grocery.id],
      circles: [w.circles.north.id],
      blocks: [w.blocks.market.id],
      call_now: '+919876543210',
      description: '<p>Medicines.</p>',
    }),
  },
  {
    kind: 'expert',
    add: '/expert/add',
    edit: '/expert/edit/',
    list: '/experts/view',
    slug: '/experts/slug/',
    valid: () => ({
      title: 'Dr. Place',
      services: [w.services.doctors.id],
      circles: [w.circles.north.id],
      blocks: [w.blocks.market.id],
      call_now: '+919876543210',
      description: '<p>Physician.</p>',
    }),
  },
] as const;

describe.each(KINDS)('$kind place fields', ({ add, edit, slug, valid }) => {
  /** A new record of the owner's with every place field; each test makes its own. */
  const placed = () =>
    a.post(
      add,
      {
        ...valid(),
        street_address: '  12 Mall Road  ',
        pin_code: '226 001',
        latitude: '26.8467',
        longitude: '80.9462',
        // As the multipart form sends it: JSON text.
        opening_hours: JSON.stringify(HOURS),
      },
      owner.token,
    );

  it('stores street address, PIN code, pin and opening hours and shows them publicly', async () => {
    const res = await placed();
    expect(res.statusCode).toBe(200);
    const recordSlug = res.json().data.slug;
    const pub = await a.get(`${slug}${recordSlug}`);
    expect(pub.statusCode).toBe(200);
    expect(pub.json().data).toMatchObject({
      street_address: '12 Mall Road',
      pin_code: '226001',
      latitude: 26.8467,
      longitude: 80.9462,
      opening_hours: HOURS,
    });
    expect(pub.json().data).not.toHaveProperty('distance_km');
  });

  it('takes opening hours as an object (JSON body) and keeps the place when an edit leaves it out', async () => {
    const { id, slug: recordSlug } = (await placed()).json().data;
    const hours = { weekly: { sun: [{ open: '00:00', close: '24:00' }] } };
    const res = await a.call('PATCH', `${edit}${id}`, { token: owner.token, payload: { opening_hours: hours } });
    expect(res.statusCode).toBe(200);
    const data = (await a.get(`${slug}${recordSlug}`)).json().data;
    expect(data.opening_hours).toEqual({ ...hours, exceptions: [] });
    expect(data).toMatchObject({ street_address: '12 Mall Road', latitude: 26.8467 });
  });

  it('clears each field sent empty', async () => {
    const { id, slug: recordSlug } = (await placed()).json().data;
    const payload = { street_address: '', pin_code: '', latitude: '', longitude: '', opening_hours: '' };
    const res = await a.call('PATCH', `${edit}${id}`, { token: owner.token, payload });
    expect(res.statusCode).toBe(200);
    expect((await a.get(`${slug}${recordSlug}`)).json().data).toMatchObject({
      street_address: null,
      pin_code: null,
      latitude: null,
      longitude: null,
      opening_hours: null,
    });
  });

  it.each([
    [{ pin_code: '022600' }, 'pin_code', 'Must be a 6-digit PIN code'],
    [{ pin_code: '22600' }, 'pin_code', 'Must be a 6-digit PIN code'],
    [{ street_address: 'x'.repeat(301) }, 'street_address', 'Must be at most 300 characters'],
    [{ latitude: '91', longitude: '80' }, 'latitude', 'Must be between -90 and 90'],
    [{ latitude: '26', longitude: '-181' }, 'longitude', 'Must be between -180 and 180'],
    [{ latitude: 'north', longitude: '80' }, 'latitude', 'Must be a latitude in degrees'],
    // Only plain decimals: Number() would read these as 16, 80, 26 and a denormal.
    [{ latitude: '0x10', longitude: '80' }, 'latitude', 'Must be a latitude in degrees'],
    [{ latitude: '26', longitude: '8e1' }, 'longitude', 'Must be a longitude in degrees'],
    [{ latitude: '+26', longitude: '80' }, 'latitude', 'Must be a latitude in degrees'],
    [{ latitude: 5e-324, longitude: 80 }, 'latitude', 'Must be a latitude in degrees'],
    [{ latitude: '26.1234567890123', longitude: '80' }, 'latitude', 'Must be a latitude in degrees'],
    [{ latitude: '26.8' }, 'longitude', 'Give both latitude and longitude, or neither'],
    [{ longitude: '80.9' }, 'latitude', 'Give both latitude and longitude, or neither'],
    [{ opening_hours: '{weekly' }, 'opening_hours', 'Must be opening hours as JSON'],
    [
      { opening_hours: { weekly: { mon: [{ open: '9:00', close: '18:00' }] } } },
      'opening_hours.weekly.mon.0.open',
      'Must be a time as HH:MM (00:00 to 24:00)',
    ],
    [
      { opening_hours: { weekly: { tue: [{ open: '09:00', close: '09:00' }] } } },
      'opening_hours.weekly.tue.0.close',
      'Opening and closing times must differ',
    ],
    [
      {
        opening_hours: {
          weekly: {
            wed: [
              { open: '09:00', close: '13:00' },
              { open: '12:00', close: '18:00' },
            ],
          },
        },
      },
      'opening_hours.weekly.wed',
      'Time ranges of a day must not overlap',
    ],
    [
      { opening_hours: { weekly: {}, exceptions: [{ date: '2026-02-30', ranges: [] }] } },
      'opening_hours.exceptions.0.date',
      'Must be a real date',
    ],
    [
      {
        opening_hours: {
          weekly: {},
          exceptions: [
            { date: '2026-12-25', ranges: [] },
            { date: '2026-12-25', ranges: [{ open: '10:00', close: '12:00' }] },
          ],
        },
      },
      'opening_hours.exceptions.1.date',
      'Each date may have one exception',
    ],
  ])('refuses %j with a field error', async (fields, parameter, error) => {
    const res = await a.post(add, { ...valid(), title: 'Refused place', ...fields }, owner.token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      error: 'The request has invalid fields.',
      details: [{ parameter, errors: [error] }],
    });
  });
});

describe('records stored before the place fields', () => {
  it('read them as null', async () => {
    const res = await a.get(`/outlets/slug/${w.outlet.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      street_address: null,
      pin_code: null,
      latitude: null,
      longitude: null,
      opening_hours: null,
    });
  });
});

describe('sort=near', () => {
  // The visitor stands at Hazratganj, Lucknow. Distances by the haversine formula on a 6371.0088 km sphere.
  const here = { lat: 26.85, lng: 80.95 };
  beforeAll(async () => {
    const links = { userId: w.users.alice.id, circleIds: [w.circles.south.id], categoryIds: [w.categories.grocery.id] };
    const at = (title: string, latitude: number | null, longitude: number | null) =>
      makeOutlet(t.db, links, { title, latitude, longitude });
    await at('Far Kanpur Store', 26.4499, 80.3319); // ~76 km: outside the 50 km radius
    await at('Two Km Store', 26.868, 80.95); // 2 km north
    await at('Next Door Store', 26.8509, 80.95); // 0.1 km
    await at('Ten Km Store', 26.85, 81.0506); // 10 km east
    await at('No Pin Store', null, null);
    await makeOutlet(
      t.db,
      { ...links, userId: w.users.alice.id },
      { title: 'Hidden Near Store', latitude: 26.85, longitude: 80.95, status: 'pending' },
    );
    await makeExpert(
      t.db,
      { userId: w.users.alice.id, circleIds: [w.circles.south.id], serviceIds: [w.services.lawyers.id] },
      { title: 'Nearby Lawyer', latitude: 26.86, longitude: 80.95 },
    );
  });

  it('lists public pinned records within 50 km, nearest first, each with its distance', async () => {
    const res = await a.get(`/outlets/view?circle=south&sort=near&lat=${here.lat}&lng=${here.lng}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.map((o: { title: string; distance_km: number }) => [o.title, o.distance_km])).toEqual([
      ['Next Door Store', 0.1],
      ['Two Km Store', 2],
      ['Ten Km Store', 9.98],
    ]);
    expect(body.meta).toEqual({ page: 1, pageSize: 12, total: 3 });
  });

  it('pages through the same order', async () => {
    const res = await a.get(`/outlets/view?circle=south&sort=near&lat=${here.lat}&lng=${here.lng}&pageSize=2&page=2`);
    expect(res.json().data.map((o: { title: string }) => o.title)).toEqual(['Ten Km Store']);
    expect(res.json().meta.total).toBe(3);
  });

  it('serves experts the same way', async () => {
    // In South, where the records made here are: the place-field tests above pin experts of their own in North.
    const res = await a.get(`/experts/view?circle=south&sort=near&lat=${here.lat}&lng=${here.lng}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((e: { title: string; distance_km: number }) => [e.title, e.distance_km])).toEqual([
      ['Nearby Lawyer', 1.11],
    ]);
  });

  it('needs the point, within range', async () => {
    const missing = await a.get('/outlets/view?sort=near&lat=26.85');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual([{ parameter: 'lng', errors: ['Required to sort near a point'] }]);
    const bad = await a.get('/outlets/view?sort=near&lat=95&lng=80');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([{ parameter: 'lat', errors: ['Must be between -90 and 90'] }]);
    const unknown = await a.get('/news/view?sort=near&lat=26&lng=80');
    expect(unknown.statusCode).not.toBe(200);
  });

  it('takes the point only as plain decimals', async () => {
    for (const [lat, lng, parameter] of [
      ['0x10', '80', 'lat'],
      ['26', '1e1', 'lng'],
      ['5e-324', '80', 'lat'],
    ]) {
      const res = await a.get(`/outlets/view?sort=near&lat=${lat}&lng=${lng}`);
      expect(res.statusCode).toBe(400);
      const name = parameter === 'lat' ? 'latitude' : 'longitude';
      expect(res.json()).toEqual({
        success: false,
        error: 'The request has invalid fields.',
        details: [{ parameter, errors: [`Must be a ${name} in degrees`] }],
      });
    }
  });

  it('keeps the other sorts unchanged, without distances', async () => {
    const res = await a.get('/outlets/view?circle=south&sort=az');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((o: { title: string }) => o.title)).toEqual([
      'Far Kanpur Store',
      'Next Door Store',
      'No Pin Store',
      'Ten Km Store',
      'Two Km Store',
    ]);
    expect(res.json().data[0]).not.toHaveProperty('distance_km');
  });
});

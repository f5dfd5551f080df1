import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeExpert } from '../../seed/factories';
import { api } from '../../test/api';
import { type TestContext, testApp } from '../../test/harness';
import { buildWorld, type TWorld } from '../../test/world';
import { placeInQuery } from './query-place';

let t: TestContext;
let w: TWorld;
beforeAll(async () => {
  t = await testApp();
  w = await buildWorld(t.db);
});
afterAll(() => t?.close());

describe('a place named in the words of a search', () => {
  it('becomes the place, with or without a joining word, longest name first', async () => {
    expect(await placeInQuery(t.db, 'grocery north')).toEqual({ q: 'grocery', circleName: 'North', where: 'north' });
    expect(await placeInQuery(t.db, 'Doctor in  NORTH')).toEqual({
      q: 'doctor',
      circleName: 'North',
      where: 'in north',
    });
    expect(await placeInQuery(t.db, 'fresh mart near market')).toEqual({
      q: 'fresh mart',
      blockName: 'Market',
      where: 'near market',
    });
    expect(await placeInQuery(t.db, 'lawyer riverside south')).toEqual({
      q: 'lawyer',
      circleName: 'South',
      blockName: 'Riverside',
      where: 'riverside south',
    });
  });

  it('leaves words alone that are only a place, part of a word, or a held place', async () => {
    expect(await placeInQuery(t.db, 'north')).toBeNull();
    expect(await placeInQuery(t.db, 'in market')).toBeNull();
    expect(await placeInQuery(t.db, 'northern lights')).toBeNull();
    expect(await placeInQuery(t.db, 'supermarket deals')).toBeNull();
    expect(await placeInQuery(t.db, 'doctor closed circle')).toBeNull();
  });

  it('finds a service’s experts in the circle the words name, and not those elsewhere', async () => {
    const south = await makeExpert(
      t.db,
      { userId: w.users.alice.id, serviceIds: [w.services.doctors.id], circleIds: [w.circles.south.id] },
      { title: 'Dr. Southern Clinic' },
    );
    const { get } = api(t);
    const hits = (await get('/search?q=doctors%20in%20north')).json().data as { kind: string; slug: string }[];
    expect(hits.filter((h) => h.kind === 'expert').map((h) => h.slug)).toEqual([w.expert.slug]);
    const southern = (await get('/search?q=doctors%20south')).json().data as { kind: string; slug: string }[];
    expect(southern.filter((h) => h.kind === 'expert').map((h) => h.slug)).toEqual([south.slug]);
    // A place's name that is part of a name finds the name when the place holds nothing by the other words.
    await makeExpert(
      t.db,
      { userId: w.users.alice.id, serviceIds: [w.services.lawyers.id], circleIds: [w.circles.south.id] },
      { title: 'North Star Legal Aid' },
    );
    const star = (await get('/search?q=north%20star%20legal')).json().data as { title: string }[];
    expect(star.map((h) => h.title)).toContain('North Star Legal Aid');
    // A place the search names itself wins over the words: they are searched as written.
    const asked = await get('/search?q=doctors%20north&circleName=South');
    expect(asked.statusCode).toBe(200);
    expect((asked.json().data as { kind: string }[]).filter((h) => h.kind === 'expert')).toEqual([]);
  });
});

describe('the words residents use', () => {
  it('finds the service a synonym names, in Hindi and Hinglish too, and with a place', async () => {
    const { get } = api(t);
    for (const q of ['vakil', 'advocate', 'वकील']) {
      const hits = (await get(`/search?q=${encodeURIComponent(q)}`)).json().data as { kind: string; slug: string }[];
      expect(hits[0], q).toMatchObject({ kind: 'service', slug: w.services.lawyers.slug });
    }
    const near = (await get('/search?q=daktar%20in%20north')).json().data as { kind: string; slug: string }[];
    expect(near.filter((h) => h.kind === 'expert').map((h) => h.slug)).toEqual([w.expert.slug]);
  });
});

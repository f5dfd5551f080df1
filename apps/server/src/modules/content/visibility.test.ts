import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { services, users } from '../../db/schema';
import { makeExpert, makeFeature, makeNews, makeOutlet, makeTaxon } from '../../seed/factories';
import { api } from '../../test/api';
import { type TestContext, testApp } from '../../test/harness';
import { buildWorld, type TWorld } from '../../test/world';
import { KIND_LIST } from '../kinds';
import { publicWrite } from './public-write';

let t: TestContext;
let w: TWorld;
beforeAll(async () => {
  t = await testApp();
  w = await buildWorld(t.db);
});
afterAll(() => t.close());

const { get } = api(() => t);
/** The sorted titles a public list gives, on this file's town or on another. */
const titlesOn = (ctx: () => TestContext) => async (url: string) => {
  const res = await api(ctx).get(url);
  expect(res.statusCode).toBe(200);
  return (res.json().data as { title: string }[]).map((r) => r.title).sort();
};
const titles = titlesOn(() => t);

/** Each kind: how to make one under an active or a held parent, and where it is listed and shown. */
const KINDS = [
  {
    kind: 'expert',
    list: '/experts/view',
    slug: '/experts/slug/',
    make: (o: { userId: string; held?: boolean }, values: object) =>
      makeExpert(
        t.db,
        { userId: o.userId, serviceIds: [o.held ? w.services.heldService.id : w.services.doctors.id] },
        values,
      ),
  },
  {
    kind: 'outlet',
    list: '/outlets/view',
    slug: '/outlets/slug/',
    make: (o: { userId: string; held?: boolean }, values: object) =>
      makeOutlet(
        t.db,
        { userId: o.userId, categoryIds: [o.held ? w.categories.heldCategory.id : w.categories.grocery.id] },
        values,
      ),
  },
  {
    kind: 'news',
    list: '/newss/view',
    slug: '/newss/slug/',
    make: (o: { userId: string; held?: boolean }, values: object) =>
      makeNews(t.db, { userId: o.userId, editionId: o.held ? w.editions.heldEdition.id : w.editions.city.id }, values),
  },
  {
    kind: 'feature',
    list: '/blog',
    slug: '/blog/slug/',
    make: (o: { userId: string; held?: boolean }, values: object) =>
      makeFeature(t.db, { userId: o.userId, pageId: o.held ? w.pages.heldPage.id : w.pages.food.id }, values),
  },
] as const;

describe.each(KINDS)('public visibility of $kind records', ({ kind, list, slug, make }) => {
  const hidden: string[] = [];
  beforeAll(async () => {
    const alice = w.users.alice.id;
    const cases = [
      make({ userId: alice }, { title: `Pending ${kind}`, status: 'pending' }),
      make({ userId: alice }, { title: `Held ${kind}`, status: 'hold' }),
      make({ userId: w.users.held.id }, { title: `Held owner ${kind}` }),
      make({ userId: alice, held: true }, { title: `Held parent ${kind}` }),
    ];
    for (const row of await Promise.all(cases)) hidden.push(row.slug);
  });

  it('lists only the active record of an active owner under an active parent', async () => {
    expect(await titles(`${list}?pageSize=100`)).toEqual([w[kind === 'feature' ? 'feature' : kind].title]);
  });

  it.each([0, 1, 2, 3])('answers 404 for the hidden record #%i by slug', async (i) => {
    const res = await get(`${slug}${hidden[i]}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, error: 'Not found.' });
  });

  it('lists nothing under a held circle, locality or parent filter', async () => {
    const parentParam = { expert: 'service', outlet: 'category', news: 'edition', feature: 'page' }[kind];
    const heldParent = {
      expert: w.services.heldService.slug,
      outlet: w.categories.heldCategory.slug,
      news: w.editions.heldEdition.slug,
      feature: w.pages.heldPage.slug,
    }[kind];
    for (const q of [
      `circle=${w.circles.heldCircle.id}`,
      `block=${w.blocks.heldBlock.id}`,
      `${parentParam}=${heldParent}`,
    ]) {
      const res = await get(`${list}?${q}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, data: [], meta: { page: 1, pageSize: 12, total: 0 } });
    }
  });
});

describe('visibility follows changes to owners and parents', () => {
  // A town of its own: these tests leave public records behind, which the lists above must not show. Each test
  // lists under a service of its own.
  let c: TestContext;
  let cw: TWorld;
  beforeAll(async () => {
    c = await testApp();
    cw = await buildWorld(c.db);
  });
  afterAll(() => c.close());
  const listed = titlesOn(() => c);

  it("hides a user's records when the user is held and shows them again when activated", async () => {
    const notaries = await makeTaxon(c.db, 'services', { title: 'Notaries' });
    const bob = (
      await c.db
        .insert(users)
        .values({ name: 'Bob', email: 'bob@example.test', phone: '+919000000001', passwordHash: 'x' })
        .returning()
    )[0];
    await makeExpert(c.db, { userId: bob.id, serviceIds: [notaries.id] }, { title: 'Bob Law' });
    expect(await listed(`/experts/view?service=${notaries.slug}`)).toEqual(['Bob Law']);

    await publicWrite({ db: c.db, kinds: KIND_LIST }, async (tx, changes) => {
      await tx.update(users).set({ status: 'hold' }).where(eq(users.id, bob.id));
      changes.owner(bob.id);
    });
    expect(await listed(`/experts/view?service=${notaries.slug}`)).toEqual([]);

    await publicWrite({ db: c.db, kinds: KIND_LIST }, async (tx, changes) => {
      await tx.update(users).set({ status: 'active' }).where(eq(users.id, bob.id));
      changes.owner(bob.id);
    });
    expect(await listed(`/experts/view?service=${notaries.slug}`)).toEqual(['Bob Law']);
  });

  it('keeps a record with one held and one active parent public, and hides it when both are held', async () => {
    const tailors = await makeTaxon(c.db, 'services', { title: 'Tailors' });
    const both = await makeExpert(
      c.db,
      { userId: cw.users.alice.id, serviceIds: [tailors.id, cw.services.heldService.id] },
      { title: 'Two Services' },
    );
    expect((await api(c).get(`/experts/slug/${both.slug}`)).statusCode).toBe(200);

    await publicWrite({ db: c.db, kinds: KIND_LIST }, async (tx, changes) => {
      await tx.update(services).set({ status: 'hold' }).where(eq(services.id, tailors.id));
      changes.parents('services');
    });
    expect((await api(c).get(`/experts/slug/${both.slug}`)).statusCode).toBe(404);
  });
});

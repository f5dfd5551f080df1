import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { API_ERRORS, type TContentKind } from '@chaupal/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { previewLinks } from '../../db/schema';
import { makeEvent, makeExpert, makeFeature, makeNews, makeOutlet, makeTaxon, makeUser } from '../../seed/factories';
import { api, lastCode, setStatus, verifiedContributor } from '../../test/accounts';
import { type TestContext, testApp } from '../../test/harness';
import { buildWorld, type TWorld } from '../../test/world';

const built = existsSync(fileURLToPath(new URL('../../../../web/dist/server/entry-server.js', import.meta.url)));
const DAY = 86_400_000;

let t: TestContext;
let w: TWorld;
let owner: { id: string; token: string };
let adminToken: string;
let otherToken: string;
const a = api(() => t);

beforeAll(async () => {
  // The response cache on, as the site runs: a preview must never be kept by it.
  t = await testApp({ RESPONSE_CACHE: 'true', RATE_LIMIT_FACTOR: '100' });
  w = await buildWorld(t.db);
  const person = await makeUser(t.db, { name: 'Night Desk' });
  owner = { id: person.id, token: await t.app.tokens.issue(person) };
  adminToken = await t.app.tokens.issue(await makeUser(t.db, { role: 'admin' }));
  otherToken = await t.app.tokens.issue(await makeUser(t.db, { name: 'Someone Else' }));
}, 60_000);
afterAll(() => t?.close());

/** A news item of the owner's waiting for moderation, in the world's City edition beside its public news. */
const pendingNews = (title = 'Budget draft', userId = owner.id) =>
  makeNews(
    t.db,
    { userId, editionId: w.editions.city.id, circleIds: [w.circles.north.id] },
    { title, status: 'pending' },
  );

const create = (body: object, token?: string) => a.post('/previews', body, token);
/** A link's token, from the address the API answered with. */
const tokenOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);
async function linkTo(kind: TContentKind, id: string, token = owner.token) {
  const res = await create({ kind, id }, token);
  expect(res.statusCode).toBe(200);
  const data = res.json().data as { id: string; url: string; expiresAt: string };
  return { ...data, token: tokenOf(data.url) };
}
const read = (token: string) => a.get(`/preview/${token}`);
const expectPrivate = (res: { headers: Record<string, unknown> }) => {
  expect(res.headers['cache-control']).toBe('private, no-store');
  expect(res.headers['x-robots-tag']).toBe('noindex');
};
const NOT_FOUND = { success: false, error: API_ERRORS.notFound };

it('documents its four routes in the OpenAPI document, under "previews"', () => {
  const doc = (
    t.app as unknown as { swagger(): { paths: Record<string, Record<string, { tags?: string[] }>> } }
  ).swagger();
  const routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([, op]) => op.tags?.includes('previews'))
      .map(([method]) => `${method.toUpperCase()} ${path}`),
  );
  expect(routes.sort()).toEqual([
    'DELETE /api/backend/v1/previews/{id}',
    'GET /api/backend/v1/preview/{token}',
    'GET /api/backend/v1/previews',
    'POST /api/backend/v1/previews',
  ]);
});

describe('making a preview link', () => {
  it("makes a link for the record's owner: an address on the site, a week by default, only its hash stored", async () => {
    const item = await pendingNews();
    const before = Date.now();
    const res = await create({ kind: 'news', id: item.id }, owner.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: 'Preview link created' });
    expect(body.data.url).toMatch(new RegExp(`^${t.config.publicUrl}/preview/[A-Za-z0-9_-]{43}$`));
    const expires = Date.parse(body.data.expiresAt);
    expect(expires).toBeGreaterThanOrEqual(before + 7 * DAY);
    expect(expires).toBeLessThanOrEqual(Date.now() + 7 * DAY);
    const [row] = await t.db.select().from(previewLinks).where(eq(previewLinks.id, body.data.id));
    const token = tokenOf(body.data.url);
    expect(row).toMatchObject({ kind: 'news', recordId: item.id, createdBy: owner.id, revokedAt: null });
    expect(row.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('makes a link for an admin, for as many days as asked', async () => {
    const item = await pendingNews();
    const res = await create({ kind: 'news', id: item.id, days: 30 }, adminToken);
    expect(res.statusCode).toBe(200);
    expect(Date.parse(res.json().data.expiresAt)).toBeGreaterThan(Date.now() + 29.9 * DAY);
  });

  it("refuses someone else's record with 403, a signed-out caller with 401 and an unknown record with 404", async () => {
    const item = await pendingNews();
    expect((await create({ kind: 'news', id: item.id }, otherToken)).json()).toEqual({
      success: false,
      error: API_ERRORS.forbidden,
    });
    expect((await create({ kind: 'news', id: item.id }, otherToken)).statusCode).toBe(403);
    expect((await create({ kind: 'news', id: item.id })).statusCode).toBe(401);
    const unknown = await create({ kind: 'news', id: '00000000-0000-4000-8000-000000000000' }, owner.token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(NOT_FOUND);
    // A record of another kind by the same id is not it.
    expect((await create({ kind: 'feature', id: item.id }, owner.token)).statusCode).toBe(404);
  });

  it('refuses a record that is already public with 400 naming the id', async () => {
    const res = await create({ kind: 'news', id: w.news.id }, adminToken);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      error: API_ERRORS.validation,
      details: [{ parameter: 'id', errors: ['This page is already public'] }],
    });
  });

  it('refuses days outside 1 to 30, a kind that is none and a missing id with 400 and details', async () => {
    const item = await pendingNews();
    for (const days of [0, 31, 1.5, '7']) {
      const res = await create({ kind: 'news', id: item.id, days }, owner.token);
      expect(res.statusCode, String(days)).toBe(400);
      expect(res.json().details.map((d: { parameter: string }) => d.parameter)).toEqual(['days']);
    }
    const res = await create({ kind: 'review' }, owner.token);
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .details.map((d: { parameter: string }) => d.parameter)
        .sort(),
    ).toEqual(['id', 'kind']);
    expect(await t.db.select().from(previewLinks).where(eq(previewLinks.recordId, item.id))).toEqual([]);
  });
});

describe('opening a preview link', () => {
  it('shows the record signed out while the link is valid, as its public page would, privately and unindexed', async () => {
    const item = await pendingNews('Ward budget draft');
    const link = await linkTo('news', item.id);
    const res = await read(link.token);
    expect(res.statusCode).toBe(200);
    expectPrivate(res);
    const { data } = res.json();
    expect(data.kind).toBe('news');
    expect(data.expiresAt).toBe(link.expiresAt);
    expect(data.item).toMatchObject({ id: item.id, title: 'Ward budget draft', status: 'pending' });
    // The public detail's shape: the same fields as a public news item's page, and its related public news.
    const pub = (await a.get(`/newss/slug/${w.news.slug}`)).json();
    expect(Object.keys(data.item).sort()).toEqual(Object.keys(pub.data).sort());
    expect(data.related.map((r: { id: string }) => r.id)).toContain(w.news.id);
    expect(Object.keys(data.related[0]).sort()).toEqual(Object.keys(pub.related[0] ?? data.related[0]).sort());
    expect(data.item).not.toHaveProperty('holdReason');
  });

  it('shows a record of every kind in its own public shape', async () => {
    const type = await makeTaxon(t.db, 'eventTypes', { title: 'Preview Fairs' });
    const links = { userId: owner.id, circleIds: [w.circles.north.id] };
    const records = {
      expert: await makeExpert(t.db, { ...links, serviceIds: [w.services.doctors.id] }, { status: 'hold' }),
      outlet: await makeOutlet(t.db, { ...links, categoryIds: [w.categories.grocery.id] }, { status: 'draft' }),
      news: await pendingNews(),
      feature: await makeFeature(t.db, { ...links, pageId: w.pages.food.id }, { status: 'pending' }),
      event: await makeEvent(t.db, { ...links, eventTypeId: type.id }, { status: 'pending' }),
    } satisfies Record<TContentKind, { id: string; title: string }>;
    for (const [kind, record] of Object.entries(records) as [TContentKind, { id: string; title: string }][]) {
      const res = await read((await linkTo(kind, record.id)).token);
      expect(res.statusCode, kind).toBe(200);
      expect(res.json().data, kind).toMatchObject({ kind, item: { id: record.id, title: record.title } });
    }
  });

  it('is a 404 for a token that is no link, privately and unindexed', async () => {
    for (const token of ['nope', 'A'.repeat(43), 'x'.repeat(300)]) {
      const res = await read(token);
      expect(res.statusCode, token).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
      expectPrivate(res);
    }
  });

  it('is a 404 once the link has expired', async () => {
    const link = await linkTo('news', (await pendingNews()).id);
    expect((await read(link.token)).statusCode).toBe(200);
    await t.db
      .update(previewLinks)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(previewLinks.id, link.id));
    const res = await read(link.token);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND);
  });

  it('is a 404 at once after revocation: the response cache never kept the 200', async () => {
    const link = await linkTo('news', (await pendingNews()).id);
    for (let i = 0; i < 2; i++) {
      const res = await read(link.token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-cache']).toBeUndefined();
    }
    expect((await a.delete(`/previews/${link.id}`, owner.token)).statusCode).toBe(200);
    expect((await read(link.token)).statusCode).toBe(404);
  });

  it("is a 404 while the owner's account is held", async () => {
    const person = await makeUser(t.db, { name: 'Soon Held' });
    const item = await pendingNews('Held owner draft', person.id);
    const link = await linkTo('news', item.id, await t.app.tokens.issue(person));
    await setStatus(t.db, person.id, 'hold');
    expect((await read(link.token)).statusCode).toBe(404);
    await setStatus(t.db, person.id, 'active');
    expect((await read(link.token)).statusCode).toBe(200);
  });
});

describe("a record's links", () => {
  it('lists them newest first without their tokens, for the owner and an admin only', async () => {
    const item = await pendingNews();
    const first = await linkTo('news', item.id);
    const second = await linkTo('news', item.id, adminToken);
    const res = await a.get(`/previews?kind=news&id=${item.id}`, owner.token);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.map((l: { id: string }) => l.id)).toEqual([second.id, first.id]);
    expect(data[0]).toEqual({
      id: second.id,
      createdAt: expect.any(String),
      expiresAt: second.expiresAt,
      revokedAt: null,
      active: true,
    });
    expect(JSON.stringify(data)).not.toContain(first.token);
    expect((await a.get(`/previews?kind=news&id=${item.id}`, adminToken)).statusCode).toBe(200);
    expect((await a.get(`/previews?kind=news&id=${item.id}`, otherToken)).statusCode).toBe(403);
    expect((await a.get(`/previews?kind=news&id=${item.id}`)).statusCode).toBe(401);
    expect((await a.get('/previews?kind=nothing&id=x', owner.token)).statusCode).toBe(400);
  });

  it('revokes one for its maker, the owner or an admin; anyone else gets 403, an unknown link 404', async () => {
    const item = await pendingNews();
    const byAdmin = await linkTo('news', item.id, adminToken);
    const byOwner = await linkTo('news', item.id);
    expect((await a.delete(`/previews/${byAdmin.id}`, otherToken)).statusCode).toBe(403);
    const revoked = await a.delete(`/previews/${byAdmin.id}`, owner.token);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ success: true, message: 'Preview link revoked' });
    expect((await a.delete(`/previews/${byOwner.id}`, adminToken)).statusCode).toBe(200);
    expect((await a.delete(`/previews/${byOwner.id}`)).statusCode).toBe(401);
    expect((await a.delete('/previews/00000000-0000-4000-8000-000000000000', owner.token)).statusCode).toBe(404);
    expect((await a.delete('/previews/not-an-id', owner.token)).statusCode).toBe(404);
    const { data } = (await a.get(`/previews?kind=news&id=${item.id}`, owner.token)).json();
    for (const l of data) expect(l).toMatchObject({ active: false, revokedAt: expect.any(String) });
    // Revoking again keeps the first time.
    const [before] = await t.db.select().from(previewLinks).where(eq(previewLinks.id, byOwner.id));
    expect((await a.delete(`/previews/${byOwner.id}`, owner.token)).statusCode).toBe(200);
    const [after] = await t.db.select().from(previewLinks).where(eq(previewLinks.id, byOwner.id));
    expect(after.revokedAt).toEqual(before.revokedAt);
  });

  it('an expired link is listed as no longer active', async () => {
    const item = await pendingNews();
    const link = await linkTo('news', item.id);
    await t.db
      .update(previewLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(previewLinks.id, link.id));
    const { data } = (await a.get(`/previews?kind=news&id=${item.id}`, owner.token)).json();
    expect(data).toEqual([expect.objectContaining({ id: link.id, active: false, revokedAt: null })]);
  });
});

describe('when a record or an account goes', () => {
  const linksOf = (recordId: string) => t.db.select().from(previewLinks).where(eq(previewLinks.recordId, recordId));

  it('deleting a record deletes its links, whoever made them', async () => {
    const item = await pendingNews();
    const mine = await linkTo('news', item.id);
    await linkTo('news', item.id, adminToken);
    expect(await linksOf(item.id)).toHaveLength(2);
    expect((await a.delete(`/news/delete/${item.id}`, owner.token)).statusCode).toBe(200);
    expect(await linksOf(item.id)).toEqual([]);
    expect((await read(mine.token)).statusCode).toBe(404);
  });

  it('deleting an account deletes the links it made and the links to its records', async () => {
    const person = await verifiedContributor(t, 'Leaving Soon');
    const theirs = await pendingNews('Leaving draft', person.id);
    const ownerRecord = await pendingNews('Staying draft');
    // An admin's link to their record and their own; and a link of theirs to a record that stays (written here: only
    // someone who may edit that record could make it), which the foreign key on its maker takes.
    const adminLink = await linkTo('news', theirs.id, adminToken);
    const ownLink = await linkTo('news', theirs.id, person.token);
    const [madeByThem] = await t.db
      .insert(previewLinks)
      .values({
        tokenHash: 'not-a-real-token-hash',
        kind: 'news',
        recordId: ownerRecord.id,
        createdBy: person.id,
        expiresAt: new Date(Date.now() + DAY),
      })
      .returning();
    const sent = (await a.post('/user/profile/delete/code', {}, person.token)).json().data;
    const gone = await a.post(
      '/user/profile/delete',
      { verificationId: sent.verificationId, token: await lastCode(t, person.email) },
      person.token,
    );
    expect(gone.statusCode).toBe(200);
    expect(await linksOf(theirs.id)).toEqual([]);
    expect(await t.db.select().from(previewLinks).where(eq(previewLinks.id, madeByThem.id))).toEqual([]);
    expect((await read(adminLink.token)).statusCode).toBe(404);
    expect((await read(ownLink.token)).statusCode).toBe(404);
  });
});

/**
 * The server-rendered page of a link (needs the built web app: `npm run build`): the record with the ribbon, never
 * kept in the page cache, so a revoked link's page is the not-found page at once.
 */
describe.skipIf(!built)('the page of a preview link', () => {
  it('renders the record with the ribbon, noindex and no-store, and a 404 page once revoked', async () => {
    const item = await pendingNews('Page preview draft');
    const link = await linkTo('news', item.id);
    for (let i = 0; i < 2; i++) {
      const page = await t.app.inject({ url: `/preview/${link.token}` });
      expect(page.statusCode).toBe(200);
      expectPrivate(page);
      expect(page.headers['x-cache']).toBeUndefined();
      expect(page.body).toContain('Page preview draft');
      expect(page.body).toContain('Preview — not published yet');
      expect(page.body).toContain('<meta name="robots" content="noindex"/>');
    }
    const hindi = await t.app.inject({ url: `/preview/${link.token}?lang=hi` });
    expect(hindi.statusCode).toBe(200);
    expect(hindi.body).toContain('पूर्वावलोकन');
    expect((await a.delete(`/previews/${link.id}`, owner.token)).statusCode).toBe(200);
    const after = await t.app.inject({ url: `/preview/${link.token}` });
    expect(after.statusCode).toBe(404);
    expectPrivate(after);
    expect(after.body).not.toContain('Page preview draft');
    expect(after.body).toContain('<meta name="robots" content="noindex"/>');
  });

  it("draws an event with the events' own page view", async () => {
    const type = await makeTaxon(t.db, 'eventTypes', { title: 'Page Fairs' });
    const event = await makeEvent(
      t.db,
      { userId: owner.id, circleIds: [w.circles.north.id], eventTypeId: type.id },
      { title: 'Riverside lantern walk', status: 'draft' },
    );
    const page = await t.app.inject({ url: `/preview/${(await linkTo('event', event.id)).token}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Riverside lantern walk');
    expect(page.body).toContain('Preview — not published yet');
    expect(page.body).toContain('class="container container-lg page event-page"');
  });

  it('answers a token that is no link with the not-found page', async () => {
    const page = await t.app.inject({ url: '/preview/nothing-here' });
    expect(page.statusCode).toBe(404);
    expectPrivate(page);
  });
});

describe('the budget for making links', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await testApp({ RATE_LIMIT_FACTOR: '1' });
  }, 60_000);
  afterAll(() => limited?.close());

  it('refuses an account its eleventh link in a minute with 429', async () => {
    const l = await buildWorld(limited.db);
    const person = await makeUser(limited.db);
    const token = await limited.app.tokens.issue(person);
    const item = await makeNews(limited.db, { userId: person.id, editionId: l.editions.city.id }, { status: 'draft' });
    const statuses = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await api(limited).post('/previews', { kind: 'news', id: item.id }, token)).statusCode);
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
  });
});

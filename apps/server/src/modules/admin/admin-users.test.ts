import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { makeUser } from '../../seed/factories';
import { api, type TMethod } from '../../test/api';
import { type TestContext, testApp } from '../../test/harness';
import { buildWorld, type TWorld } from '../../test/world';

let t: TestContext;
let w: TWorld;
let admin: Awaited<ReturnType<typeof makeUser>>;
let uma: Awaited<ReturnType<typeof makeUser>>;
let adminToken: string;
let aliceToken: string;
let umaToken: string;
/**
 * A new town for each test: the users list and the dashboard's counts cover every account of the database, and the
 * tests hold, verify and promote its people.
 */
function freshTownPerTest() {
  beforeEach(async () => {
    t = await testApp({ RATE_LIMIT_FACTOR: '100' });
    w = await buildWorld(t.db);
    admin = await makeUser(t.db, { name: 'Ada Admin', role: 'admin' });
    uma = await makeUser(t.db, { name: 'Uma Unverified', emailVerified: false, phoneVerified: false });
    adminToken = await t.app.tokens.issue(admin);
    aliceToken = await t.app.tokens.issue(w.users.alice);
    umaToken = await t.app.tokens.issue(uma);
  });
  afterEach(() => t.close());
}

const call = (ctx: TestContext, method: TMethod, url: string, token?: string, payload?: object) =>
  api(ctx).call(method, url, { token, payload });
const adm = (method: 'GET' | 'PATCH' | 'POST', url: string, payload?: object) =>
  call(t, method, `/admin${url}`, adminToken, payload);
const ids = async (url: string) => (await adm('GET', url)).json().data.map((u: { id: string }) => u.id);
const auditOf = async (id: string) => (await adm('GET', `/audit?entity=user&entityId=${id}`)).json().data;
/** Ids on the public lists of all four kinds. */
const publicIds = async () => {
  const out: string[] = [];
  for (const url of ['/experts/view', '/outlets/view', '/newss/view', '/blog'])
    out.push(...(await call(t, 'GET', url)).json().data.map((r: { id: string }) => r.id));
  return out;
};
const aliceRecords = () => [w.expert.id, w.outlet.id, w.news.id, w.feature.id];

describe('the users list', () => {
  freshTownPerTest();

  it('lists every account, newest first, with its record count', async () => {
    const res = await adm('GET', '/users');
    expect(res.statusCode).toBe(200);
    expect(res.json().meta).toEqual({ page: 1, pageSize: 12, total: 4 });
    expect(res.json().data.map((u: { name: string }) => u.name)).toEqual([
      'Uma Unverified',
      'Ada Admin',
      'Held Harry',
      'Alice',
    ]);
    const alice = w.users.alice;
    expect((await adm('GET', `/users/${alice.id}`)).json()).toEqual({
      success: true,
      data: {
        id: alice.id,
        name: 'Alice',
        email: alice.email,
        phone: alice.phone,
        role: 'customer',
        editorEditions: [],
        status: 'active',
        emailVerified: true,
        phoneVerified: true,
        records: 4,
        signInLockedUntil: null,
        createdAt: alice.createdAt.toISOString(),
      },
    });
  });

  it('searches by e-mail, name or phone and filters by status and role', async () => {
    expect(await ids(`/users?q=${encodeURIComponent(w.users.alice.email.toUpperCase())}`)).toEqual([w.users.alice.id]);
    expect(await ids('/users?q=harry')).toEqual([w.users.held.id]);
    expect(await ids(`/users?q=${uma.phone.slice(-7)}`)).toEqual([uma.id]);
    expect(await ids('/users?q=%25')).toEqual([]);
    expect(await ids('/users?status=hold')).toEqual([w.users.held.id]);
    expect(await ids('/users?role=admin')).toEqual([admin.id]);
    expect(await ids('/users?role=customer&status=active&q=a')).toEqual([uma.id, w.users.alice.id]);
    const bad = await adm('GET', '/users?role=owner');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { parameter: string }) => d.parameter)).toEqual(['role']);
  });

  it('answers 404 for an unknown user', async () => {
    for (const [method, url] of [
      ['GET', '/users/00000000-0000-4000-8000-000000000000'],
      ['GET', '/users/not-an-id'],
      ['PATCH', '/users/00000000-0000-4000-8000-000000000000'],
      ['POST', '/users/00000000-0000-4000-8000-000000000000/unlock'],
      ['POST', '/users/not-an-id/unlock'],
    ] as const) {
      const res = await adm(method, url, method === 'PATCH' ? { status: 'hold' } : undefined);
      expect([url, res.statusCode, res.json()]).toEqual([url, 404, { success: false, error: 'Not found.' }]);
    }
  });
});

describe('changing an account', () => {
  freshTownPerTest();

  it('holds a user: their records leave the public lists and their next call answers 403 hold', async () => {
    expect(await publicIds()).toEqual(expect.arrayContaining(aliceRecords()));
    expect((await call(t, 'GET', '/outlets/view/user', aliceToken)).statusCode).toBe(200);

    const res = await adm('PATCH', `/users/${w.users.alice.id}`, { status: 'hold' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Updated Successfully',
      data: { id: w.users.alice.id, status: 'hold', records: 4 },
    });
    expect(await publicIds()).toEqual([]);
    expect((await call(t, 'GET', `/outlets/slug/${w.outlet.slug}`)).statusCode).toBe(404);
    const mine = await call(t, 'GET', '/outlets/view/user', aliceToken);
    expect(mine.statusCode).toBe(403);
    expect(mine.json()).toEqual({ success: false, error: 'This account is on hold.', status: 'hold' });
    expect((await adm('GET', '/dashboard')).json().data.users).toEqual({ total: 4, held: 2, unverified: 1 });

    const [entry] = await auditOf(w.users.alice.id);
    expect(entry).toMatchObject({
      actor: { id: admin.id, name: 'Ada Admin', email: admin.email },
      action: 'hold',
      entity: 'user',
      before: { status: 'active', name: 'Alice' },
      after: { status: 'hold', name: 'Alice' },
    });
    expect(entry.before).not.toHaveProperty('records');
  });

  it('activates them again: their records and their calls come back', async () => {
    await adm('PATCH', `/users/${w.users.alice.id}`, { status: 'hold' });
    expect(await publicIds()).toEqual([]);
    const res = await adm('PATCH', `/users/${w.users.alice.id}`, { status: 'active' });
    expect(res.json().data.status).toBe('active');
    expect(await publicIds()).toEqual(expect.arrayContaining(aliceRecords()));
    expect((await call(t, 'GET', '/outlets/view/user', aliceToken)).statusCode).toBe(200);
    expect((await auditOf(w.users.alice.id))[0]).toMatchObject({
      action: 'active',
      before: { status: 'hold' },
      after: { status: 'active' },
    });
  });

  it('marks both channels verified, which lets the user contribute', async () => {
    const before = await call(t, 'GET', '/outlets/view/user', umaToken);
    expect(before.json()).toEqual({
      success: false,
      error: 'Verify your e-mail and phone to continue.',
      status: 'active',
    });
    const res = await adm('PATCH', `/users/${uma.id}`, { emailVerified: true, phoneVerified: true });
    expect(res.json().data).toMatchObject({ emailVerified: true, phoneVerified: true, status: 'active' });
    expect((await call(t, 'GET', '/outlets/view/user', umaToken)).statusCode).toBe(200);
    expect((await adm('GET', '/dashboard')).json().data.users.unverified).toBe(0);
    expect((await auditOf(uma.id))[0]).toMatchObject({
      action: 'update',
      before: { emailVerified: false, phoneVerified: false },
      after: { emailVerified: true, phoneVerified: true },
    });
  });

  it('makes a user admin, who may then use the console, and demotes them again', async () => {
    const dash = () => call(t, 'GET', '/admin/dashboard', umaToken);
    expect((await dash()).statusCode).toBe(403);
    expect((await adm('PATCH', `/users/${uma.id}`, { role: 'admin' })).json().data.role).toBe('admin');
    expect((await dash()).statusCode).toBe(200);
    expect(await ids('/users?role=admin')).toEqual([uma.id, admin.id]);
    expect((await adm('PATCH', `/users/${uma.id}`, { role: 'customer' })).json().data.role).toBe('customer');
    expect((await dash()).statusCode).toBe(403);
  });

  it('refuses to let an admin hold or demote themselves (409), leaving the account as it was', async () => {
    for (const [patch, parameter] of [
      [{ status: 'hold' }, 'status'],
      [{ role: 'customer', emailVerified: false }, 'role'],
    ] as const) {
      const res = await adm('PATCH', `/users/${admin.id}`, patch);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        success: false,
        error: 'You cannot hold or demote your own account.',
        details: [{ parameter, errors: ['Not for your own account'] }],
      });
    }
    expect((await adm('GET', `/users/${admin.id}`)).json().data).toMatchObject({
      role: 'admin',
      status: 'active',
      emailVerified: true,
    });
    expect(await auditOf(admin.id)).toEqual([]);
  });

  it('refuses an empty or bad patch with 400 and details', async () => {
    const empty = await adm('PATCH', `/users/${uma.id}`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      success: false,
      error: 'The request has invalid fields.',
      details: [{ errors: ['Send at least one of status, role, editorEditions, emailVerified, phoneVerified'] }],
    });
    const bad = await adm('PATCH', `/users/${uma.id}`, { status: 'banned', emailVerified: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { parameter: string }) => d.parameter)).toEqual(['status', 'emailVerified']);
  });
});

describe('sign-in locks', () => {
  freshTownPerTest();

  it('shows a lock from failed sign-ins and lifts it, recording who did', async () => {
    const until = new Date(Date.now() + 10 * 60_000);
    await t.db
      .update(users)
      .set({ failedLogins: 10, failedLoginsSince: new Date(), loginLockedUntil: until })
      .where(eq(users.id, uma.id));
    expect((await adm('GET', `/users/${uma.id}`)).json().data.signInLockedUntil).toBe(until.toISOString());

    const res = await adm('POST', `/users/${uma.id}/unlock`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { id: uma.id, signInLockedUntil: null } });
    const [row] = await t.db.select().from(users).where(eq(users.id, uma.id));
    expect(row).toMatchObject({ failedLogins: 0, failedLoginsSince: null, loginLockedUntil: null });
    expect((await auditOf(uma.id))[0]).toMatchObject({
      actor: { id: admin.id },
      action: 'unlock',
      before: { signInLockedUntil: until.toISOString() },
      after: { signInLockedUntil: null },
    });
  });

  it('shows no lock once its time is over', async () => {
    await t.db
      .update(users)
      .set({ loginLockedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, uma.id));
    expect((await adm('GET', `/users/${uma.id}`)).json().data.signInLockedUntil).toBeNull();
  });
});

describe('with the response cache on', () => {
  it('drops cached public lists when an owner is held', async () => {
    const c = await testApp({ RESPONSE_CACHE: 'true' });
    try {
      const world = await buildWorld(c.db);
      const token = await c.app.tokens.issue(await makeUser(c.db, { role: 'admin' }));
      const list = () => call(c, 'GET', '/outlets/view');
      const feed = () => c.app.inject({ method: 'GET', url: '/rss/news.xml' });
      const sitemap = () => c.app.inject({ method: 'GET', url: '/sitemaps/outlets-1.xml' });
      expect((await list()).json().data.map((o: { id: string }) => o.id)).toEqual([world.outlet.id]);
      expect((await feed()).body).toContain('Bridge reopens');
      expect((await sitemap()).body).toContain(`/outlets/${world.outlet.slug}`);
      const cached = await list();
      expect(cached.headers['x-cache']).toBe('hit');
      expect(cached.json().data).toHaveLength(1);
      expect((await feed()).headers['x-cache']).toBe('hit');

      const held = await call(c, 'PATCH', `/admin/users/${world.users.alice.id}`, token, { status: 'hold' });
      expect(held.statusCode).toBe(200);
      const after = await list();
      expect(after.headers['x-cache']).toBeUndefined();
      expect(after.json().data).toEqual([]);
      // The feed and the sitemap drop the held user's records too.
      expect((await feed()).body).not.toContain('Bridge reopens');
      expect((await sitemap()).body).not.toContain(`/outlets/${world.outlet.slug}`);
    } finally {
      await c.close();
    }
  });
});

import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../app';
import { auditLog, outbox, outlets } from '../../db/schema';
import { makeOutlet, makeUser } from '../../seed/factories';
import { setStatus } from '../../test/accounts';
import { api } from '../../test/api';
import { type TestContext, testApp } from '../../test/harness';
import { buildWorld, type TWorld } from '../../test/world';

let t: TestContext;
let w: TWorld;
let adminToken: string;
let otherToken: string;
let admin: Awaited<ReturnType<typeof makeUser>>;
const a = api(() => t);
const signIn = async (email: string, password: string) =>
  (await a.post('/login', { userName: email, password })).json().token as string;

beforeAll(async () => {
  // Edits of approved records wait for an admin here (REVIEW_EDITS), as some sites run.
  t = await testApp({ REVIEW_EDITS: 'true' });
  w = await buildWorld(t.db);
  admin = await makeUser(t.db, { role: 'admin', password: 'Admin123' });
  adminToken = await signIn(admin.email, 'Admin123');
  const other = await makeUser(t.db, { password: 'Other123' });
  otherToken = await signIn(other.email, 'Other123');
});
afterAll(() => t.close());

let nextIp = 1;
const suggest = (id: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `${API_PREFIX}/suggestions/outlet/${id}`,
    payload,
    remoteAddress: `10.2.0.${nextIp++}`,
  });

/** An owner of their own with a public outlet. */
async function ownerWithShop(title: string) {
  const owner = await makeUser(t.db, { password: 'Owner123' });
  const shop = await makeOutlet(
    t.db,
    {
      userId: owner.id,
      circleIds: [w.circles.north.id],
      blockIds: [w.blocks.market.id],
      categoryIds: [w.categories.grocery.id],
    },
    { title, callNow: '+919876543210' },
  );
  return { owner, shop, token: await signIn(owner.email, 'Owner123') };
}
type TListed = { id: string; listing: { id: string }; status: string };
const listed = async (query: string, listingId: string) =>
  ((await a.get(`/admin/suggestions${query}`, adminToken)).json().data as TListed[]).filter(
    (s) => s.listing.id === listingId,
  );

describe('an accepted change where edits are reviewed', () => {
  it('sends the listing back to pending and off the public pages until an admin approves it', async () => {
    const { shop, token } = await ownerWithShop('Gupta Sweets');
    expect((await suggest(shop.id, { call_now: '9811122233' })).statusCode).toBe(201);
    const [{ id }] = (await a.get('/suggestions/mine', token)).json().data as { id: string }[];
    const res = await a.post(`/suggestions/${id}/decide`, { decisions: { call_now: 'accept' } }, token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('done');

    const [row] = await t.db.select().from(outlets).where(eq(outlets.id, shop.id));
    expect(row).toMatchObject({ callNow: '9811122233', status: 'pending', isPublic: false });
    expect(row.editedAt).toBeInstanceOf(Date);
    expect((await a.get(`/outlets/slug/${shop.slug}`)).statusCode).toBe(404);

    expect((await a.post(`/admin/records/outlet/${shop.id}/approve`, {}, adminToken)).statusCode).toBe(200);
    expect((await a.get(`/outlets/slug/${shop.slug}`)).json().data.call_now).toBe('9811122233');
  });
});

describe('the console’s suggestions', () => {
  it('lists the suggestions of a listing whose owner is held, and an admin decides them as an admin edit, audited', async () => {
    const { owner, shop } = await ownerWithShop('Verma Hardware');
    expect((await suggest(shop.id, { latitude: '26.85', longitude: '80.95', call_now: '9811100000' })).statusCode).toBe(
      201,
    );
    // The owner was told, and decides while active: the console lists it only when asked for every open one.
    const told = await t.db.select().from(outbox).where(eq(outbox.to, owner.email));
    expect(told.map((m) => m.subject)).toEqual(['A suggested correction to "Verma Hardware"']);
    expect(await listed('', shop.id)).toEqual([]);
    expect(await listed('?scope=all', shop.id)).toHaveLength(1);

    await setStatus(t.db, owner.id, 'hold');
    const page = await a.get('/admin/suggestions?page=1&pageSize=50', adminToken);
    expect(page.statusCode).toBe(200);
    expect(page.json().meta).toEqual({ page: 1, pageSize: 50, total: expect.any(Number) });
    const [suggestion] = await listed('', shop.id);
    expect(suggestion).toMatchObject({
      kind: 'outlet',
      listing: { id: shop.id, slug: shop.slug, title: 'Verma Hardware' },
      name: null,
      changes: [
        { field: 'call_now', current: '+919876543210', proposed: '9811100000', decision: 'open' },
        { field: 'pin', current: null, proposed: { latitude: 26.85, longitude: 80.95 }, decision: 'open' },
      ],
      status: 'open',
    });

    const decided = await a.post(
      `/admin/suggestions/${suggestion.id}/decide`,
      { decisions: { pin: 'accept', call_now: 'reject' } },
      adminToken,
    );
    expect(decided.statusCode).toBe(200);
    expect(decided.json()).toMatchObject({ success: true, message: 'Decision saved', data: { status: 'done' } });
    expect(await listed('?scope=all', shop.id)).toEqual([]);

    // An admin's edit is never "edited since approval": the record keeps its status, and stays off the public pages
    // while its owner is held.
    const [row] = await t.db.select().from(outlets).where(eq(outlets.id, shop.id));
    expect(row).toMatchObject({
      latitude: 26.85,
      longitude: 80.95,
      callNow: '+919876543210',
      status: 'active',
      editedAt: null,
      isPublic: false,
    });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'suggestion'), eq(auditLog.entityId, suggestion.id)));
    expect(audit).toMatchObject([
      {
        actorId: admin.id,
        action: 'suggestion-decide',
        before: { status: 'open', decisions: { call_now: 'open', pin: 'open' } },
        after: {
          status: 'done',
          decisions: { call_now: 'rejected', pin: 'accepted' },
          kind: 'outlet',
          listingId: shop.id,
        },
      },
    ]);

    const again = await a.post(
      `/admin/suggestions/${suggestion.id}/decide`,
      { decisions: { pin: 'reject' } },
      adminToken,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      success: false,
      error: 'Already decided',
      details: [{ parameter: 'decisions.pin', errors: ['Already accepted'] }],
    });
  });

  it('admits admins only: 401 signed out, 403 for anyone else', async () => {
    const body = { decisions: { pin: 'accept' } };
    expect((await a.get('/admin/suggestions')).statusCode).toBe(401);
    expect((await a.get('/admin/suggestions', otherToken)).statusCode).toBe(403);
    const res = await a.post(`/admin/suggestions/${randomUUID()}/decide`, body, otherToken);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, error: 'You are not allowed to do this.' });
    expect((await a.post(`/admin/suggestions/${randomUUID()}/decide`, body, adminToken)).statusCode).toBe(404);
  });
});

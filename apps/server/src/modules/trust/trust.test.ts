import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, experts, outbox, outlets } from '../../db/schema';
import { makeExpert, makeOutlet, makeUser } from '../../seed/factories';
import { api } from '../../test/api';
import { type TestContext, testApp } from '../../test/harness';
import { buildWorld, type TWorld } from '../../test/world';
import { remindStale } from './trust.service';

let t: TestContext;
let w: TWorld;
let adminToken: string;
let ownerToken: string;
beforeAll(async () => {
  t = await testApp();
  w = await buildWorld(t.db);
  const admin = await makeUser(t.db, { role: 'admin', password: 'Admin123' });
  adminToken = (await a.post('/login', { userName: admin.email, password: 'Admin123' })).json().token;
  await makeUser(t.db, { email: 'owner@example.test', phone: '+919811122233', password: 'Owner123' });
  ownerToken = (await a.post('/login', { userName: 'owner@example.test', password: 'Owner123' })).json().token;
});
afterAll(() => t.close());

const a = api(() => t);
const inNorth = () => ({ circleIds: [w.circles.north.id], blockIds: [w.blocks.market.id] });
const trustOf = async (kind: 'experts' | 'outlets', slug: string) =>
  (await a.get(`/${kind}/slug/${slug}`)).json().data.trust;

describe('the "Verified phone" badge', () => {
  it('shows when the Call Us number, however typed, is the phone its owner verified', async () => {
    const owner = await makeUser(t.db, { phone: '+919812345678' });
    const at = { userId: owner.id, ...inNorth(), categoryIds: [w.categories.grocery.id] };
    await makeOutlet(t.db, at, { title: 'Own Number', callNow: '98123 45678' });
    await makeOutlet(t.db, at, { title: 'Other Number', callNow: '+919800000001' });
    expect(await trustOf('outlets', 'own-number')).toMatchObject({ verifiedPhone: true });
    expect(await trustOf('outlets', 'other-number')).toMatchObject({ verifiedPhone: false });
  });

  it('does not show while the owner has not verified that phone', async () => {
    const owner = await makeUser(t.db, { phone: '+919812345679', phoneVerified: false });
    await makeExpert(
      t.db,
      { userId: owner.id, ...inNorth(), serviceIds: [w.services.doctors.id] },
      { title: 'Unverified Owner', callNow: '+919812345679' },
    );
    expect(await trustOf('experts', 'unverified-owner')).toEqual({
      verifiedPhone: false,
      verifiedBusinessAt: null,
      confirmedAt: null,
      updatedOn: expect.any(String),
    });
  });
});

describe('Verified business', () => {
  it('is set by an admin with who and when, shown publicly, audited, and cleared again', async () => {
    const url = `/admin/listings/outlet/${w.outlet.id}/verify`;
    const set = await a.post(url, { verified: true }, adminToken);
    expect(set.statusCode).toBe(200);
    const data = set.json().data;
    expect(data).toMatchObject({
      kind: 'outlet',
      id: w.outlet.id,
      verifiedBusiness: { at: expect.any(String), by: { id: expect.any(String), name: expect.any(String) } },
    });
    expect((await trustOf('outlets', 'fresh-mart')).verifiedBusinessAt).toBe(data.verifiedBusiness.at);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, w.outlet.id));
    expect(audit.map((e) => e.action)).toEqual(['verify-business']);

    const cleared = await a.post(url, { verified: false }, adminToken);
    expect(cleared.json().data.verifiedBusiness).toBeNull();
    expect((await trustOf('outlets', 'fresh-mart')).verifiedBusinessAt).toBeNull();
    const after = await t.db.select().from(auditLog).where(eq(auditLog.entityId, w.outlet.id));
    expect(after.map((e) => e.action).sort()).toEqual(['unverify-business', 'verify-business']);
  });

  it('is refused to anyone but an admin, and a bad body or kind is a 400', async () => {
    const url = `/admin/listings/outlet/${w.outlet.id}/verify`;
    expect((await a.post(url, { verified: true })).statusCode).toBe(401);
    expect((await a.post(url, { verified: true }, ownerToken)).statusCode).toBe(403);
    const bad = await a.post(url, { verified: 'yes' }, adminToken);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, details: [{ parameter: 'verified' }] });
    const news = await a.post(`/admin/listings/news/${w.news.id}/verify`, { verified: true }, adminToken);
    expect(news.statusCode).toBe(400);
    const missing = await a.post(`/admin/listings/outlet/${w.expert.id}/verify`, { verified: true }, adminToken);
    expect(missing.statusCode).toBe(404);
  });
});

describe('Confirm details are current', () => {
  it('sets the confirmed date on the owner’s listing, which "Updated on" then shows', async () => {
    const owner = (await t.db.select().from(outlets).where(eq(outlets.id, w.outlet.id)))[0];
    const alice = await a.post('/login', { userName: w.users.alice.email, password: 'Secret123' });
    const res = await a.post(`/listings/outlet/${owner.id}/confirm`, {}, alice.json().token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Thank you, the details are confirmed',
      data: { confirmedAt: expect.any(String) },
    });
    const trust = await trustOf('outlets', 'fresh-mart');
    expect(trust.confirmedAt).toBe(res.json().data.confirmedAt);
    expect(trust.updatedOn).toBe(res.json().data.confirmedAt);
  });

  it('is refused on someone else’s listing, and without a token', async () => {
    expect((await a.post(`/listings/outlet/${w.outlet.id}/confirm`, {}, ownerToken)).statusCode).toBe(403);
    expect((await a.post(`/listings/outlet/${w.outlet.id}/confirm`, {})).statusCode).toBe(401);
    const bad = await a.post('/listings/outlet/not-an-id/confirm', {}, ownerToken);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      success: false,
      error: expect.any(String),
      details: [{ parameter: 'id', errors: ['Unknown record'] }],
    });
  });
});

describe('stale listings', () => {
  it('lists active listings untouched for 12 months and e-mails their owner once per staleness period', async () => {
    const owner = await makeUser(t.db, { email: 'stale@example.test' });
    const old = new Date(Date.now() - 400 * 24 * 3600_000);
    const stale = await makeExpert(
      t.db,
      { userId: owner.id, ...inNorth(), serviceIds: [w.services.doctors.id] },
      { title: 'Old Clinic', updatedAt: old },
    );
    await makeExpert(
      t.db,
      { userId: owner.id, ...inNorth(), serviceIds: [w.services.doctors.id] },
      { title: 'Confirmed Clinic', updatedAt: old, confirmedAt: new Date() },
    );
    const older = await makeOutlet(
      t.db,
      { userId: owner.id, ...inNorth(), categoryIds: [w.categories.grocery.id] },
      { title: 'Older Shop', updatedAt: new Date(Date.now() - 500 * 24 * 3600_000), status: 'hold' },
    );
    // A held listing is not listed (nor reminded); active again, it comes first: the longest untouched.
    const list = await a.get('/admin/listings/stale', adminToken);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      data: [{ kind: 'expert', id: stale.id, title: 'Old Clinic', remindedAt: null }],
    });
    expect(list.json().meta).toEqual({ page: 1, pageSize: 12, total: 1 });
    await t.db.update(outlets).set({ status: 'active' }).where(eq(outlets.id, older.id));
    const second = await a.get('/admin/listings/stale?pageSize=1&page=2', adminToken);
    expect(second.json()).toMatchObject({ data: [{ id: stale.id }], meta: { page: 2, pageSize: 1, total: 2 } });
    expect((await a.get('/admin/listings/stale?pageSize=1', adminToken)).json().data[0]).toMatchObject({
      kind: 'outlet',
      id: older.id,
      owner: { id: owner.id, email: 'stale@example.test' },
    });
    await t.db.update(outlets).set({ status: 'hold' }).where(eq(outlets.id, older.id));

    const log = { warn: () => {} };
    expect(await remindStale(t.db, t.app.messenger, t.config.publicUrl, log)).toBe(1);
    expect(await remindStale(t.db, t.app.messenger, t.config.publicUrl, log)).toBe(0);
    const mails = await t.db.select().from(outbox).where(eq(outbox.to, 'stale@example.test'));
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Are the details of "Old Clinic" still current?');
    expect(mails[0].text).toContain(`${t.config.publicUrl}/user-expert`);
    expect((await a.get('/admin/listings/stale', adminToken)).json().data[0].remindedAt).toEqual(expect.any(String));

    // Confirmed, it leaves the list; stale again a year later, it earns a new reminder.
    await t.db.update(experts).set({ confirmedAt: new Date() }).where(eq(experts.id, stale.id));
    expect((await a.get('/admin/listings/stale', adminToken)).json().meta.total).toBe(0);
    await t.db
      .update(experts)
      .set({ confirmedAt: new Date(Date.now() - 370 * 24 * 3600_000) })
      .where(eq(experts.id, stale.id));
    expect(await remindStale(t.db, t.app.messenger, t.config.publicUrl, log)).toBe(0);
    await t.db
      .update(experts)
      .set({ staleRemindedAt: new Date(Date.now() - 380 * 24 * 3600_000) })
      .where(eq(experts.id, stale.id));
    expect(await remindStale(t.db, t.app.messenger, t.config.publicUrl, log)).toBe(1);
  });
});

import { randomUUID } from 'node:crypto';
import type { TSuggestion } from '@chaupal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../app';
import { editSuggestions, outbox, outlets } from '../../db/schema';
import { makeExpert, makeOutlet, makeUser } from '../../seed/factories';
import { api } from '../../test/api';
import { type TestContext, testApp } from '../../test/harness';
import { buildWorld, type TWorld } from '../../test/world';

let t: TestContext;
let w: TWorld;
let ownerToken: string;
let otherToken: string;
let adminToken: string;
const a = api(() => t);
const signIn = async (email: string, password: string) =>
  (await a.post('/login', { userName: email, password })).json().token as string;

beforeAll(async () => {
  // The human check answers no to the token "robot"; a factor of 1 keeps the real limit of 5 suggestions a minute.
  t = await testApp({}, { captcha: { verify: async (token) => token !== 'robot' } });
  w = await buildWorld(t.db);
  ownerToken = await signIn(w.users.alice.email, 'Secret123');
  const other = await makeUser(t.db, { password: 'Other123' });
  otherToken = await signIn(other.email, 'Other123');
  const admin = await makeUser(t.db, { role: 'admin', password: 'Admin123' });
  adminToken = await signIn(admin.email, 'Admin123');
});
afterAll(() => t.close());

let nextIp = 1;
/** Each call from its own address unless told, so the per-address limit is tested only where meant. */
const suggest = (kind: string, id: string, payload: object, opts: { ip?: string; token?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: `${API_PREFIX}/suggestions/${kind}/${id}`,
    payload,
    remoteAddress: opts.ip ?? `10.1.0.${nextIp++}`,
    headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
  });
const THANKS = { success: true, message: 'Thank you. The owner will review your suggestion.' };

/** A public outlet of Alice's of its own, so each test reads what it made. */
const aliceOutlet = (o: Partial<typeof outlets.$inferInsert> = {}) =>
  makeOutlet(
    t.db,
    {
      userId: w.users.alice.id,
      circleIds: [w.circles.north.id],
      blockIds: [w.blocks.market.id],
      categoryIds: [w.categories.grocery.id],
    },
    { callNow: '+919876543210', streetAddress: '1 Old Road', pinCode: '226001', ...o },
  );
const mailsTo = (to: string) => t.db.select().from(outbox).where(eq(outbox.to, to));
const mine = async (listingId: string) =>
  ((await a.get('/suggestions/mine', ownerToken)).json().data as TSuggestion[]).filter(
    (s) => s.listing.id === listingId,
  );

describe('a visitor suggests, the owner decides', () => {
  it('stores the changed fields with the values now, tells the owner without the contact, and applies what is accepted as the owner’s edit', async () => {
    const shop = await aliceOutlet({ title: 'Sharma Kirana' });
    const sent = await suggest('outlet', shop.id, {
      call_now: '98111 22233',
      street_address: '5 New Road',
      pin_code: '226 001',
      name: 'Ravi',
      contact: 'ravi@example.com',
      message: 'The number changed in May.',
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toEqual(THANKS);

    const [notice] = (await mailsTo(w.users.alice.email)).filter((m) => m.subject.includes('Sharma Kirana'));
    expect(notice.subject).toBe('A suggested correction to "Sharma Kirana"');
    expect(notice.text).toContain('A visitor (Ravi) suggested a correction to your outlet "Sharma Kirana":');
    expect(notice.text).toContain('- Phone: 9811122233\n- Street address: 5 New Road\n');
    expect(notice.text).toContain('Their message: The number changed in May.');
    expect(notice.text).not.toContain('ravi@example.com');

    const open = await a.get('/suggestions/mine', ownerToken);
    expect(open.statusCode).toBe(200);
    expect(open.body).not.toContain('ravi@example.com');
    const [suggestion] = await mine(shop.id);
    expect(suggestion).toEqual({
      id: expect.any(String),
      kind: 'outlet',
      listing: { id: shop.id, slug: shop.slug, title: 'Sharma Kirana' },
      name: 'Ravi',
      message: 'The number changed in May.',
      changes: [
        { field: 'call_now', current: '+919876543210', proposed: '9811122233', decision: 'open' },
        { field: 'street_address', current: '1 Old Road', proposed: '5 New Road', decision: 'open' },
      ],
      status: 'open',
      createdAt: expect.any(String),
    });

    const decided = await a.post(
      `/suggestions/${suggestion.id}/decide`,
      { decisions: { call_now: 'accept', street_address: 'reject' } },
      ownerToken,
    );
    expect(decided.statusCode).toBe(200);
    expect(decided.json()).toEqual({
      success: true,
      message: 'Decision saved',
      data: {
        ...suggestion,
        changes: [
          { field: 'call_now', current: '+919876543210', proposed: '9811122233', decision: 'accepted' },
          { field: 'street_address', current: '1 Old Road', proposed: '5 New Road', decision: 'rejected' },
        ],
        status: 'done',
      },
    });
    expect(await mine(shop.id)).toEqual([]);

    // The owner's edit of an approved listing: still public (REVIEW_EDITS off), back in the queue as edited.
    const [row] = await t.db.select().from(outlets).where(eq(outlets.id, shop.id));
    expect(row).toMatchObject({ callNow: '9811122233', streetAddress: '1 Old Road', status: 'active', isPublic: true });
    expect(row.editedAt).toBeInstanceOf(Date);
    expect(row.approvedValues).toMatchObject({ call_now: '+919876543210', street_address: '1 Old Road' });
    const queued = (await a.get(`/admin/records/outlet/${shop.id}`, adminToken)).json().data;
    expect(queued).toMatchObject({ editedSinceApproval: true });
    expect(queued.changes).toEqual([{ field: 'call_now', before: '+919876543210', after: '9811122233' }]);
    const page = await a.get(`/outlets/slug/${shop.slug}`);
    expect(page.json().data).toMatchObject({ call_now: '9811122233', street_address: '1 Old Road', closed_at: null });

    const [thanks] = await mailsTo('ravi@example.com');
    expect(thanks.subject).toBe('Thank you: your correction to "Sharma Kirana" was accepted');
    expect(thanks.text).toBe(
      'Hello Ravi,\n\nThe changes you suggested to "Sharma Kirana" were accepted: Phone.\nThank you for helping keep the directory right.',
    );
  });

  it('answers a second decision on a field with 409, and a field the suggestion does not hold with 400', async () => {
    const shop = await aliceOutlet();
    await suggest('outlet', shop.id, { call_now: '9811100000', whatsapp_no: '9811100001' });
    const [{ id }] = await mine(shop.id);
    const first = await a.post(`/suggestions/${id}/decide`, { decisions: { whatsapp_no: 'reject' } }, ownerToken);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.status).toBe('open');

    const again = await a.post(
      `/suggestions/${id}/decide`,
      { decisions: { whatsapp_no: 'accept', call_now: 'accept' } },
      ownerToken,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      success: false,
      error: 'Already decided',
      details: [{ parameter: 'decisions.whatsapp_no', errors: ['Already rejected'] }],
    });
    const stray = await a.post(`/suggestions/${id}/decide`, { decisions: { pin_code: 'accept' } }, ownerToken);
    expect(stray.statusCode).toBe(400);
    expect(stray.json()).toEqual({
      success: false,
      error: 'The request has invalid fields.',
      details: [{ parameter: 'decisions.pin_code', errors: ['Not part of this suggestion'] }],
    });
    const none = await a.post(`/suggestions/${id}/decide`, { decisions: {} }, ownerToken);
    expect(none.statusCode).toBe(400);
    expect(none.json().details).toEqual([{ parameter: 'decisions', errors: ['Decide at least one change'] }]);

    // Nothing of the refused calls was applied: the phone is as it was, the WhatsApp number never set.
    const [row] = await t.db.select().from(outlets).where(eq(outlets.id, shop.id));
    expect(row).toMatchObject({ callNow: '+919876543210', whatsappNo: null, editedAt: null });
  });

  it('lets only the listing’s owner decide: 403 for another contributor or an admin here, 401 signed out, 404 unknown', async () => {
    const shop = await aliceOutlet();
    await suggest('outlet', shop.id, { pin_code: '110001' });
    const [{ id }] = await mine(shop.id);
    const body = { decisions: { pin_code: 'accept' } };
    for (const token of [otherToken, adminToken]) {
      const res = await a.post(`/suggestions/${id}/decide`, body, token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ success: false, error: 'You are not allowed to do this.' });
    }
    expect((await a.post(`/suggestions/${id}/decide`, body)).statusCode).toBe(401);
    for (const unknown of [randomUUID(), 'not-an-id']) {
      const res = await a.post(`/suggestions/${unknown}/decide`, body, ownerToken);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, error: 'Not found.' });
    }
    expect((await a.get('/suggestions/mine', otherToken)).json()).toEqual({ success: true, data: [] });
    expect((await a.get('/suggestions/mine')).statusCode).toBe(401);
    const [row] = await t.db.select().from(editSuggestions).where(eq(editSuggestions.id, id));
    expect(row.status).toBe('open');
  });

  it('marks the place closed when "closed" is accepted: closed_at on the public listing, kept by later edits', async () => {
    const doctor = await makeExpert(
      t.db,
      {
        userId: w.users.alice.id,
        circleIds: [w.circles.north.id],
        blockIds: [w.blocks.market.id],
        serviceIds: [w.services.doctors.id],
      },
      { title: 'Dr. Gone' },
    );
    expect((await suggest('expert', doctor.id, { closed: true, message: 'Shut for good.' })).statusCode).toBe(201);
    const [{ id, changes }] = await mine(doctor.id);
    expect(changes).toEqual([{ field: 'closed', current: false, proposed: true, decision: 'open' }]);
    expect(
      (await a.post(`/suggestions/${id}/decide`, { decisions: { closed: 'accept' } }, ownerToken)).statusCode,
    ).toBe(200);
    const closedAt = (await a.get(`/experts/slug/${doctor.slug}`)).json().data.closed_at;
    expect(new Date(closedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);

    // A suggestion that it is closed is now no change; the owner's form keeps the date until the owner reopens it.
    const again = await suggest('expert', doctor.id, { closed: 'true' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      success: false,
      error: 'Nothing to change',
      details: [{ parameter: 'closed', errors: ['The listing already says this'] }],
    });
    expect((await a.patch(`/expert/edit/${doctor.id}`, { title: 'Dr. Gone (closed)' }, ownerToken)).statusCode).toBe(
      200,
    );
    expect((await a.get(`/experts/slug/${doctor.slug}`)).json().data.closed_at).toBe(closedAt);
    expect((await a.patch(`/expert/edit/${doctor.id}`, { closed: 'false' }, ownerToken)).statusCode).toBe(200);
    expect((await a.get(`/experts/slug/${doctor.slug}`)).json().data.closed_at).toBeNull();
  });
});

describe('POST /suggestions/{kind}/{id}', () => {
  it('refuses a failed human check with 400 and keeps nothing', async () => {
    const shop = await aliceOutlet();
    const res = await suggest('outlet', shop.id, { call_now: '9811122233', g_recaptcha_response: 'robot' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      error: 'The request has invalid fields.',
      details: [{ parameter: 'g_recaptcha_response', errors: ['Human check failed'] }],
    });
    expect(await t.db.select().from(editSuggestions).where(eq(editSuggestions.listingId, shop.id))).toEqual([]);
  });

  it('names each bad field in a 400: phone, PIN code, half a pin, a message over 1000 characters', async () => {
    const res = await suggest('outlet', w.outlet.id, {
      call_now: '12345',
      pin_code: '012345',
      latitude: '26.85',
      message: 'm'.repeat(1001),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      error: 'The request has invalid fields.',
      details: [
        { parameter: 'call_now', errors: ['Invalid No'] },
        { parameter: 'pin_code', errors: ['Must be a 6-digit PIN code'] },
        { parameter: 'message', errors: ['At most 1000 characters'] },
        { parameter: 'longitude', errors: ['Give both latitude and longitude, or neither'] },
      ],
    });
    const halfPin = await suggest('outlet', w.outlet.id, { longitude: '80.94' });
    expect(halfPin.statusCode).toBe(400);
    expect(halfPin.json().details).toEqual([
      { parameter: 'latitude', errors: ['Give both latitude and longitude, or neither'] },
    ]);
    const empty = await suggest('outlet', w.outlet.id, { message: 'Something is wrong' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details).toEqual([{ parameter: 'call_now', errors: ['Suggest at least one change'] }]);
  });

  it('answers "Nothing to change" when every proposed value is the listing’s own, however it is typed', async () => {
    const shop = await aliceOutlet({ latitude: 26.85, longitude: 80.94 });
    const res = await suggest('outlet', shop.id, {
      call_now: '98765-43210',
      pin_code: '226001',
      latitude: 26.85,
      longitude: '80.94',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      error: 'Nothing to change',
      details: ['call_now', 'pin_code', 'latitude', 'longitude'].map((parameter) => ({
        parameter,
        errors: ['The listing already says this'],
      })),
    });
  });

  it('answers 404 for an unknown or non-public listing and 400 for an unknown kind', async () => {
    const held = await aliceOutlet({ status: 'hold' });
    for (const [kind, id] of [
      ['outlet', randomUUID()],
      ['expert', w.outlet.id],
      ['outlet', held.id],
    ]) {
      const res = await suggest(kind, id, { call_now: '9811122233' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, error: 'Not found.' });
    }
    expect((await suggest('news', w.news.id, { call_now: '9811122233' })).statusCode).toBe(400);
  });

  it('takes at most 5 suggestions a minute from one address, and 5 from one signed-in account', async () => {
    const shop = await aliceOutlet();
    const body = { street_address: '9 Station Road' };
    for (let i = 0; i < 5; i++)
      expect((await suggest('outlet', shop.id, body, { ip: '198.51.100.7' })).statusCode).toBe(201);
    const sixth = await suggest('outlet', shop.id, body, { ip: '198.51.100.7' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ success: false, error: 'Too many requests; try again later.' });
    expect(sixth.headers['retry-after']).toEqual(expect.any(String));

    for (let i = 0; i < 5; i++)
      expect((await suggest('outlet', shop.id, body, { token: otherToken })).statusCode).toBe(201);
    const fromAnywhere = await suggest('outlet', shop.id, body, { token: otherToken });
    expect(fromAnywhere.statusCode).toBe(429);
    const kept = await t.db.select().from(editSuggestions).where(eq(editSuggestions.listingId, shop.id));
    expect(kept.filter((s) => s.userId !== null)).toHaveLength(5);
  });

  it('answers odd input with a 400, never a 5xx', async () => {
    const shop = await aliceOutlet();
    const odd = [
      [],
      { opening_hours: '{not json' },
      { opening_hours: { weekly: 5 } },
      { closed: {} },
      { call_now: 9811122233 },
      { latitude: 'north', longitude: '1e3' },
      { latitude: 91, longitude: 181 },
      { street_address: 'x'.repeat(1000) },
      { street_address: '2 Lane', name: 'n'.repeat(101), contact: {} },
    ];
    for (const payload of odd) {
      const res = await suggest('outlet', shop.id, payload);
      expect([payload, res.statusCode]).toEqual([payload, 400]);
      expect(res.json()).toMatchObject({ success: false, error: 'The request has invalid fields.' });
    }
    await suggest('outlet', shop.id, { pin_code: '110002' });
    const [{ id }] = await mine(shop.id);
    for (const body of [
      {},
      { decisions: 'x' },
      { decisions: { pin_code: 'maybe' } },
      { decisions: { owner: 'accept' } },
    ]) {
      const res = await a.post(`/suggestions/${id}/decide`, body, ownerToken);
      expect([body, res.statusCode]).toEqual([body, 400]);
    }
  });
});

describe('hours and a pin', () => {
  it('are applied as the owner’s form would write them when accepted', async () => {
    const shop = await aliceOutlet();
    const hours = { weekly: { mon: [{ open: '09:00', close: '18:00' }] }, exceptions: [] };
    const sent = await suggest('outlet', shop.id, {
      opening_hours: JSON.stringify(hours),
      latitude: '26.8467',
      longitude: '80.9462',
    });
    expect(sent.statusCode).toBe(201);
    const [{ id, changes }] = await mine(shop.id);
    expect(changes).toEqual([
      { field: 'opening_hours', current: null, proposed: hours, decision: 'open' },
      { field: 'pin', current: null, proposed: { latitude: 26.8467, longitude: 80.9462 }, decision: 'open' },
    ]);
    const res = await a.post(
      `/suggestions/${id}/decide`,
      { decisions: { opening_hours: 'accept', pin: 'accept' } },
      ownerToken,
    );
    expect(res.statusCode).toBe(200);
    const data = (await a.get(`/outlets/slug/${shop.slug}`)).json().data;
    expect(data).toMatchObject({ opening_hours: hours, latitude: 26.8467, longitude: 80.9462 });
    // The same hours again, with their keys in another order, are no change.
    const again = await suggest('outlet', shop.id, {
      opening_hours: { exceptions: [], weekly: { mon: [{ close: '18:00', open: '09:00' }] } },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('Nothing to change');
  });
});

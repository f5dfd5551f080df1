import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_PREFIX } from '../../app';
import { listingCounts, reports } from '../../db/schema';
import { signingSecret } from '../../platform/secret';
import { makeOutlet, makeUser } from '../../seed/factories';
import { api } from '../../test/api';
import { type TestContext, testApp } from '../../test/harness';
import { buildWorld, type TWorld } from '../../test/world';
import { deleteRecords, publicWrite } from '../content';
import { KIND_LIST, KINDS } from '../kinds';
import { InsightCounter, type InsightQuotas, readInsight } from './insight.service';
import { insightKey, signBeaconToken } from './insight-token';

const BROWSER =
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const OTHER_BROWSER = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

let t: TestContext;
let w: TWorld;
let aliceToken: string;
let otherToken: string;
let adminToken: string;
/** The key the app signs beacon tokens with (the test app's generated signing secret). */
let key: Buffer;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT_FACTOR: '100' });
  w = await buildWorld(t.db);
  key = insightKey(signingSecret(t.config));
  aliceToken = (await a.post('/login', { userName: w.users.alice.email, password: 'Secret123' })).json().token;
  const other = await makeUser(t.db, { password: 'Other123' });
  otherToken = (await a.post('/login', { userName: other.email, password: 'Other123' })).json().token;
  const admin = await makeUser(t.db, { role: 'admin', password: 'Admin123' });
  adminToken = (await a.post('/login', { userName: admin.email, password: 'Admin123' })).json().token;
});
afterAll(() => t.close());

const a = api(() => t);
const linesOf = (result: unknown) => (result as { rows: { line: string }[] }).rows;
const beacon = (payload: object, ip: string, ua = BROWSER) =>
  t.app.inject({
    method: 'POST',
    url: `${API_PREFIX}/insight`,
    payload,
    remoteAddress: ip,
    headers: { 'user-agent': ua },
  });
/** The token a listing's page carries, as the renderer reads it. */
const tokenOf = async (kind: 'expert' | 'outlet', id: string): Promise<string> =>
  (await a.get(`/insight/${kind}/${id}/token`)).json().data.token;

describe('POST /insight and the owner’s counts', () => {
  it('counts once per address and hour whatever the browser, ignores bots, and shows the owner 30 days', async () => {
    const token = await tokenOf('outlet', w.outlet.id);
    const call = { kind: 'outlet', id: w.outlet.id, event: 'call', token };
    const view = { kind: 'outlet', id: w.outlet.id, event: 'view', token };
    for (const res of [
      await beacon(call, '192.0.2.1'),
      await beacon(call, '192.0.2.1'),
      await beacon(call, '192.0.2.1', OTHER_BROWSER),
      await beacon(call, '192.0.2.2'),
      await beacon(call, '192.0.2.3', GOOGLEBOT),
      await beacon(call, '192.0.2.4', ''),
      await beacon(view, '192.0.2.1'),
      await beacon({ kind: 'outlet', id: w.outlet.id, event: 'whatsapp', token }, '192.0.2.1'),
    ]) {
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
    }
    const res = await a.get(`/listings/outlet/${w.outlet.id}/insight`, aliceToken);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.month).toEqual({ view: 1, call: 2, whatsapp: 1, web: 0, direction: 0 });
    expect(data.days).toHaveLength(30);
    expect(data.days[29]).toMatchObject({ view: 1, call: 2, whatsapp: 1 });
    expect(data.days[0]).toMatchObject({ view: 0, call: 0 });
    expect(new Date(data.days[29].day) > new Date(data.days[0].day)).toBe(true);

    // The admin sees the same; another account does not.
    expect((await a.get(`/listings/outlet/${w.outlet.id}/insight`, adminToken)).json().data).toEqual(data);
    expect((await a.get(`/listings/outlet/${w.outlet.id}/insight`, otherToken)).statusCode).toBe(403);
    expect((await a.get(`/listings/outlet/${w.outlet.id}/insight`)).statusCode).toBe(401);
    expect((await a.get(`/listings/expert/${w.outlet.id}/insight`, adminToken)).statusCode).toBe(404);
  });

  it('keeps no address, agent or visitor hash: only kind, listing, day, event and count', async () => {
    const token = await tokenOf('expert', w.expert.id);
    await beacon({ kind: 'expert', id: w.expert.id, event: 'web', token }, '198.18.0.77');
    await a.get(`/listings/expert/${w.expert.id}/insight`, adminToken); // reading flushes the waiting counts
    const rows = linesOf(await t.db.execute(sql`select row_to_json(c)::text as line from listing_counts c`));
    expect(rows.length).toBeGreaterThan(0);
    for (const { line } of rows) {
      expect(Object.keys(JSON.parse(line)).sort()).toEqual(['count', 'day', 'event', 'kind', 'listing_id']);
      expect(line).not.toContain('198.18.0.77');
      expect(line).not.toContain('Chrome');
      expect(line).not.toContain(token);
    }
  });

  it('takes the JSON a page’s beacon sends as text/plain, and refuses a body that is not JSON', async () => {
    const send = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: `${API_PREFIX}/insight`,
        payload,
        remoteAddress: '192.0.2.77',
        headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': BROWSER },
      });
    const token = await tokenOf('expert', w.expert.id);
    const ok = await send(JSON.stringify({ kind: 'expert', id: w.expert.id, event: 'call', token }));
    expect(ok.statusCode).toBe(204);
    const bad = await send('call me');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ success: false, error: 'The body is not JSON' });
    const res = await a.get(`/listings/expert/${w.expert.id}/insight`, adminToken);
    expect(res.json().data.month.call).toBe(1);
  });

  it('answers bad input with a 400 naming the field, and counts nothing for an unknown listing', async () => {
    const bad = await beacon({ kind: 'news', id: 'x', event: 'click' }, '192.0.2.9');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { parameter: string }) => d.parameter)).toEqual(['kind', 'id', 'event']);
    const ghost = '00000000-0000-4000-8000-000000000000';
    const token = signBeaconToken(key, 'outlet', ghost, Date.now());
    expect((await beacon({ kind: 'outlet', id: ghost, event: 'view', token }, '192.0.2.9')).statusCode).toBe(204);
    await a.get(`/listings/expert/${w.expert.id}/insight`, adminToken);
    const rows = linesOf(await t.db.execute(sql`select 1 from listing_counts where listing_id = ${ghost}`));
    expect(rows).toEqual([]);
  });
});

describe('InsightCounter', () => {
  /** Fresh budgets in this process's memory, as the app makes them without Redis. */
  const quotas = (): InsightQuotas => ({
    once: t.app.limiters.quota('test-once', 1, 3600),
    address: t.app.limiters.quota('test-address', 60, 3600),
    listing: t.app.limiters.quota('test-listing', 100, 3600),
  });

  it('counts the same visitor again after an hour, and on a new day in SITE_TZ on its own row', async () => {
    // The budgets' windows run on the clock, so the clock is moved.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const counter = new InsightCounter(t.db, 'Asia/Kolkata', key, quotas());
      const count = (iso: string, ua = BROWSER) => {
        vi.setSystemTime(new Date(iso));
        const token = signBeaconToken(key, 'expert', w.expert.id, Date.now());
        return counter.count({ kind: 'expert', id: w.expert.id, event: 'direction', token }, '192.0.2.50', ua);
      };
      expect(await count('2026-03-31T16:00:00Z')).toBe(true); // 21:30 on the 31st in Kolkata
      expect(await count('2026-03-31T16:59:00Z', OTHER_BROWSER)).toBe(false);
      expect(await count('2026-03-31T17:01:00Z')).toBe(true);
      expect(await count('2026-03-31T17:40:00Z')).toBe(false);
      expect(await count('2026-03-31T18:20:00Z')).toBe(true); // 23:50
      expect(await count('2026-03-31T18:40:00Z')).toBe(true); // 00:10 on 1 April: within the hour, but a new day
      await counter.stop();
    } finally {
      vi.useRealTimers();
    }

    const insight = await readInsight(t.db, 'Asia/Kolkata', 'expert', w.expert.id, new Date('2026-04-01T06:00:00Z'));
    expect(insight.month.direction).toBe(1);
    expect(insight.days.at(-1)).toMatchObject({ day: '2026-04-01', direction: 1 });
    expect(insight.days.at(-2)).toMatchObject({ day: '2026-03-31', direction: 3 });
    expect(insight.days[0].day).toBe('2026-03-03');
    const rows = await t.db.select().from(listingCounts);
    expect(rows.filter((r) => r.event === 'direction').map((r) => [r.day, r.count])).toEqual(
      expect.arrayContaining([
        ['2026-03-31', 3],
        ['2026-04-01', 1],
      ]),
    );
  });

  it('lets a read that flushes see the counts the timer is still writing', async () => {
    // A listing of its own: the world's outlet is counted exactly in the first test of this file.
    const shop = await makeOutlet(t.db, {
      userId: w.users.alice.id,
      categoryIds: [w.categories.grocery.id],
      circleIds: [w.circles.north.id],
    });
    const counter = new InsightCounter(t.db, 'Asia/Kolkata', key, quotas());
    const token = signBeaconToken(key, 'outlet', shop.id, Date.now());
    const b = { kind: 'outlet' as const, id: shop.id, event: 'web' as const, token };
    expect(await counter.count(b, '192.0.2.60', BROWSER)).toBe(true);
    // The timer's flush takes the count out of memory and is still writing it when the owner's read flushes.
    const timer = counter.flush();
    await counter.flush();
    const insight = await readInsight(t.db, 'Asia/Kolkata', 'outlet', shop.id);
    expect(insight.month.web).toBe(1);
    await timer;
    await counter.stop();
  });
});

describe('a deleted record', () => {
  it('deleting a record takes its day counts and the reports about it along, and leaves the other records’ alone', async () => {
    const links = {
      userId: w.users.alice.id,
      categoryIds: [w.categories.grocery.id],
      circleIds: [w.circles.north.id],
      blockIds: [],
    };
    const gone = await makeOutlet(t.db, links);
    const day = '2026-04-02';
    await t.db.insert(listingCounts).values([
      { kind: 'outlet', listingId: gone.id, day, event: 'call', count: 3 },
      { kind: 'outlet', listingId: w.outlet.id, day, event: 'call', count: 2 },
    ]);
    await t.db.insert(reports).values([
      { kind: 'outlet', recordId: gone.id, reason: 'spam' },
      { kind: 'outlet', recordId: w.outlet.id, reason: 'closed' },
    ]);
    await publicWrite({ db: t.db, kinds: KIND_LIST }, (tx) => deleteRecords(tx, KINDS.outlet, [gone.id]));
    const counts = await t.db.select().from(listingCounts).where(eq(listingCounts.day, day));
    expect(counts.map((c) => [c.listingId, c.count])).toEqual([[w.outlet.id, 2]]);
    const left = await t.db.select().from(reports);
    expect(left.some((r) => r.recordId === gone.id)).toBe(false);
    expect(left.some((r) => r.recordId === w.outlet.id && r.reason === 'closed')).toBe(true);
  });
});

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../app';
import { listingCounts, outlets, reports } from '../../db/schema';
import { makeOutlet, makeUser } from '../../seed/factories';
import { api } from '../../test/api';
import { type TestContext, testApp } from '../../test/harness';
import { buildWorld, type TWorld } from '../../test/world';
import { InsightCounter, readInsight } from './insight.service';

const BROWSER =
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const OTHER_BROWSER = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

let t: TestContext;
let w: TWorld;
let aliceToken: string;
let otherToken: string;
let adminToken: string;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT_FACTOR: '100' });
  w = await buildWorld(t.db);
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

describe('POST /insight and the owner’s counts', () => {
  it('counts once per visitor and hour, ignores bots, and shows the owner this month and 30 days', async () => {
    const call = { kind: 'outlet', id: w.outlet.id, event: 'call' };
    const view = { kind: 'outlet', id: w.outlet.id, event: 'view' };
    for (const res of [
      await beacon(call, '192.0.2.1'),
      await beacon(call, '192.0.2.1'),
      await beacon(call, '192.0.2.1', OTHER_BROWSER),
      await beacon(call, '192.0.2.2'),
      await beacon(call, '192.0.2.3', GOOGLEBOT),
      await beacon(call, '192.0.2.4', ''),
      await beacon(view, '192.0.2.1'),
      await beacon({ kind: 'outlet', id: w.outlet.id, event: 'whatsapp' }, '192.0.2.1'),
    ]) {
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
    }
    const res = await a.get(`/listings/outlet/${w.outlet.id}/insight`, aliceToken);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.month).toEqual({ view: 1, call: 3, whatsapp: 1, web: 0, direction: 0 });
    expect(data.days).toHaveLength(30);
    expect(data.days[29]).toMatchObject({ view: 1, call: 3, whatsapp: 1 });
    expect(data.days[0]).toMatchObject({ view: 0, call: 0 });
    expect(new Date(data.days[29].day) > new Date(data.days[0].day)).toBe(true);

    // The admin sees the same; another account does not.
    expect((await a.get(`/listings/outlet/${w.outlet.id}/insight`, adminToken)).json().data).toEqual(data);
    expect((await a.get(`/listings/outlet/${w.outlet.id}/insight`, otherToken)).statusCode).toBe(403);
    expect((await a.get(`/listings/outlet/${w.outlet.id}/insight`)).statusCode).toBe(401);
    expect((await a.get(`/listings/expert/${w.outlet.id}/insight`, adminToken)).statusCode).toBe(404);
  });

  it('keeps no address, agent or visitor hash: only kind, listing, day, event and count', async () => {
    await beacon({ kind: 'expert', id: w.expert.id, event: 'web' }, '198.18.0.77');
    await a.get(`/listings/expert/${w.expert.id}/insight`, adminToken); // reading flushes the waiting counts
    const rows = linesOf(await t.db.execute(sql`select row_to_json(c)::text as line from listing_counts c`));
    expect(rows.length).toBeGreaterThan(0);
    for (const { line } of rows) {
      expect(Object.keys(JSON.parse(line)).sort()).toEqual(['count', 'day', 'event', 'kind', 'listing_id']);
      expect(line).not.toContain('198.18.0.77');
      expect(line).not.toContain('Chrome');
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
    const ok = await send(JSON.stringify({ kind: 'expert', id: w.expert.id, event: 'call' }));
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
    expect((await beacon({ kind: 'outlet', id: ghost, event: 'view' }, '192.0.2.9')).statusCode).toBe(204);
    await a.get(`/listings/expert/${w.expert.id}/insight`, adminToken);
    const rows = linesOf(await t.db.execute(sql`select 1 from listing_counts where listing_id = ${ghost}`));
    expect(rows).toEqual([]);
  });
});

describe('InsightCounter', () => {
  it('counts the same visitor again after an hour, and a new day in SITE_TZ on its own row', async () => {
    let now = new Date('2026-03-31T18:00:00Z'); // 23:30 in Kolkata, the 31st
    const counter = new InsightCounter(t.db, 'Asia/Kolkata', () => now);
    const b = { kind: 'expert' as const, id: w.expert.id, event: 'direction' as const };
    expect(counter.count(b, '192.0.2.50', BROWSER)).toBe(true);
    now = new Date('2026-03-31T18:29:00Z');
    expect(counter.count(b, '192.0.2.50', BROWSER)).toBe(false);
    now = new Date('2026-03-31T19:01:00Z'); // 00:31 on 1 April in Kolkata
    expect(counter.count(b, '192.0.2.50', BROWSER)).toBe(true);
    expect(counter.count(b, '192.0.2.50', GOOGLEBOT)).toBe(false);
    await counter.stop();

    const insight = await readInsight(t.db, 'Asia/Kolkata', 'expert', w.expert.id, new Date('2026-04-01T06:00:00Z'));
    expect(insight.month.direction).toBe(1);
    expect(insight.days.at(-1)).toMatchObject({ day: '2026-04-01', direction: 1 });
    expect(insight.days.at(-2)).toMatchObject({ day: '2026-03-31', direction: 1 });
    expect(insight.days[0].day).toBe('2026-03-03');
    const rows = await t.db.select().from(listingCounts);
    expect(rows.filter((r) => r.event === 'direction').map((r) => [r.day, r.count])).toEqual(
      expect.arrayContaining([
        ['2026-03-31', 1],
        ['2026-04-01', 1],
      ]),
    );
  });

  it('lets a read that flushes see the counts the timer is still writing', async () => {
    const now = new Date('2026-05-20T06:00:00Z');
    const counter = new InsightCounter(t.db, 'Asia/Kolkata', () => now);
    const b = { kind: 'outlet' as const, id: w.outlet.id, event: 'web' as const };
    expect(counter.count(b, '192.0.2.60', BROWSER)).toBe(true);
    // The timer's flush takes the count out of memory and is still writing it when the owner's read flushes.
    const timer = counter.flush();
    await counter.flush();
    const insight = await readInsight(t.db, 'Asia/Kolkata', 'outlet', w.outlet.id, now);
    expect(insight.month.web).toBe(1);
    await timer;
    await counter.stop();
  });
});

describe('a deleted record', () => {
  it('takes its day counts and the reports about it along, and leaves the other records’ alone', async () => {
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
    await t.db.delete(outlets).where(eq(outlets.id, gone.id));
    const counts = await t.db.select().from(listingCounts).where(eq(listingCounts.day, day));
    expect(counts.map((c) => [c.listingId, c.count])).toEqual([[w.outlet.id, 2]]);
    const left = await t.db.select().from(reports);
    expect(left.some((r) => r.recordId === gone.id)).toBe(false);
    expect(left.some((r) => r.recordId === w.outlet.id && r.reason === 'closed')).toBe(true);
  });
});

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../app';
import { auditLog, reports } from '../../db/schema';
import { makeUser } from '../../seed/factories';
import { api } from '../../test/api';
import { type TestContext, testApp } from '../../test/harness';
import { buildWorld, type TWorld } from '../../test/world';

let t: TestContext;
let w: TWorld;
let adminToken: string;
let otherToken: string;
beforeAll(async () => {
  // The human check answers no to the token "robot"; a factor of 1 keeps the real limit of 5 reports a minute.
  t = await testApp({}, { captcha: { verify: async (token) => token !== 'robot' } });
  w = await buildWorld(t.db);
  const admin = await makeUser(t.db, { role: 'admin', password: 'Admin123' });
  adminToken = (await a.post('/login', { userName: admin.email, password: 'Admin123' })).json().token;
  const other = await makeUser(t.db, { password: 'Other123' });
  otherToken = (await a.post('/login', { userName: other.email, password: 'Other123' })).json().token;
});
afterAll(() => t.close());

const a = api(() => t);
let nextIp = 1;
/** Each call from its own address unless told, so the per-address limit is tested only where meant. */
const report = (payload: object, ip = `10.0.0.${nextIp++}`) =>
  t.app.inject({ method: 'POST', url: `${API_PREFIX}/reports`, payload, remoteAddress: ip });

describe('POST /reports', () => {
  it('stores the report of a public record without the visitor’s address', async () => {
    const res = await report(
      { kind: 'outlet', id: w.outlet.id, reason: 'closed', message: ' Shut since May. ', contact: 'ravi@example.com' },
      '203.0.113.9',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Thank you, the report was sent',
      data: { id: expect.any(String) },
    });
    const [row] = await t.db.select().from(reports).where(eq(reports.id, res.json().data.id));
    expect(row).toMatchObject({
      kind: 'outlet',
      recordId: w.outlet.id,
      reason: 'closed',
      message: 'Shut since May.',
      contact: 'ravi@example.com',
      status: 'new',
    });
    const stored = await t.db.execute(sql`select row_to_json(r)::text as line from reports r`);
    for (const { line } of (stored as { rows: { line: string }[] }).rows) expect(line).not.toContain('203.0.113.9');
  });

  it('takes an article too, with no message or contact', async () => {
    const res = await report({ kind: 'news', id: w.news.id, reason: 'offensive' });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(reports).where(eq(reports.id, res.json().data.id));
    expect(row).toMatchObject({ kind: 'news', message: '', contact: null });
  });

  it('names each bad field in a 400', async () => {
    const res = await report({ kind: 'shop', id: 'x', reason: 'boring', message: 'm'.repeat(2001) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      error: 'The request has invalid fields.',
      details: [
        { parameter: 'kind', errors: ['Choose what you report'] },
        { parameter: 'id', errors: ['Unknown record'] },
        { parameter: 'reason', errors: ['Choose a reason'] },
        { parameter: 'message', errors: ['At most 2000 characters'] },
      ],
    });
  });

  it('refuses a failed human check with 400 and keeps nothing', async () => {
    const before = (await t.db.select().from(reports)).length;
    const res = await report({ kind: 'outlet', id: w.outlet.id, reason: 'spam', g_recaptcha_response: 'robot' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      error: 'The request has invalid fields.',
      details: [{ parameter: 'g_recaptcha_response', errors: ['Human check failed'] }],
    });
    expect((await t.db.select().from(reports)).length).toBe(before);
  });

  it('answers 404 for a record that is not public', async () => {
    const res = await report({ kind: 'expert', id: w.outlet.id, reason: 'wrong' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, error: expect.any(String) });
  });

  it('keeps one open report per record and address a day: a repeat answers as the first did and adds nothing', async () => {
    const body = { kind: 'feature', id: w.feature.id, reason: 'wrong', message: 'Wrong shop named' };
    const first = await report(body, '192.0.2.50');
    expect(first.statusCode).toBe(200);
    for (const message of ['Wrong shop named', 'Wrong shop named!!']) {
      const again = await report({ ...body, message }, '192.0.2.50');
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
    }
    const filed = await t.db.select().from(reports).where(eq(reports.recordId, w.feature.id));
    expect(filed.map((r) => r.id)).toEqual([first.json().data.id]);

    // Another address, or another record from the same address, is a report of its own.
    const neighbour = await report(body, '192.0.2.51');
    const otherRecord = await report({ ...body, kind: 'news', id: w.news.id }, '192.0.2.50');
    for (const res of [neighbour, otherRecord]) {
      expect(res.statusCode).toBe(200);
      expect(res.json().data.id).not.toBe(first.json().data.id);
    }
    expect(neighbour.json().data.id).not.toBe(otherRecord.json().data.id);
  });

  it('takes at most 5 reports a minute from one address', async () => {
    const body = { kind: 'outlet', id: w.outlet.id, reason: 'spam' };
    for (let i = 0; i < 5; i++) expect((await report(body, '198.51.100.7')).statusCode).toBe(200);
    const sixth = await report(body, '198.51.100.7');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ success: false, error: expect.any(String) });
    expect(sixth.headers['retry-after']).toEqual(expect.any(String));
    expect((await report(body, '198.51.100.8')).statusCode).toBe(200);
  });
});

describe('the console’s report queue', () => {
  it('lists new reports with their record, moves them to acted or dismissed, and audits each move', async () => {
    const created = await report({ kind: 'expert', id: w.expert.id, reason: 'wrong', message: 'Moved to Main St' });
    const id = created.json().data.id;
    const queue = await a.get('/admin/reports?status=new', adminToken);
    expect(queue.statusCode).toBe(200);
    expect(queue.json().data[0]).toEqual({
      id,
      kind: 'expert',
      recordId: w.expert.id,
      record: { title: 'Dr. Meera Iyer', slug: 'dr-meera-iyer', status: 'active' },
      reason: 'wrong',
      message: 'Moved to Main St',
      contact: null,
      status: 'new',
      resolvedBy: null,
      resolvedAt: null,
      createdAt: expect.any(String),
    });

    const acted = await a.patch(`/admin/reports/${id}`, { status: 'acted' }, adminToken);
    expect(acted.statusCode).toBe(200);
    expect(acted.json().data).toMatchObject({ status: 'acted', resolvedBy: { id: expect.any(String) } });
    expect(
      (await a.get('/admin/reports?status=new', adminToken)).json().data.map((r: { id: string }) => r.id),
    ).not.toContain(id);
    expect(
      (await a.get('/admin/reports?status=acted', adminToken)).json().data.map((r: { id: string }) => r.id),
    ).toEqual([id]);

    const again = await a.patch(`/admin/reports/${id}`, { status: 'acted' }, adminToken);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, error: 'The report is already acted' });

    const dismissed = await a.patch(`/admin/reports/${id}`, { status: 'dismissed' }, adminToken);
    expect(dismissed.json().data).toMatchObject({ status: 'dismissed' });
    const reopened = await a.patch(`/admin/reports/${id}`, { status: 'new' }, adminToken);
    expect(reopened.json().data).toMatchObject({ status: 'new', resolvedBy: null, resolvedAt: null });

    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit.map((e) => e.action).sort()).toEqual(['report-acted', 'report-dismissed', 'report-new']);
    const viaApi = await a.get(`/admin/audit?entity=report&entityId=${id}`, adminToken);
    expect(viaApi.json().meta.total).toBe(3);
  });

  it('refuses a bad status, an unknown report and anyone but an admin', async () => {
    const bad = await a.patch(`/admin/reports/${w.outlet.id}`, { status: 'closed' }, adminToken);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      details: [{ parameter: 'status', errors: ['Choose new, acted or dismissed'] }],
    });
    expect((await a.patch(`/admin/reports/${w.outlet.id}`, { status: 'acted' }, adminToken)).statusCode).toBe(404);
    expect((await a.get('/admin/reports?status=open', adminToken)).statusCode).toBe(400);
    expect((await a.get('/admin/reports', otherToken)).statusCode).toBe(403);
    expect((await a.get('/admin/reports')).statusCode).toBe(401);
  });
});

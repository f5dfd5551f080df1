import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactRequests, reports } from '../../db/schema';
import { makeOutlet } from '../../seed/factories';
import { multipartBody, type TestContext, testApp } from '../../test/harness';
import { buildWorld, type TWorld } from '../../test/world';

const built = existsSync(fileURLToPath(new URL('../../../../web/dist/server/entry-server.js', import.meta.url)));

/**
 * The public forms as plain HTML posts (a browser that runs none of the app): the server hands each to its API route
 * and answers with the page, the errors under the fields and what was typed, or sends the visitor on once it is sent.
 */
describe.skipIf(!built)('forms posted without the app', () => {
  let t: TestContext;
  let w: TWorld;

  beforeAll(async () => {
    t = await testApp({ RATE_LIMIT_FACTOR: '100' });
    w = await buildWorld(t.db);
  });
  afterAll(() => t.close());

  /** A listing of the test's own, so the reports it finds filed are the test's. */
  const newOutlet = () =>
    makeOutlet(
      t.db,
      { userId: w.users.alice.id, categoryIds: [w.categories.grocery.id], circleIds: [w.circles.north.id] },
      { title: 'Ganga General Store' },
    );
  const report = (outlet: { id: string }, body: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: `/report/outlet/${outlet.id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(body).toString(),
    });

  it('answers a report without a reason with its page again: 400, the error in place, the words kept', async () => {
    const outlet = await newOutlet();
    const res = await report(outlet, { message: 'Moved across the road <b>', contact: '' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<h1>Report</h1>');
    expect(res.body).toContain('Choose a reason');
    // What was typed is in the form again, as text.
    expect(res.body).toContain('Moved across the road &lt;b&gt;</textarea>');
    expect(await t.db.select().from(reports).where(eq(reports.recordId, outlet.id))).toEqual([]);
  });

  it('files a report with a reason and sends the visitor to the page that says so (303)', async () => {
    const outlet = await newOutlet();
    const res = await report(outlet, { reason: 'closed', message: 'Shut for good', contact: 'a@example.com' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/report/outlet/${outlet.id}?sent=1`);
    const filed = await t.db.select().from(reports).where(eq(reports.recordId, outlet.id));
    expect(filed.map((r) => [r.reason, r.message])).toEqual([['closed', 'Shut for good']]);
    const page = await t.app.inject({ url: res.headers.location as string });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Thank you, the report was sent. An admin will look at it.');
  });

  it('files a report’s line breaks as LF, though a browser posts them as CRLF', async () => {
    const outlet = await newOutlet();
    const res = await report(outlet, { reason: 'closed', message: 'Shut\r\nfor good', contact: '' });
    expect(res.statusCode).toBe(303);
    const filed = await t.db.select().from(reports).where(eq(reports.recordId, outlet.id));
    expect(filed.map((r) => r.message)).toEqual(['Shut\nfor good']);
  });

  it('answers a report of a record that does not exist with the not-found page', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/report/outlet/00000000-0000-4000-8000-000000000000',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'reason=spam',
    });
    expect(res.statusCode).toBe(404);
  });

  it('answers an empty contact form with Required under each required field, and keeps nothing it did not get', async () => {
    const body = await multipartBody([
      ['name', ''],
      ['phone', ''],
      ['email', ''],
      ['message', 'Hello'],
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/contact', ...body });
    expect(res.statusCode).toBe(400);
    expect(res.body.match(/<p class="field-error" id="[^"]+">Required<\/p>/g)).toHaveLength(3);
    expect(res.body).toContain('Hello</textarea>');
  });

  it('shows a phone the API refuses under the phone field, with the name kept', async () => {
    const body = await multipartBody([
      ['name', 'Asha Verma'],
      ['phone', '12345'],
      ['email', 'asha@example.com'],
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/contact', ...body });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Phone number does not match pattern');
    expect(res.body).toContain('value="Asha Verma"');
  });

  it('sends a valid contact form and answers 303 to the page that says Message Sent', async () => {
    const body = await multipartBody([
      ['name', 'Asha Verma'],
      ['phone', '+91 9876543210'],
      ['email', 'asha@example.com'],
      ['message', 'The streetlight on Station Road is out.'],
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/contact', ...body });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/contact?sent=1');
    const stored = await t.db.select().from(contactRequests).where(eq(contactRequests.email, 'asha@example.com'));
    expect(stored.map((c) => c.message)).toEqual(['The streetlight on Station Road is out.']);
    const page = await t.app.inject({ url: '/contact?sent=1' });
    expect(page.body).toContain('Message Sent');
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../seed/factories';
import { type TestContext, testApp } from '../../test/harness';

let t: TestContext;
let customerToken: string;
let adminToken: string;
beforeAll(async () => {
  t = await testApp();
  const customer = await makeUser(t.db, { name: 'Chandra Customer' });
  const admin = await makeUser(t.db, { name: 'Ada Admin', role: 'admin' });
  customerToken = await t.app.tokens.issue(customer);
  adminToken = await t.app.tokens.issue(admin);
});
afterAll(() => t.close());

/** Every admin route the OpenAPI document lists, with its path parameters filled in. */
function adminRoutes() {
  const spec = (t.app as unknown as { swagger(): { paths: Record<string, Record<string, unknown>> } }).swagger();
  const routes: { method: string; url: string }[] = [];
  for (const [path, methods] of Object.entries(spec.paths)) {
    if (!path.startsWith('/api/backend/v1/admin/')) continue;
    const url = path.replace('{kind}', 'outlet').replace('{id}', randomUUID());
    for (const method of Object.keys(methods)) routes.push({ method: method.toUpperCase(), url });
  }
  return routes;
}

describe('admin routes', () => {
  it('are documented: every part of the console has its routes', () => {
    const urls = adminRoutes().map((r) => `${r.method} ${r.url.replace(/[0-9a-f-]{36}/, ':id')}`);
    for (const expected of [
      'GET /api/backend/v1/admin/dashboard',
      'GET /api/backend/v1/admin/moderation',
      'POST /api/backend/v1/admin/records/outlet/:id/approve',
      'POST /api/backend/v1/admin/records/outlet/:id/hold',
      'PATCH /api/backend/v1/admin/users/:id',
      'DELETE /api/backend/v1/admin/circles/:id',
      'PUT /api/backend/v1/admin/blocks/:id',
      'POST /api/backend/v1/admin/services',
      'DELETE /api/backend/v1/admin/categories/:id',
      'PUT /api/backend/v1/admin/editions/:id',
      'POST /api/backend/v1/admin/pages',
      'POST /api/backend/v1/admin/policies',
      'PUT /api/backend/v1/admin/home/alert',
      'POST /api/backend/v1/admin/banners',
      'PATCH /api/backend/v1/admin/contact-requests/:id',
      'GET /api/backend/v1/admin/audit',
    ])
      expect(urls).toContain(expected);
    expect(urls.length).toBeGreaterThan(50);
  });

  it('refuse an anonymous caller with 401 and a customer with 403, before reading the body', async () => {
    const routes = adminRoutes();
    for (const { method, url } of routes) {
      const anonymous = await t.app.inject({
        method: method as 'GET',
        url,
        payload: method === 'GET' ? undefined : {},
      });
      expect([url, method, anonymous.statusCode]).toEqual([url, method, 401]);
      expect(anonymous.json()).toEqual({ success: false, error: 'Sign in to continue.' });
      const customer = await t.app.inject({
        method: method as 'GET',
        url,
        payload: method === 'GET' ? undefined : {},
        headers: { authorization: `Bearer ${customerToken}` },
      });
      expect([url, method, customer.statusCode]).toEqual([url, method, 403]);
      expect(customer.json()).toEqual({ success: false, error: 'You are not allowed to do this.' });
    }
  });

  it('answer an admin (the dashboard)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/backend/v1/admin/dashboard',
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      pending: { expert: 0, outlet: 0, news: 0, feature: 0 },
      editedSinceApproval: 0,
      newContactRequests: 0,
      users: { total: 2, held: 0, unverified: 0 },
    });
  });
});

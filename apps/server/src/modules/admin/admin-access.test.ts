import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCircle, makeFeature, makeNews, makeTaxon, makeUser } from '../../seed/factories';
import { type TestContext, testApp } from '../../test/harness';

let t: TestContext;
let customerToken: string;
let adminToken: string;
let editorToken: string;
let cityEditorToken: string;
let unverifiedEditorToken: string;
/** News of the City and of the Rural edition, and a feature, all pending. */
let cityNews: { id: string };
let ruralNews: { id: string };
let feature: { id: string };
beforeAll(async () => {
  t = await testApp();
  const customer = await makeUser(t.db, { name: 'Chandra Customer' });
  const admin = await makeUser(t.db, { name: 'Ada Admin', role: 'admin' });
  const city = await makeTaxon(t.db, 'editions', { title: 'City' });
  const rural = await makeTaxon(t.db, 'editions', { title: 'Rural' });
  const editor = await makeUser(t.db, { name: 'Eda Editor', role: 'editor' });
  const cityEditor = await makeUser(t.db, { name: 'Cyrus City', role: 'editor', editorEditions: [city.id] });
  const unverified = await makeUser(t.db, { name: 'Una', role: 'editor', emailVerified: false });
  customerToken = await t.app.tokens.issue(customer);
  adminToken = await t.app.tokens.issue(admin);
  editorToken = await t.app.tokens.issue(editor);
  cityEditorToken = await t.app.tokens.issue(cityEditor);
  unverifiedEditorToken = await t.app.tokens.issue(unverified);
  const links = { userId: customer.id, circleIds: [(await makeCircle(t.db)).id] };
  cityNews = await makeNews(t.db, { ...links, editionId: city.id }, { status: 'pending' });
  ruralNews = await makeNews(t.db, { ...links, editionId: rural.id }, { status: 'pending' });
  const page = await makeTaxon(t.db, 'pages', { title: 'Food' });
  feature = await makeFeature(t.db, { ...links, pageId: page.id }, { status: 'pending' });
});
afterAll(() => t.close());

/**
 * Every admin route the OpenAPI document lists, as its path and with its parameters filled in (`kind` for a record's
 * kind, a random id).
 */
function adminRoutes(kind = 'outlet') {
  const spec = (t.app as unknown as { swagger(): { paths: Record<string, Record<string, unknown>> } }).swagger();
  const routes: { method: string; path: string; url: string }[] = [];
  for (const [path, methods] of Object.entries(spec.paths)) {
    if (!path.startsWith('/api/backend/v1/admin/')) continue;
    const url = path.replace('{kind}', kind).replace('{id}', randomUUID());
    for (const method of Object.keys(methods)) routes.push({ method: method.toUpperCase(), path, url });
  }
  return routes;
}

/**
 * The editor's column of the matrix (decision 033): the admin routes an editor may use, the desk's. Every other
 * admin route answers an editor 403.
 */
const DESK_ROUTES = [
  'GET /api/backend/v1/admin/moderation',
  'GET /api/backend/v1/admin/records',
  'GET /api/backend/v1/admin/records/{kind}/{id}',
  'POST /api/backend/v1/admin/records/{kind}/{id}/approve',
  'POST /api/backend/v1/admin/records/{kind}/{id}/hold',
];
const FORBIDDEN = { success: false, error: 'You are not allowed to do this.' };
const as = (token: string, method: string, url: string, payload?: object) =>
  t.app.inject({
    method: method as 'GET',
    url,
    payload: payload ?? (method === 'GET' ? undefined : {}),
    headers: { authorization: `Bearer ${token}` },
  });
const record = (kind: string, id: string, action = '') =>
  `/api/backend/v1/admin/records/${kind}/${id}${action ? `/${action}` : ''}`;

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
      expect(customer.json()).toEqual(FORBIDDEN);
    }
  });

  it("let an editor through to the desk's routes only (news' and features' records and their moderation): every other is 403", async () => {
    const routes = adminRoutes('news');
    const desk = routes.filter((r) => DESK_ROUTES.includes(`${r.method} ${r.path}`));
    expect(desk.map((r) => `${r.method} ${r.path}`).sort()).toEqual([...DESK_ROUTES].sort());
    for (const { method, path, url } of routes) {
      const res = await as(editorToken, method, url);
      if (desk.some((r) => r.path === path && r.method === method)) {
        // Past the guard: the list, or the random id's 404, or the hold's missing reason (400).
        expect([method, path, [200, 400, 404].includes(res.statusCode)]).toEqual([method, path, true]);
      } else {
        expect([method, path, res.statusCode]).toEqual([method, path, 403]);
        expect(res.json()).toEqual(FORBIDDEN);
      }
    }
  });

  it("refuse an editor the desk's routes for any other kind of record (403)", async () => {
    for (const kind of ['expert', 'outlet', 'event'])
      for (const { method, path, url } of adminRoutes(kind).filter((r) =>
        DESK_ROUTES.includes(`${r.method} ${r.path}`),
      )) {
        if (!path.includes('{kind}')) continue;
        const res = await as(editorToken, method, url, { reason: 'Not for the desk' });
        expect([kind, method, path, res.statusCode]).toEqual([kind, method, path, 403]);
        expect(res.json()).toEqual(FORBIDDEN);
      }
    for (const list of ['records', 'moderation'])
      for (const kind of ['expert', 'outlet', 'event'])
        expect((await as(editorToken, 'GET', `/api/backend/v1/admin/${list}?kind=${kind}`)).statusCode).toBe(403);
  });

  it('refuse an editor of some editions the news of another (403), and let them at their own and at features', async () => {
    for (const [token, id, kind, status] of [
      [cityEditorToken, ruralNews.id, 'news', 403],
      [cityEditorToken, cityNews.id, 'news', 200],
      [cityEditorToken, feature.id, 'feature', 200],
      [editorToken, ruralNews.id, 'news', 200],
    ] as const) {
      expect([kind, id, (await as(token, 'GET', record(kind, id))).statusCode]).toEqual([kind, id, status]);
    }
    for (const action of ['approve', 'hold']) {
      const res = await as(cityEditorToken, 'POST', record('news', ruralNews.id, action), { reason: 'Off topic' });
      expect([action, res.statusCode, res.json()]).toEqual([action, 403, FORBIDDEN]);
    }
    const listed = await as(cityEditorToken, 'GET', '/api/backend/v1/admin/records?pageSize=100');
    expect(
      listed
        .json()
        .data.map((r: { id: string }) => r.id)
        .sort(),
    ).toEqual([cityNews.id, feature.id].sort());
  });

  it('refuse an editor whose e-mail or phone is not verified, as contributors are refused', async () => {
    const res = await as(unverifiedEditorToken, 'GET', '/api/backend/v1/admin/moderation');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      success: false,
      error: 'Verify your e-mail and phone to continue.',
      status: 'active',
    });
  });

  it('answer an admin (the dashboard)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/backend/v1/admin/dashboard',
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      pending: { expert: 0, outlet: 0, news: 2, feature: 1 },
      editedSinceApproval: 0,
      newContactRequests: 0,
      users: { total: 5, held: 0, unverified: 1 },
    });
  });
});

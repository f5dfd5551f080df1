import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTaxon } from '../db/seed/factories';
import { type TestContext, testApp } from '../test/harness';

let t: TestContext;
beforeAll(async () => {
  t = await testApp({ RESPONSE_CACHE: 'true' });
});
afterAll(() => t.close());

describe('platform', () => {
  it('answers /healthz when the database answers', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { status: 'ok' } });
  });

  it('answers an unknown API path with 404 and the error body', async () => {
    const res = await t.app.inject({ url: '/api/backend/v1/nope', method: 'POST' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, error: 'No such endpoint.' });
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/backend/v1/newss/view',
        '/api/backend/v1/blog/slug/{slug}',
        '/api/backend/v1/home',
      ]),
    );
    expect((await t.app.inject({ url: '/api/docs/' })).statusCode).toBe(200);
  });

  it('serves stored files under /uploads/ with long cache headers, and 404 for a missing one', async () => {
    const dir = join(t.config.dataDir, 'uploads', 'abc123');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'menu.pdf'), '%PDF-1.4\n');
    const res = await t.app.inject({ url: '/uploads/abc123/menu.pdf' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject({ url: '/uploads/abc123/none.pdf' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/uploads/../../etc/passwd' })).statusCode).toBe(404);
  });

  it('caches public responses until a write to their tag, and answers 304 to a matching ETag', async () => {
    const url = '/api/backend/v1/services/view';
    const first = await t.app.inject({ url });
    expect(first.headers['x-cache']).toBeUndefined();
    const second = await t.app.inject({ url });
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    const etag = String(second.headers.etag);
    expect((await t.app.inject({ url, headers: { 'if-none-match': etag } })).statusCode).toBe(304);

    await makeTaxon(t.db, 'services', { title: 'Plumbers' });
    await t.app.responseCache.invalidate(['taxonomy']);
    const third = await t.app.inject({ url });
    expect(third.headers['x-cache']).toBeUndefined();
    expect(third.json().data.map((s: { title: string }) => s.title)).toEqual(['Plumbers']);
  });

  it('never answers 500 with a stack trace for a malformed body', async () => {
    const res = await t.app.inject({
      url: '/api/backend/v1/nope',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      payload: '{bad json',
    });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body).not.toContain('at ');
  });
});

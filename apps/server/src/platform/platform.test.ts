import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTaxon } from '../seed/factories';
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
    // The categories: no other test here reads or adds them (the next one fills the services list).
    const url = '/api/backend/v1/categories/view';
    const first = await t.app.inject({ url });
    expect(first.headers['x-cache']).toBeUndefined();
    const second = await t.app.inject({ url });
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    const etag = String(second.headers.etag);
    expect((await t.app.inject({ url, headers: { 'if-none-match': etag } })).statusCode).toBe(304);

    await makeTaxon(t.db, 'categories', { title: 'Hardware' });
    await t.app.responseCache.invalidate(['taxonomy']);
    const third = await t.app.inject({ url });
    expect(third.headers['x-cache']).toBeUndefined();
    expect(third.json().data.map((s: { title: string }) => s.title)).toEqual(['Hardware']);
  });

  it('keeps each cached response compressed once and sends it in the encoding the client takes, with an ETag each', async () => {
    // Enough services that the list is worth compressing.
    for (let i = 0; i < 30; i++) await makeTaxon(t.db, 'services', { title: `Service number ${i}` });
    await t.app.responseCache.invalidate(['taxonomy']);
    const url = '/api/backend/v1/services/view';
    const plain = await t.app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const body = plain.rawPayload;

    const br = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['x-cache']).toBe('hit');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).equals(body)).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(body.length / 3);

    const gz = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(body)).toBe(true);

    // One representation, one strong ETag: a 304 only for the encoding it names.
    const tags = new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]);
    expect(tags.size).toBe(3);
    const again = (etag: unknown, enc: string) =>
      t.app.inject({ url, headers: { 'accept-encoding': enc, 'if-none-match': String(etag) } });
    expect((await again(br.headers.etag, 'br')).statusCode).toBe(304);
    expect((await again(gz.headers.etag, 'br')).statusCode).toBe(200);
  });

  it('compresses answers the cache does not keep (the OpenAPI document, signed-in reads) when the client asks', async () => {
    const res = await t.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString()).openapi).toMatch(/^3\./);
    const plain = await t.app.inject({ url: '/api/docs/json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
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

import { existsSync } from 'node:fs';
import { type IncomingHttpHeaders, type IncomingMessage, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../app';
import { api, verifiedContributor } from '../test/accounts';
import { type TestContext, testApp } from '../test/harness';
import { buildWorld, type TWorld } from '../test/world';
import { createHitLane } from './hit-lane';

const built = existsSync(fileURLToPath(new URL('../../../web/dist/server/entry-server.js', import.meta.url)));

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** The headers that differ between two answers of the same bytes: when, and over which connection. */
const comparable = (h: IncomingHttpHeaders) => {
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...rest } = h;
  return rest;
};

/**
 * Decision 024: an answer the response cache gave is given again by the HTTP server itself, exactly as the pipeline
 * gave it, until the cache hears of a write.
 */
describe('the hit lane', () => {
  let t: TestContext;
  let w: TWorld;
  let base: string;

  beforeAll(async () => {
    t = await testApp({ RESPONSE_CACHE: 'true', AUTO_APPROVE: 'true', RATE_LIMIT_FACTOR: '100' });
    w = await buildWorld(t.db);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  /** One GET over a real connection, with exactly these headers, read to its last raw byte. */
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    new Promise<Answer>((resolve, reject) => {
      request(`${base}${path}`, { method, headers }, (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
        .on('error', reject)
        .end();
    });
  const lane = () => {
    const l = t.app.hitLane;
    if (!l) throw new Error('no hit lane');
    return l;
  };
  /** Asks twice through the pipeline (a miss, then a hit it learns), then once more: the lane's answer. */
  const learnt = async (path: string, headers: Record<string, string> = {}) => {
    await get(path, headers);
    const hit = await get(path, headers);
    expect(hit.headers['x-cache']).toBe('hit');
    const before = lane().served;
    const again = await get(path, headers);
    expect(lane().served).toBe(before + 1);
    return { hit, again };
  };

  it('gives a cached API answer again with the same status, headers and bytes', async () => {
    const { hit, again } = await learnt(`${API_PREFIX}/circles/view`, { 'accept-encoding': 'br, gzip' });
    expect(again.status).toBe(200);
    expect(comparable(again.headers)).toEqual(comparable(hit.headers));
    expect(again.body.equals(hit.body)).toBe(true);
    expect(again.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(again.body).toString()).data.map((c: { name: string }) => c.name)).toContain(
      'North',
    );
    expect(again.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps each encoding apart, and answers a matching If-None-Match with a 304 and no body', async () => {
    const path = `${API_PREFIX}/categories/view`;
    const gzip = (await learnt(path, { 'accept-encoding': 'gzip' })).again;
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = (await learnt(path)).again;
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);

    const served = lane().served;
    const notModified = await get(path, { 'accept-encoding': 'gzip', 'if-none-match': String(gzip.headers.etag) });
    expect(lane().served).toBe(served + 1);
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(notModified.headers.etag).toBe(gzip.headers.etag);
    expect(notModified.headers['content-length']).toBeUndefined();
    expect(notModified.headers['content-encoding']).toBeUndefined();
    const changed = await get(path, { 'accept-encoding': 'gzip', 'if-none-match': '"something-else"' });
    expect(changed.status).toBe(200);
    expect(changed.body.equals(gzip.body)).toBe(true);
  });

  it('leaves to the pipeline a request with credentials, a range, a HEAD or another cookie', async () => {
    const path = `${API_PREFIX}/editions/view`;
    await learnt(path);
    const served = lane().served;
    await get(path, { authorization: 'Bearer not-a-token' });
    await get(path, { range: 'bytes=0-10' });
    await get(path, {}, 'HEAD');
    const other = await get(path, { cookie: 'session=abc' });
    expect(other.headers['x-cache']).toBe('hit');
    expect(lane().served).toBe(served);
  });

  it.skipIf(!built)('gives a page again in its language, and not once a contributor adds to it', async () => {
    const page = `/category/${w.categories.grocery.slug}`;
    const en = (await learnt(page, { 'accept-encoding': 'br' })).again;
    const hi = (await learnt(page, { 'accept-encoding': 'br', cookie: 'lang=hi' })).again;
    expect(brotliDecompressSync(en.body).toString()).toContain('<html lang="en"');
    expect(brotliDecompressSync(hi.body).toString()).toContain('<html lang="hi"');
    expect(String(en.headers['content-security-policy'])).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]{43}=';/);

    const owner = await verifiedContributor(t, 'Lane Owner');
    const created = await api(t).post(
      '/outlet/add',
      {
        title: 'Lane Sweets',
        categories: [w.categories.grocery.id],
        circles: [w.circles.north.id],
        blocks: [w.blocks.market.id],
        call_now: '9876543210',
        description: '<p>Sweets.</p>',
      },
      owner.token,
    );
    expect(created.statusCode).toBe(200);
    const served = lane().served;
    const fresh = await get(page, { 'accept-encoding': 'br' });
    expect(lane().served).toBe(served);
    expect(fresh.headers['x-cache']).toBeUndefined();
    expect(brotliDecompressSync(fresh.body).toString()).toContain('Lane Sweets');
  });
});

describe('the hit lane on its own', () => {
  const req = (url: string, headers: Record<string, string> = {}) =>
    ({ method: 'GET', url, headers }) as unknown as IncomingMessage;
  const headers = { etag: '"abc"', 'content-type': 'application/json', 'content-length': 2 };
  const answered = (lane: ReturnType<typeof createHitLane>, r: IncomingMessage) => {
    let status = 0;
    const res = {
      writeHead: (s: number) => {
        status = s;
        return res;
      },
      end: () => res,
    };
    return lane.serve(r, res as never) && status;
  };

  it('does not learn an answer whose request began before a write', () => {
    const lane = createHitLane();
    const r = req('/api/x');
    lane.watch(r);
    lane.clear();
    lane.learn(r, 200, headers, Buffer.from('{}'));
    expect(answered(lane, req('/api/x'))).toBe(0);
    const s = req('/api/x');
    lane.watch(s);
    lane.learn(s, 200, headers, Buffer.from('{}'));
    expect(answered(lane, req('/api/x'))).toBe(200);
  });

  it('does not learn an answer that is not a plain 200, sets a cookie, or a request it did not watch', () => {
    const lane = createHitLane();
    for (const [status, h] of [
      [404, headers],
      [200, { ...headers, 'set-cookie': 'ui_lang=hi' }],
      [200, { 'content-type': 'application/json' }],
    ] as const) {
      const r = req('/api/y');
      lane.watch(r);
      lane.learn(r, status, h, Buffer.from('{}'));
    }
    lane.learn(req('/api/y'), 200, headers, Buffer.from('{}'));
    expect(answered(lane, req('/api/y'))).toBe(0);
  });

  it('forgets an answer after its time', async () => {
    const lane = createHitLane({ ttlMs: 30 });
    const r = req('/api/z');
    lane.watch(r);
    lane.learn(r, 200, headers, Buffer.from('{}'));
    expect(answered(lane, req('/api/z'))).toBe(200);
    await new Promise((done) => setTimeout(done, 60));
    expect(answered(lane, req('/api/z'))).toBe(0);
  });
});

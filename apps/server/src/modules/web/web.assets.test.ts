import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestContext, testApp } from '../../test/harness';
import { readAssets } from './web.assets';

const client = fileURLToPath(new URL('../../../../web/dist/client', import.meta.url));
const assets = existsSync(join(client, '.vite', 'manifest.json')) ? readAssets(client) : null;

/** `npm test` builds the web app first (pretest); without a build there is nothing to serve. */
describe.skipIf(!assets)('built assets over the wire', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  const entry = () => assets?.entry as string;
  const original = () => readFileSync(join(client, entry()));

  it('sends the brotli file the build wrote when the browser accepts br, gzip when only that', async () => {
    const br = await t.app.inject({ url: entry(), headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.rawPayload).equals(original())).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(original().length / 2);

    const gz = await t.app.inject({ url: entry(), headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(original())).toBe(true);
  });

  it('sends the file itself to a client that accepts no compression', async () => {
    const plain = await t.app.inject({ url: entry(), headers: { 'accept-encoding': 'identity' } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(original())).toBe(true);
  });
});

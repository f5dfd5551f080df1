import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Database } from '../../db/client';
import { makeUser } from '../../seed/factories';
import { api, verifiedContributor } from '../../test/accounts';
import { type TestContext, testDatabase } from '../../test/harness';
import { buildWorld, type TWorld } from '../../test/world';

const built = existsSync(fileURLToPath(new URL('../../../../web/dist/server/entry-server.js', import.meta.url)));

/**
 * Pages are kept by URL and the generations of the tags they read, in Redis here, shared by two instances
 * on one database; a write on either makes the page fresh at once on both.
 */
describe.skipIf(!built)('the page cache on two instances sharing Redis', () => {
  let database: Database & { url?: string };
  let a: FastifyInstance;
  let b: FastifyInstance;
  let w: TWorld;
  let adminToken: string;
  const dirs: string[] = [];

  const instance = async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'chaupal-page-cache-'));
    dirs.push(dataDir);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      RESPONSE_CACHE: 'true',
      AUTO_APPROVE: 'true',
      RATE_LIMIT_FACTOR: '100',
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_KEY_PREFIX: `test-${randomBytes(6).toString('hex')}:`,
    });
    const app = await buildApp({ config, db: database.db });
    await app.ready();
    return app;
  };

  beforeAll(async () => {
    database = await testDatabase();
    w = await buildWorld(database.db);
    a = await instance();
    // Both instances share one prefix, as the instances of one site do.
    const prefix = a.config.redisKeyPrefix;
    const dataDir = mkdtempSync(join(tmpdir(), 'chaupal-page-cache-'));
    dirs.push(dataDir);
    b = await buildApp({
      config: { ...a.config, dataDir },
      db: database.db,
    });
    await b.ready();
    expect(b.config.redisKeyPrefix).toBe(prefix);
    adminToken = await b.tokens.issue(await makeUser(database.db, { role: 'admin' }));
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  /** Reads a page on A twice: the second answer must come from the cache. */
  const cachedOnA = async (url: string) => {
    await a.inject({ url });
    const res = await a.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-cache']).toBe('hit');
    return res.body;
  };
  const freshOnA = async (url: string) => {
    const res = await a.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-cache']).toBeUndefined();
    return res.body;
  };
  const onB = (method: 'POST' | 'PUT' | 'PATCH', url: string, token: string, payload: object) =>
    b.inject({ method, url: `/api/backend/v1${url}`, payload, headers: { authorization: `Bearer ${token}` } });

  it('keeps a page compressed with its ETag and policy, and answers 304', async () => {
    const url = `/category/${w.categories.grocery.slug}`;
    await a.inject({ url });
    const hit = await a.inject({ url, headers: { 'accept-encoding': 'br' } });
    expect(hit.headers['x-cache']).toBe('hit');
    expect(hit.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(hit.rawPayload).toString();
    expect(html).toContain('Fresh Mart');
    // The policy it was kept with allows the page's boot script by its hash.
    const boot = /<script id="_R_">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    const hash = createHash('sha256').update(boot).digest('base64');
    expect(String(hit.headers['content-security-policy'])).toContain(`script-src 'self' 'sha256-${hash}';`);
    const again = await a.inject({
      url,
      headers: { 'accept-encoding': 'br', 'if-none-match': String(hit.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('is fresh after a contributor adds and edits a record (AUTO_APPROVE)', async () => {
    const ctx = { app: b, db: database.db } as TestContext;
    const owner = await verifiedContributor(ctx, 'Page Owner');
    const list = `/category/${w.categories.grocery.slug}`;
    expect(await cachedOnA(list)).not.toContain('Sharma Sweets');
    const created = await onB('POST', '/outlet/add', owner.token, {
      title: 'Sharma Sweets',
      categories: [w.categories.grocery.id],
      circles: [w.circles.north.id],
      blocks: [w.blocks.market.id],
      call_now: '9876543210',
      description: '<p>Sweets.</p>',
    });
    expect(created.statusCode).toBe(200);
    const { id, slug } = created.json().data;
    expect(await freshOnA(list)).toContain('Sharma Sweets');

    const detail = `/outlets/${slug}`;
    expect(await cachedOnA(detail)).toContain('Sweets.');
    expect(
      (await onB('PATCH', `/outlet/edit/${id}`, owner.token, { description: '<p>Now with samosas.</p>' })).statusCode,
    ).toBe(200);
    expect(await freshOnA(detail)).toContain('Now with samosas.');

    // Admin hold and approve.
    expect(await cachedOnA(list)).toContain('Sharma Sweets');
    const hold = await onB('POST', `/admin/records/outlet/${id}/hold`, adminToken, { reason: 'Check the number.' });
    expect(hold.statusCode).toBe(200);
    expect(await freshOnA(list)).not.toContain('Sharma Sweets');
    expect(await cachedOnA(list)).not.toContain('Sharma Sweets');
    expect((await onB('POST', `/admin/records/outlet/${id}/approve`, adminToken, {})).statusCode).toBe(200);
    expect(await freshOnA(list)).toContain('Sharma Sweets');
  });

  it('is fresh after a taxonomy change and a home content change', async () => {
    expect(await cachedOnA('/categories')).toContain('Grocery');
    const { grocery } = w.categories;
    const renamed = await onB('PUT', `/admin/categories/${grocery.id}`, adminToken, {
      title: 'Groceries & Staples',
      slug: grocery.slug,
      status: 'active',
    });
    expect(renamed.statusCode).toBe(200);
    expect(await freshOnA('/categories')).toContain('Groceries &amp; Staples');

    expect(await cachedOnA('/')).not.toContain('Devgarh Junction');
    expect((await onB('PUT', '/admin/home/site', adminToken, { siteName: 'Devgarh Junction' })).statusCode).toBe(200);
    expect(await freshOnA('/')).toContain('Devgarh Junction');
  });

  it('keeps each interface language apart: ?lang= sets the cookie, the cookie picks the language, each is kept on its own', async () => {
    const url = `/outlets/${w.outlet.slug}`;
    const chosen = await a.inject({ url: `${url}?lang=hi` });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.headers['set-cookie']).toBe('lang=hi; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(chosen.body).toContain('<html lang="hi">');
    expect(chosen.body).toContain('सेवाएँ और विशेषज्ञ');
    expect(chosen.body).toContain(`<link rel="canonical" href="${a.config.publicUrl}${url}?lang=hi"/>`);

    // The cookie alone: Hindi, from the cache on the next read, on either instance.
    const hindi = { cookie: 'lang=hi' };
    await a.inject({ url, headers: hindi });
    for (const app of [a, b]) {
      const hit = await app.inject({ url, headers: hindi });
      expect(hit.headers['x-cache']).toBe('hit');
      expect(hit.headers.vary).toBe('cookie, accept-encoding');
      expect(hit.headers['set-cookie']).toBeUndefined();
      expect(hit.body).toContain('<html lang="hi">');
    }
    // Without it the same address is English, kept apart.
    const english = await cachedOnA(url);
    expect(english).toContain('<html lang="en">');
    expect(english).toContain('Services &amp; Experts');
    expect(english).not.toContain('सेवाएँ');
    expect(english).toContain(`<link rel="alternate" hrefLang="hi" href="${a.config.publicUrl}${url}?lang=hi"/>`);
    // Choosing English again says so in the cookie; an unknown language is English and sets nothing.
    const back = await a.inject({ url: `${url}?lang=en`, headers: hindi });
    expect(back.headers['set-cookie']).toBe('lang=en; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(back.body).toContain('<html lang="en">');
    const unknown = await a.inject({ url: `${url}?lang=fr` });
    expect(unknown.headers['set-cookie']).toBeUndefined();
    expect(unknown.body).toContain('<html lang="en">');
    // Any other cookie may be somebody's own: such a request is rendered afresh, in the cookie's language.
    const other = await a.inject({ url, headers: { cookie: 'lang=hi; theme=dark' } });
    expect(other.headers['x-cache']).toBeUndefined();
    expect(other.body).toContain('<html lang="hi">');
  });

  it('renders the same page for everyone: a signed-in request is neither served from nor kept in the cache', async () => {
    const ctx = { app: a, db: database.db } as TestContext;
    const person = await verifiedContributor(ctx, 'Zubin Private');
    const url = `/outlets/${w.outlet.slug}`;
    const signedIn = await a.inject({ url, headers: { authorization: `Bearer ${person.token}` } });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['x-cache']).toBeUndefined();
    expect(signedIn.body).not.toContain('Zubin Private');
    const anonymous = await cachedOnA(url);
    expect(anonymous).not.toContain('Zubin Private');
    expect(anonymous).not.toContain(person.email);
    // Signed-in chrome (the avatar menu) is drawn in the browser: neither HTML has it.
    for (const html of [signedIn.body, anonymous]) expect(html).not.toMatch(/View Profile|Logout/);
    // Apart from when the data was read and the page rendered, and the listing's beacon token (signed with the second
    // it was issued in), the two documents are the same.
    const strip = (html: string) =>
      html
        .replace(/\\?"(dehydratedAt|dataUpdatedAt|renderedAt)\\?":\d+/g, '')
        .replace(/(?<=")[0-9a-z]{6,8}\.[\w-]{22}(?=")/g, '<token>');
    expect(strip(signedIn.body)).toBe(strip(anonymous));
    expect((await api(ctx).get('/user/profile/view', person.token)).statusCode).toBe(200);
  });
});

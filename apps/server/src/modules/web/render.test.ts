import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Database } from '../../db/client';
import { makeNews, makeOutlet } from '../../seed/factories';
import { testDatabase } from '../../test/harness';
import { buildWorld, type TWorld } from '../../test/world';

const built = existsSync(fileURLToPath(new URL('../../../../web/dist/server/entry-server.js', import.meta.url)));

/**
 * The server bundle builds its route table once for every page it renders (entry-server.tsx): each request's loaders
 * must still read into that request's own query cache, however many pages render at once.
 */
describe.skipIf(!built)('pages rendered at once with one route table', () => {
  let database: Database;
  let app: FastifyInstance;
  let w: TWorld;
  let dataDir: string;
  const titles = Array.from({ length: 8 }, (_, i) => `Ward ${i + 1} gets a library`);
  const slugs: string[] = [];
  let bigOutlet: string;

  beforeAll(async () => {
    database = await testDatabase();
    w = await buildWorld(database.db);
    for (const title of titles) {
      const n = await makeNews(database.db, { userId: w.users.alice.id, editionId: w.editions.city.id }, { title });
      slugs.push(n.slug);
    }
    // A listing with its place and a long description: its place boundary (hours table, LocalBusiness JSON-LD with
    // the description) is past React's 12,800-byte progressive chunk.
    const week = { open: '07:00', close: '22:00' };
    const outlet = await makeOutlet(
      database.db,
      { userId: w.users.alice.id, categoryIds: [w.categories.grocery.id], circleIds: [w.circles.north.id] },
      {
        title: 'Ganga General Store',
        description: `<p>${'Staples, spices, oils and household goods at fair prices. '.repeat(250)}</p>`,
        streetAddress: '12 Station Road',
        pinCode: '284001',
        openingHours: {
          weekly: Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [week]])),
          exceptions: [],
        },
      },
    );
    bigOutlet = outlet.slug;
    dataDir = mkdtempSync(join(tmpdir(), 'chaupal-render-'));
    app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, RESPONSE_CACHE: 'false', RATE_LIMIT_FACTOR: '100' }),
      db: database.db,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const h1 = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];

  it('gives each of many pages rendering together its own record, related cards and state', async () => {
    const urls = [...slugs.map((s) => `/news/${s}`), `/experts/${w.expert.slug}`, `/outlets/${w.outlet.slug}`];
    // Twice over, all at once: the second round renders with the route modules the first resolved.
    const pages = await Promise.all([...urls, ...urls].map((url) => app.inject({ url })));
    pages.forEach((res, i) => {
      expect(res.statusCode).toBe(200);
      const html = res.body;
      const n = i % urls.length;
      const own = n < titles.length ? titles[n] : n === titles.length ? 'Dr. Meera Iyer' : 'Fresh Mart';
      expect(h1(html)).toBe(own);
      // The state block holds this request's record (and no other page's) for the browser to hydrate from.
      const state = /<script[^>]*id="chaupal-state"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
      expect(state).toContain(own);
      if (n < titles.length) {
        // Its related cards are the edition's other stories, never itself.
        const others = titles.filter((t) => t !== own);
        const related = html.slice(html.indexOf('id="related-title"'));
        expect(others.filter((t) => related.includes(t)).length).toBeGreaterThan(0);
        expect(related.includes(`>${own}<`)).toBe(false);
      }
    });
  });

  it('writes every Suspense boundary in place, with no script to reveal it after the first paint', async () => {
    const pages = [
      `/outlets/${bigOutlet}`,
      `/experts/${w.expert.slug}`,
      `/outlets/${w.outlet.slug}`,
      `/news/${slugs[2]}`,
    ];
    for (const url of pages) {
      const html = (await app.inject({ url })).body;
      // A record's page has its report link (and a listing its trust marks) in a boundary of their own.
      expect(html).toContain('<!--$-->');
      expect(html).not.toContain('<!--$?-->');
      expect(html).not.toContain('$RC(');
    }
  });

  it('answers an unknown record 404 while others render beside it', async () => {
    const [missing, found] = await Promise.all([
      app.inject({ url: '/news/no-such-story' }),
      app.inject({ url: `/news/${slugs[0]}` }),
    ]);
    expect(missing.statusCode).toBe(404);
    expect(found.statusCode).toBe(200);
    expect(h1(found.body)).toBe(titles[0]);
  });

  it('compresses a page it renders afresh once, for the encoding the browser takes', async () => {
    const url = `/news/${slugs[1]}`;
    const plain = await app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('cookie, accept-encoding');
    const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('cookie, accept-encoding');
    const gz = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    // The same document each time, but for the instants it was rendered at.
    const same = (html: string) => html.replace(/\d{13}/g, 'ms');
    expect(same(brotliDecompressSync(br.rawPayload).toString())).toBe(same(plain.body));
    expect(same(gunzipSync(gz.rawPayload).toString())).toBe(same(plain.body));
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });
});

import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Database } from '../../db/client';
import { INTERNAL_HEADER } from '../../platform/rate-limit';
import { testDatabase } from '../../test/harness';
import { buildWorld, type TWorld } from '../../test/world';

/** How long a test waits for the server to reach a state, and how often it looks. */
const WAIT = { timeout: 5000, interval: 5 };

/** Turns of the event loop, counted while a test runs its ticker. */
const loop = { turns: 0 };

const built = existsSync(fileURLToPath(new URL('../../../../web/dist/server/entry-server.js', import.meta.url)));

/**
 * RENDER_CONCURRENCY and RENDER_QUEUE (web.routes.ts): pages render a few at a time, a burst beyond the queue is told
 * to come back, and a reader who left while waiting is not rendered for. A page's renders are seen through the
 * in-process API reads they make (`app.readPublic`), which a gate holds until the test opens it.
 */
describe.skipIf(!built)('page renders at once, and a burst beyond them', () => {
  let database: Database;
  let w: TWorld;
  let dataDir: string;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    database = await testDatabase();
    w = await buildWorld(database.db);
    dataDir = mkdtempSync(join(tmpdir(), 'chaupal-slots-'));
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function appWith(env: Record<string, string>) {
    const app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        RESPONSE_CACHE: 'false',
        RATE_LIMIT_FACTOR: '100',
        ...env,
      }),
      db: database.db,
    });
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const reads = { now: 0, most: 0, all: 0, pages: 0, turns: [] as number[] };
    // Pages that reached their handler (the last hook before it).
    app.addHook('preHandler', async (req) => {
      if (!req.headers[INTERNAL_HEADER] && !req.url.startsWith('/api/')) reads.pages++;
    });
    // A page's reads of the API (decision 021: its public reads are answered by `readPublic`).
    const readPublic = app.readPublic;
    app.readPublic = async (url) => {
      reads.all++;
      reads.turns.push(loop.turns);
      reads.most = Math.max(reads.most, ++reads.now);
      await gate;
      try {
        return await readPublic(url);
      } finally {
        reads.now--;
      }
    };
    await app.ready();
    apps.push(app);
    return { app, reads, open };
  }

  const page = () => `/news/${w.news.slug}`;

  it('renders one page at a time, queues RENDER_QUEUE more, and tells the rest to come back', async () => {
    const { app, reads, open } = await appWith({ RENDER_CONCURRENCY: '1', RENDER_QUEUE: '2' });
    const statuses: number[] = [];
    const all = Array.from({ length: 8 }, () =>
      app.inject({ url: page() }).then((res) => {
        statuses.push(res.statusCode);
        return res;
      }),
    );
    // One page renders (its two reads held at the gate), two wait for a turn, five are answered at once.
    await vi.waitFor(() => expect([statuses.length, reads.now]).toEqual([5, 2]), WAIT);
    expect(statuses).toEqual([503, 503, 503, 503, 503]);
    open();
    const answers = await Promise.all(all);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 503, 503, 503, 503, 503]);
    expect(reads.most).toBe(2);
    expect(reads.all).toBe(6);
    const busy = answers.find((r) => r.statusCode === 503);
    expect(busy?.headers['retry-after']).toBe('5');
    expect(busy?.headers['cache-control']).toBe('no-store');
    expect(busy?.headers['content-type']).toBe('text/html; charset=utf-8');
    // Its stylesheet is allowed by its hash; it runs no script.
    expect(busy?.headers['content-security-policy']).toMatch(
      /^default-src 'self'; script-src 'self'; script-src-attr 'none'; style-src-elem 'self' 'sha256-9Y3HA6ifkOHJqe4ZQUhLK4pO5mUDAzT5LI2ta\+L\/VE4=';/,
    );
    expect(busy?.body).toContain('<html lang="en">');
    expect(busy?.body).toContain('<meta http-equiv="refresh" content="5">');
    expect(busy?.body).toContain('<p>This site is busy right now. This page will try again in a few seconds.</p>');
    for (const res of answers.filter((r) => r.statusCode === 200)) expect(res.body).toContain(w.news.title);
    // The turns are given back: the next reader is rendered.
    expect((await app.inject({ url: page() })).statusCode).toBe(200);
  });

  it('tells a reader of the Hindi interface to come back in Hindi', async () => {
    const { app, reads, open } = await appWith({ RENDER_CONCURRENCY: '1', RENDER_QUEUE: '0' });
    const first = app.inject({ url: page() });
    await vi.waitFor(() => expect(reads.now).toBe(2), WAIT);
    const busy = await app.inject({ url: page(), headers: { cookie: 'lang=hi' } });
    open();
    expect((await first).statusCode).toBe(200);
    expect(busy.statusCode).toBe(503);
    expect(busy.body).toContain('<html lang="hi">');
    expect(busy.body).toContain('<title>व्यस्त</title>');
    expect(busy.body).toContain('<p>यह साइट अभी व्यस्त है। यह पेज कुछ सेकंड में फिर से कोशिश करेगा।</p>');
  });

  it('renders as many at once as RENDER_CONCURRENCY allows', async () => {
    const { app, reads, open } = await appWith({ RENDER_CONCURRENCY: '4', RENDER_QUEUE: '0' });
    const all = Array.from({ length: 6 }, () => app.inject({ url: page() }));
    await vi.waitFor(() => expect(reads.now).toBe(8), WAIT);
    open();
    const answers = await Promise.all(all);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 503, 503]);
    expect(reads.most).toBe(8);
  });

  it('gives the event loop a turn before each render, so a queue of renders never holds it', async () => {
    const { app, reads, open } = await appWith({ RENDER_CONCURRENCY: '1', RENDER_QUEUE: '10' });
    open();
    let ticking = true;
    const tick = () => {
      loop.turns++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const answers = await Promise.all(Array.from({ length: 6 }, () => app.inject({ url: page() })));
    ticking = false;
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    // Each page reads twice in one go; the next page starts on a later turn than the one before it.
    const starts = reads.turns.filter((_, i) => i % 2 === 0);
    expect(reads.turns).toHaveLength(12);
    for (let i = 1; i < starts.length; i++) expect(starts[i]).toBeGreaterThan(starts[i - 1]);
  });

  it('does not render for a reader who closed the connection while waiting', async () => {
    const { app, reads, open } = await appWith({ RENDER_CONCURRENCY: '1', RENDER_QUEUE: '4' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const first = app.inject({ url: page() });
    await vi.waitFor(() => expect(reads.now).toBe(2), WAIT);
    // A second reader waits behind the first, then gives up.
    const waiting = request({ host: '127.0.0.1', port, path: page() });
    waiting.on('error', () => {});
    waiting.end();
    await vi.waitFor(() => expect(reads.pages).toBe(2), WAIT);
    await new Promise((resolve) => setTimeout(resolve, 20));
    waiting.destroy();
    const connections = () =>
      new Promise<number>((resolve, reject) => app.server.getConnections((e, n) => (e ? reject(e) : resolve(n))));
    await vi.waitFor(async () => expect(await connections()).toBe(0), WAIT);
    open();
    expect((await first).statusCode).toBe(200);
    // The next reader is rendered, and between them nothing was rendered for the one who left.
    expect((await app.inject({ url: page() })).statusCode).toBe(200);
    expect(reads.all).toBe(4);
  });
});

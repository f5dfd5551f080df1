import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { type Database, openDatabase } from '../../db/client';
import { makeUser } from '../../seed/factories';
import { verifiedContributor } from '../../test/accounts';
import { type TestContext, testDatabase } from '../../test/harness';
import { buildWorld, type TWorld } from '../../test/world';

const built = existsSync(fileURLToPath(new URL('../../../../web/dist/server/entry-server.js', import.meta.url)));
const API = '/api/backend/v1';
const until = async (check: () => Promise<boolean>, ms: number) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return check();
};

/**
 * "Publish at" and "Unpublish at" on two instances sharing Redis and one database, each with the job queue: an
 * approved news item with a time ahead is nowhere public until then, and everywhere at once after it, whichever
 * instance runs the job; the cached answers follow on both.
 */
describe('scheduled publishing on two instances sharing Redis', () => {
  let database: Database & { url?: string };
  let second: Database | undefined;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let w: TWorld;
  let adminToken: string;
  const dirs: string[] = [];
  const prefix = `test-${randomBytes(6).toString('hex')}:`;

  const instance = async (db: Database) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'chaupal-schedule-'));
    dirs.push(dataDir);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      RESPONSE_CACHE: 'true',
      RATE_LIMIT_FACTOR: '100',
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_KEY_PREFIX: prefix,
    });
    const app = await buildApp({ config, db: db.db, executeSql: db.executeSql, jobs: { stopTimeoutMs: 500 } });
    await app.ready();
    return app;
  };

  beforeAll(async () => {
    database = await testDatabase();
    w = await buildWorld(database.db);
    // On PostgreSQL the second instance has connections of its own, as another process would.
    second = database.url ? await openDatabase({ url: database.url }) : undefined;
    a = await instance(database);
    b = await instance(second ?? database);
    adminToken = await b.tokens.issue(await makeUser(database.db, { role: 'admin' }));
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await second?.close();
    await database?.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  /** A news item of the City edition in the world's North circle, as the news form sends it. */
  const newsForm = (title: string) => ({
    title,
    editionId: w.editions.city.id,
    location: 'Devgarh',
    language: 'en',
    reporter: 'Night Desk',
    content: '<p>The council passed the budget.</p>',
    circles: [w.circles.north.id],
    blocks: [w.blocks.market.id],
  });
  const onB = (method: 'POST' | 'PATCH', url: string, token: string, payload: object) =>
    b.inject({ method, url: `${API}${url}`, payload, headers: { authorization: `Bearer ${token}` } });
  /** Everywhere a reader meets a news item, read on A (twice, so cached answers are what the second read gets). */
  async function seenOnA(slug: string, title: string, word: string) {
    const read = async (url: string) => {
      await a.inject({ url });
      return a.inject({ url });
    };
    const api = (await read(`${API}/newss/view?editionId=${w.editions.city.id}`)).json();
    const search = (await read(`${API}/search?q=${word}`)).json();
    const rss = (await read(`/rss/edition/${w.editions.city.slug}.xml`)).body;
    const sitemap = (await read('/sitemaps/news-1.xml')).body;
    const page = built ? await read(`/news/${slug}`) : null;
    return {
      list: api.data.some((n: { slug: string }) => n.slug === slug),
      search: search.meta.total > 0,
      rss: rss.includes(title),
      sitemap: sitemap.includes(`/news/${slug}`),
      ...(page ? { page: page.statusCode === 200 && page.body.includes(title) } : {}),
    };
  }
  const everywhere = (v: boolean) => ({
    list: v,
    search: v,
    rss: v,
    sitemap: v,
    ...(built ? { page: v } : {}),
  });

  it('publishes an approved news item at its "Publish at", and takes it down at its "Unpublish at"', async () => {
    const owner = await verifiedContributor({ app: b, db: database.db } as TestContext, 'Night Desk');
    const word = `zorvath${randomBytes(3).toString('hex')}`;
    const title = `Ward budget ${word}`;
    const publishAt = new Date(Date.now() + 6_000);
    const created = await onB('POST', '/news/add', owner.token, {
      ...newsForm(title),
      publish_at: publishAt.toISOString(),
    });
    expect(created.statusCode).toBe(200);
    const { id, slug } = created.json().data;
    expect(created.json().data.publish_at).toBe(publishAt.toISOString());
    expect((await onB('POST', `/admin/records/news/${id}/approve`, adminToken, {})).statusCode).toBe(200);

    // Approved, and still nowhere: not before its time.
    expect(await seenOnA(slug, title, word)).toEqual(everywhere(false));
    expect(
      await until(async () => (await seenOnA(slug, title, word)).list, publishAt.getTime() - Date.now() + 10_000),
    ).toBe(true);
    expect(Date.now()).toBeGreaterThanOrEqual(publishAt.getTime());
    expect(await seenOnA(slug, title, word)).toEqual(everywhere(true));

    // "Unpublish at": the owner sets it; an edit of an approved item waits for approval, then it counts.
    const unpublishAt = new Date(Date.now() + 5_000);
    const edited = await onB('PATCH', `/news/edit/${id}`, owner.token, { unpublish_at: unpublishAt.toISOString() });
    expect(edited.statusCode).toBe(200);
    expect((await onB('POST', `/admin/records/news/${id}/approve`, adminToken, {})).statusCode).toBe(200);
    expect(await seenOnA(slug, title, word)).toEqual(everywhere(true));
    expect(
      await until(async () => !(await seenOnA(slug, title, word)).list, unpublishAt.getTime() - Date.now() + 10_000),
    ).toBe(true);
    expect(await seenOnA(slug, title, word)).toEqual(everywhere(false));

    // Each time ran once, on one of the two instances.
    const counts = await a.jobs?.counts();
    expect(counts?.filter((c) => c.queue === 'visibility')).toEqual([
      { queue: 'visibility', state: 'completed', count: 2 },
    ]);
  }, 60_000);

  it('refuses an "Unpublish at" that is not after "Publish at" with the SPEC §8 body', async () => {
    const owner = await verifiedContributor({ app: b, db: database.db } as TestContext, 'Early Desk');
    const res = await onB('POST', '/news/add', owner.token, {
      ...newsForm('Backwards'),
      publish_at: '2026-12-01T06:00:00.000Z',
      unpublish_at: '2026-12-01T05:00:00.000Z',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      error: 'The request has invalid fields.',
      details: [{ parameter: 'unpublish_at', errors: ['Must be after Publish at'] }],
    });
  });
});

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, PGLITE_OPTIONS } from '../db/client';
import {
  inForeignKeyOrder,
  listTables,
  pinTextOutput,
  type SqlSession,
  type TableSum,
  tableSums,
} from '../db/transfer';
import { signingSecret } from '../platform/secret';
import { prepareDatabase } from '../prepare';
import { makeUser } from '../seed/factories';
import { withDatabase } from '../test/global-setup';

/**
 * The real CLI from a demo embedded database into a database of its own on the test PostgreSQL server; once (in the
 * PGlite project), and only when TEST_DATABASE_URL names a server.
 */
/** s3rver (the maintained @20minutes fork) ships no types: the little of it this test uses. */
type S3rverServer = { run(): Promise<{ port: number }>; close(): Promise<void> };
const S3rver = createRequire(import.meta.url)('@20minutes/s3rver') as new (opts: object) => S3rverServer;
const configureBuckets = [{ name: 'media' }];

const serverUrl = process.env.TEST_DB_KIND === 'pglite' ? process.env.TEST_DATABASE_URL : undefined;

describe.skipIf(!serverUrl)('npm run db:move', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'chaupal-move-'));
  const name = `chaupal_move_${process.pid}`;
  // The collector reads this block in the other projects too, where the test is skipped and there is no server.
  const targetUrl = serverUrl ? withDatabase(serverUrl, name) : '';
  const admin = new pg.Client({ connectionString: serverUrl });
  const env = { NODE_ENV: 'test', DATA_DIR: dataDir, RESPONSE_CACHE: 'false', PUBLIC_URL: 'http://localhost:3000' };

  let s3: S3rverServer;
  let s3Env: Record<string, string>;
  let moved: { status: number | null; stdout: string; stderr: string };
  let sums: { source: TableSum[]; target: TableSum[] };

  /** The real CLI; spawned, not spawnSync, so the in-process S3 server can answer it meanwhile. */
  const move = (env: Record<string, string> = {}) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((done) => {
      const args = ['--import', 'tsx', join(import.meta.dirname, 'db-move.ts'), '--to', targetUrl];
      const child = spawn(process.execPath, args, { env: { PATH: process.env.PATH, DATA_DIR: dataDir, ...env } });
      let [stdout, stderr] = ['', ''];
      child.stdout.on('data', (c: Buffer) => {
        stdout += c.toString();
      });
      child.stderr.on('data', (c: Buffer) => {
        stderr += c.toString();
      });
      child.once('close', (status) => done({ status, stdout, stderr }));
    });

  /** Counts and md5s of every table, computed here on each side, not taken from the tool's report. */
  async function sumsOf(session: SqlSession) {
    await pinTextOutput(session);
    return tableSums(session, inForeignKeyOrder(await listTables(session)));
  }
  async function sourceSums() {
    const client = await PGlite.create(join(dataDir, 'db'), PGLITE_OPTIONS);
    return sumsOf(client).finally(() => client.close());
  }
  async function targetSums(): Promise<TableSum[]> {
    const client = new pg.Client({ connectionString: targetUrl });
    await client.connect();
    return sumsOf({ query: (text, params) => client.query(text, params) as never }).finally(() => client.end());
  }

  beforeAll(async () => {
    // The demo and the generated secret as `npm start` leaves them, plus text that is hard to carry: quotes, backslashes, a newline, non-ASCII.
    const database = await openDatabase({ dataDir });
    await prepareDatabase(database, loadConfig(env), () => {});
    signingSecret(loadConfig(env));
    await makeUser(database.db, { name: 'Zoë "Q" O\'Neil \\ back\nslash' });
    await database.close();
    s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: join(dataDir, 's3'), configureBuckets });
    const endpoint = `http://127.0.0.1:${(await s3.run()).port}`;
    // s3rver's built-in account: requests are signed and checked as S3 would.
    s3Env = { STORAGE: 's3', S3_BUCKET: 'media', S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: 'S3RVER' };
    s3Env.S3_SECRET_ACCESS_KEY = 'S3RVER';
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    // The one move, made here; the tests below each look at what it left, in whatever order they run.
    moved = await move(s3Env);
    sums = { source: await sourceSums(), target: await targetSums() };
  }, 300_000);

  afterAll(async () => {
    await s3?.close();
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('copies every table with equal counts and checksums and the uploads to the bucket, and says what to set next', async () => {
    // The AWS SDK may warn about the Node version on stderr; the tool itself says nothing there.
    expect(moved.stderr).not.toContain('chaupal:');
    expect(moved.status).toBe(0);
    const { source, target } = sums;
    expect(target).toEqual(source);
    expect(source.length).toBeGreaterThan(25);
    for (const table of ['users', 'news', 'news_circles', 'feature_circles', 'outlets', 'uploads', 'search_lexicon']) {
      expect(source.find((s) => s.table === table)?.rows).toBeGreaterThan(0);
    }
    // The triggers that were off during the copy are on again on the target.
    const client = new pg.Client({ connectionString: targetUrl });
    await client.connect();
    try {
      const off = await client.query(`select tgname from pg_trigger where not tgisinternal and tgenabled = 'D'`);
      expect(off.rows).toEqual([]);
    } finally {
      await client.end();
    }
    // The report shows the same sums.
    for (const s of source) expect(moved.stdout).toMatch(new RegExp(`^${s.table} +${s.rows}  ${s.md5}$`, 'm'));
    expect(moved.stdout).toContain(`  DATABASE_URL=${targetUrl}\n`);
    expect(moved.stdout).toContain(`  JWT_SECRET=<the contents of ${join(dataDir, 'jwt-secret')}>`);
    const uploads = join(dataDir, 'uploads');
    const files = (await readdir(uploads, { recursive: true, withFileTypes: true })).filter((f) => f.isFile());
    expect(files.length).toBeGreaterThan(10);
    expect(moved.stdout).toContain(
      `  STORAGE=s3 and the same S3_* settings: ${files.length} uploaded files are in the bucket`,
    );
    for (const file of files) {
      const key = relative(uploads, join(file.parentPath, file.name));
      const res = await fetch(`${s3Env.S3_ENDPOINT}/media/${key}`);
      expect(res.status, key).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(readFileSync(join(uploads, key))), key).toBe(true);
    }
  }, 180_000);

  it('serves the same pages on the target as on the source', async () => {
    const config = loadConfig(env);
    const source = await openDatabase({ dataDir });
    const target = await openDatabase({ url: targetUrl });
    const apps = [await buildApp({ config, db: source.db }), await buildApp({ config, db: target.db })];
    try {
      const get = (url: string) =>
        Promise.all(
          apps.map(async (app) => {
            const res = await app.inject({ url });
            return { status: res.statusCode, body: res.body };
          }),
        );
      const list = await get('/api/backend/v1/newss/view');
      expect(list[0].status).toBe(200);
      expect(list[1]).toEqual(list[0]);
      const slug = (JSON.parse(list[0].body) as { data: { slug: string }[] }).data[0].slug;
      for (const url of [
        '/api/backend/v1/home',
        `/api/backend/v1/newss/slug/${slug}`,
        '/api/backend/v1/outlets/view',
        '/rss/news.xml',
        '/sitemap.xml',
      ]) {
        const [a, b] = await get(url);
        expect(a.status, url).toBe(200);
        expect(b, url).toEqual(a);
      }
    } finally {
      for (const app of apps) await app.close();
      await source.close();
      await target.close();
    }
  }, 120_000);

  it('refuses a second run into the now non-empty target and leaves it as it was', async () => {
    const before = await targetSums();
    const again = await move();
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(
      /^chaupal: the target database is not empty \(banners: 3 rows, .* more tables\): db:move copies only into an empty database\n$/,
    );
    expect(again.stdout).toBe('');
    expect(await targetSums()).toEqual(before);
  }, 120_000);
});

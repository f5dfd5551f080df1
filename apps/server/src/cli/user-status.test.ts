import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { auditLog, users } from '../db/schema';
import { makeOutlet, makeTaxon, makeUser } from '../seed/factories';
import { testDatabase } from '../test/harness';

/** The CLI needs a database a second process can open: PostgreSQL only (PGlite is in-process). */
const url = process.env.TEST_DB_KIND === 'pg' ? process.env.TEST_DATABASE_URL : undefined;

describe.skipIf(!url)('npm run user:status', () => {
  let database: Awaited<ReturnType<typeof testDatabase>>;
  let dbUrl: string;
  beforeAll(async () => {
    database = await testDatabase();
    dbUrl = database.url as string;
  });
  afterAll(() => database.close());

  const run = (args: string[], env: Record<string, string> = {}) =>
    spawnSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'user-status.ts'), ...args], {
      env: { PATH: process.env.PATH, DATABASE_URL: dbUrl, SEED_DEMO: 'false', ...env },
      encoding: 'utf8',
      timeout: 30_000,
    });

  it('holds and activates an account by e-mail', async () => {
    const u = await makeUser(database.db, { email: 'cli@example.com' });
    const held = run(['--email', 'cli@example.com', '--hold']);
    expect(held.stdout).toBe('cli@example.com: hold\n');
    expect(held.status).toBe(0);
    expect((await database.db.select().from(users).where(eq(users.id, u.id)))[0].status).toBe('hold');
    expect(run(['--email', 'CLI@example.com', '--activate']).stdout).toBe('cli@example.com: active\n');
    // Without REDIS_URL the tool cannot reach a server's own cache, and says so.
    expect(held.stderr).toMatch(/^note: without REDIS_URL a running server caches pages in its own memory/);
  });

  it('takes a held account’s records off a running server’s cached lists at once, through Redis', async () => {
    const redis = { REDIS_URL: 'redis://127.0.0.1:6379', REDIS_KEY_PREFIX: `test-${randomBytes(6).toString('hex')}:` };
    const dataDir = mkdtempSync(join(tmpdir(), 'chaupal-cli-'));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, RESPONSE_CACHE: 'true', ...redis });
    const app = await buildApp({ config, db: database.db });
    try {
      const owner = await makeUser(database.db, { email: 'shop@example.com' });
      const category = await makeTaxon(database.db, 'categories', { title: 'Hardware' });
      await makeOutlet(database.db, { userId: owner.id, categoryIds: [category.id] }, { title: 'Gupta Hardware' });
      const list = `/api/backend/v1/outlets/view?category=${category.id}`;
      const titles = async () => {
        const res = await app.inject({ url: list });
        expect(res.statusCode).toBe(200);
        return {
          cache: res.headers['x-cache'],
          titles: (res.json() as { data: { title: string }[] }).data.map((o) => o.title),
        };
      };
      await titles();
      expect(await titles()).toEqual({ cache: 'hit', titles: ['Gupta Hardware'] });

      const held = run(['--email', 'shop@example.com', '--hold'], redis);
      expect(held.status).toBe(0);
      expect(held.stderr).toBe('');
      expect((await titles()).titles).toEqual([]);
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('lifts a sign-in lock from the shell, audited as unlock', async () => {
    const until = new Date(Date.now() + 10 * 60_000);
    const u = await makeUser(database.db, {
      email: 'locked@example.com',
      failedLogins: 10,
      failedLoginsSince: new Date(),
      loginLockedUntil: until,
    });
    const res = run(['--email', 'Locked@example.com', '--unlock']);
    expect([res.status, res.stdout, res.stderr]).toEqual([0, 'locked@example.com: sign-in unlocked\n', '']);
    const [row] = await database.db.select().from(users).where(eq(users.id, u.id));
    expect([row.failedLogins, row.failedLoginsSince, row.loginLockedUntil, row.status]).toEqual([
      0,
      null,
      null,
      'active',
    ]);
    const entries = await database.db.select().from(auditLog).where(eq(auditLog.entityId, u.id));
    expect(entries).toEqual([
      expect.objectContaining({
        actorId: null,
        action: 'unlock',
        entity: 'user',
        before: { signInLockedUntil: until.toISOString() },
        after: { signInLockedUntil: null },
        reason: 'shell',
      }),
    ]);
  });

  it('explains its usage and an unknown account', () => {
    const bad = run(['--email', 'x@example.com']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^chaupal: usage: npm run user:status/);
    expect(run(['--email', 'x@example.com', '--hold', '--unlock']).status).toBe(2);
    const unknown = run(['--email', 'nobody@example.com', '--hold']);
    expect(unknown.stderr).toBe('chaupal: no account has the e-mail or phone nobody@example.com\n');
  });
});

import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { makeUser } from '../db/seed/factories';
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

  const run = (args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'user-status.ts'), ...args], {
      env: { PATH: process.env.PATH, DATABASE_URL: dbUrl, SEED_DEMO: 'false' },
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
  });

  it('explains its usage and an unknown account', () => {
    const bad = run(['--email', 'x@example.com']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^chaupal: usage: npm run user:status/);
    const unknown = run(['--email', 'nobody@example.com', '--hold']);
    expect(unknown.stderr).toBe('chaupal: no account has the e-mail or phone nobody@example.com\n');
  });
});

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { auditLog, users } from '../db/schema';
import { verifyPassword } from '../platform/passwords';

const dataDir = mkdtempSync(join(tmpdir(), 'chaupal-admin-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const run = (...args: string[]) => runWith({}, ...args);
const runWith = (env: Record<string, string>, ...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'admin-create.ts'), ...args], {
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });

async function lockSignIn(email: string) {
  const database = await openDatabase({ dataDir });
  try {
    await database.db
      .update(users)
      .set({ failedLogins: 10, failedLoginsSince: new Date(), loginLockedUntil: new Date(Date.now() + 15 * 60_000) })
      .where(eq(users.email, email));
  } finally {
    await database.close();
  }
}

async function account(email: string) {
  const database = await openDatabase({ dataDir });
  try {
    const [user] = await database.db.select().from(users).where(eq(users.email, email));
    const audit = user ? await database.db.select().from(auditLog).where(eq(auditLog.entityId, user.id)) : [];
    return { user, audit };
  } finally {
    await database.close();
  }
}

// The CLI opens its own embedded database; running it once (in the PGlite project) is enough.
describe.skipIf(process.env.TEST_DB_KIND === 'pg')('npm run admin:create', () => {
  it('refuses a weak password or a missing e-mail with one line and exit 2', () => {
    const weak = run('--email', 'boss@example.com', '--password', 'weak');
    expect(weak.status).toBe(2);
    expect(weak.stderr).toBe(
      'chaupal: Password must be between 6 to 20 characters with at least one numeric digit, one uppercase and one lowercase letter.\n',
    );
    const missing = run('--password', 'Strong123');
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/^chaupal: usage: npm run admin:create/);
  });

  it('refuses the well-known development e-mail when the production checks are on', () => {
    const site = { PUBLIC_URL: 'https://chaupal.example', JWT_SECRET: 'x'.repeat(32) };
    const res = runWith(site, '--email', 'Admin@Chaupal.Local', '--password', 'Strong123');
    expect([res.status, res.stdout, res.stderr]).toEqual([
      2,
      '',
      'chaupal: admin@chaupal.local is the well-known development default: use an address of your own\n',
    ]);
  });

  it('creates an admin, then resets its password and ends its sessions on a second run', async () => {
    const first = run('--email', 'Boss@Example.com', '--password', 'Strong123');
    expect([first.status, first.stdout]).toEqual([0, 'boss@example.com: admin created\n']);
    const created = await account('boss@example.com');
    expect(created.user).toMatchObject({ role: 'admin', status: 'active', emailVerified: true, phoneVerified: true });
    expect(await verifyPassword(created.user.passwordHash, 'Strong123')).toBe(true);

    await lockSignIn('boss@example.com');
    const second = run('--email', 'boss@example.com', '--password', 'Strong456');
    expect([second.status, second.stdout]).toEqual([0, 'boss@example.com: now an admin, password reset\n']);
    const reset = await account('boss@example.com');
    expect(await verifyPassword(reset.user.passwordHash, 'Strong456')).toBe(true);
    expect(reset.user.tokenVersion).toBe(created.user.tokenVersion + 1);
    // Strangers' wrong passwords had locked its sign-in: the new password ends the lock, as a reset by code does.
    expect([reset.user.failedLogins, reset.user.loginLockedUntil]).toEqual([0, null]);
    expect(reset.audit.map((a) => a.action)).toEqual(['admin:create', 'admin:create']);
  }, 120_000);
});

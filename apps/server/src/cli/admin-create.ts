import { randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';
import { ZPassword } from '@chaupal/contract';
import { eq, sql } from 'drizzle-orm';
import { DEFAULT_ADMIN_EMAIL, loadConfig } from '../config';
import type { openDatabase } from '../db/client';
import { openForTool } from '../db/control-socket';
import { users } from '../db/schema';
import { recordAudit } from '../modules/admin/audit.service';
import { publicWrite } from '../modules/content';
import { KIND_LIST } from '../modules/kinds';
import { hashPassword } from '../platform/passwords';
import { ensureSchema } from '../prepare';
import { runCli, UsageError } from './run';

const USAGE = 'usage: npm run admin:create -- --email <e-mail> --password <password> [--name <name>] [--phone <+91…>]';

/**
 * `npm run admin:create -- --email X --password Y`: makes an admin, or turns an existing account into one and
 * resets its password (active, both channels verified, sign-in unlocked; older sessions end). For operators locked
 * out of the console.
 */
async function run() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      phone: { type: 'string' },
    },
    strict: true,
  });
  if (!values.email || !values.password) throw new UsageError(USAGE);
  const email = values.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new UsageError(`not an e-mail address: ${values.email}`);
  const password = ZPassword.safeParse(values.password);
  if (!password.success) throw new UsageError(password.error.issues[0].message);

  const config = loadConfig();
  if (config.strict && email === DEFAULT_ADMIN_EMAIL)
    throw new UsageError(`${DEFAULT_ADMIN_EMAIL} is the well-known development default: use an address of your own`);
  const database = await openForTool(config);
  try {
    await ensureSchema(database, config);
    const passwordHash = await hashPassword(password.data);
    const [existing] = await database.db.select().from(users).where(eq(users.email, email)).limit(1);
    if (existing) {
      // A held account made admin again: its records return to the public pages.
      await publicWrite({ db: database.db, kinds: KIND_LIST }, async (tx, changes) => {
        await tx
          .update(users)
          .set({
            role: 'admin',
            status: 'active',
            emailVerified: true,
            phoneVerified: true,
            passwordHash,
            tokenVersion: sql`${users.tokenVersion} + 1`,
            // A new password from the shell is a reset: a sign-in lock from strangers' guesses ends with it.
            failedLogins: 0,
            failedLoginsSince: null,
            loginLockedUntil: null,
            updatedAt: new Date(),
          })
          .where(eq(users.id, existing.id));
        changes.owner(existing.id);
      });
      await recordAudit(database.db, {
        actorId: null,
        action: 'admin:create',
        entity: 'user',
        entityId: existing.id,
        before: { role: existing.role, status: existing.status },
        after: { role: 'admin', status: 'active' },
        reason: 'shell',
      });
      process.stdout.write(`${email}: now an admin, password reset\n`);
      return;
    }
    const phone = values.phone?.replace(/[\s-]/g, '') ?? (await unusedPhone(database.db));
    const [created] = await database.db
      .insert(users)
      .values({
        name: values.name ?? 'Administrator',
        email,
        phone,
        passwordHash,
        role: 'admin',
        emailVerified: true,
        phoneVerified: true,
      })
      .returning({ id: users.id });
    await recordAudit(database.db, {
      actorId: null,
      action: 'admin:create',
      entity: 'user',
      entityId: created.id,
      after: { role: 'admin', status: 'active' },
      reason: 'shell',
    });
    process.stdout.write(`${email}: admin created\n`);
  } finally {
    await database.close();
  }
}

/** A placeholder phone no account holds (admins made from the shell need not have one). */
async function unusedPhone(db: Awaited<ReturnType<typeof openDatabase>>['db']) {
  for (;;) {
    const phone = `+9100000${String(randomInt(0, 100_000)).padStart(5, '0')}`;
    const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone)).limit(1);
    if (!taken) return phone;
  }
}

runCli(run);

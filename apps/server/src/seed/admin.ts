import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { type Config, DEFAULT_ADMIN_EMAIL } from '../config';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';
import { hashPassword } from '../platform/passwords';

/**
 * Makes the first admin when there is none and prints its e-mail, and a generated password once (DESIGN §9). With
 * the production checks on and no ADMIN_EMAIL, the e-mail is generated too: the development default is known to
 * everyone, which would hand strangers half of the admin's credentials.
 */
export async function ensureAdmin(db: DbOrTx, config: Config, say: (line: string) => void) {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  if (existing) {
    if (config.strict) await warnOfDefaultAdmin(db, say);
    return;
  }
  const generated = `admin-${randomBytes(6).toString('hex')}@chaupal.local`;
  const email = (config.adminEmail ?? (config.strict ? generated : DEFAULT_ADMIN_EMAIL)).toLowerCase();
  const password = config.adminPassword ?? `Adm${randomBytes(9).toString('base64url')}9`;
  await db.insert(users).values({
    name: 'Administrator',
    email,
    phone: '+910000000000',
    passwordHash: await hashPassword(password),
    role: 'admin',
    emailVerified: true,
    phoneVerified: true,
  });
  say(
    config.adminPassword ? `Admin account: ${email}` : `Admin account: ${email} / password: ${password} (shown once)`,
  );
}

/** A site made before the default was refused may still have an admin named by it. */
async function warnOfDefaultAdmin(db: DbOrTx, say: (line: string) => void) {
  const [known] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.email, DEFAULT_ADMIN_EMAIL)))
    .limit(1);
  if (known) {
    say(
      `WARNING: the admin account ${DEFAULT_ADMIN_EMAIL} has the well-known development e-mail: give it another in its profile, or make an admin with npm run admin:create and hold this one`,
    );
  }
}

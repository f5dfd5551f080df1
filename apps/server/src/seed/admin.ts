import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Config } from '../config';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';
import { hashPassword } from '../platform/passwords';

/** Makes the first admin when there is none; prints the generated password once (DESIGN §9). */
export async function ensureAdmin(db: DbOrTx, config: Config, say: (line: string) => void) {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  if (existing) return;
  const email = (config.adminEmail ?? 'admin@chaupal.local').toLowerCase();
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

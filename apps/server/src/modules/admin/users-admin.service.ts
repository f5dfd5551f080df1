import type { TAdminUser, TRole, TUserPatch } from '@chaupal/contract';
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { anyContains, isUuid } from '../../db/lookup';
import type { PageRequest } from '../../db/paging';
import { pageWithTotal } from '../../db/paging';
import { experts, features, news, outlets, users } from '../../db/schema';
import { AppError, notFound } from '../../platform/errors';
import { clearFailedLogins, setAccountStatus } from '../account';
import type { PublicChanges } from '../content';
import { recordAudit } from './audit.service';

const recordsSql = sql<number>`(${sql.join(
  [experts, outlets, news, features].map((t) => sql`(select count(*) from ${t} where ${t.userId} = ${users.id})`),
  sql` + `,
)})::int`;

function present(row: typeof users.$inferSelect, records: number): TAdminUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    role: row.role,
    status: row.status,
    emailVerified: row.emailVerified,
    phoneVerified: row.phoneVerified,
    records,
    signInLockedUntil:
      row.loginLockedUntil && row.loginLockedUntil > new Date() ? row.loginLockedUntil.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listUsers(
  db: DbOrTx,
  f: { q?: string; status?: 'active' | 'hold'; role?: TRole },
  page: PageRequest,
) {
  const where: SQL[] = [];
  if (f.q) where.push(anyContains([users.name, users.email, users.phone], f.q));
  if (f.status) where.push(eq(users.status, f.status));
  if (f.role) where.push(eq(users.role, f.role));
  const { rows, total } = await pageWithTotal(db, users, where, page, (condition, window) =>
    db
      .select({ row: users, records: recordsSql })
      .from(users)
      .where(condition)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(window.limit)
      .offset(window.offset),
  );
  return { total, rows: rows.map((r) => present(r.row, r.records)) };
}

export async function getUser(db: DbOrTx, id: string) {
  if (!isUuid(id)) throw notFound();
  const [r] = await db.select({ row: users, records: recordsSql }).from(users).where(eq(users.id, id));
  if (!r) throw notFound();
  return present(r.row, r.records);
}

/**
 * Holds or activates an account, marks its channels verified, or changes its role. Holding takes the user's content
 * off the public pages at once and refuses the user's next call; an admin cannot hold or demote themselves.
 */
export async function updateUser(
  { db, changes }: { db: DbOrTx; changes: PublicChanges },
  actorId: string,
  id: string,
  patch: TUserPatch,
) {
  const before = await getUser(db, id);
  if (id === actorId && (patch.status === 'hold' || patch.role === 'customer'))
    throw new AppError('CONFLICT', 'You cannot hold or demote your own account.', [
      { parameter: patch.status === 'hold' ? 'status' : 'role', errors: ['Not for your own account'] },
    ]);
  const set: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
  if (patch.role) set.role = patch.role;
  if (patch.emailVerified !== undefined) set.emailVerified = patch.emailVerified;
  if (patch.phoneVerified !== undefined) set.phoneVerified = patch.phoneVerified;
  await db.update(users).set(set).where(eq(users.id, id));
  if (patch.status && patch.status !== before.status) await setAccountStatus(db, changes, id, patch.status);
  const after = await getUser(db, id);
  const { records: _b, ...shownBefore } = before;
  const { records: _a, ...shownAfter } = after;
  await recordAudit(db, {
    actorId,
    action: patch.status && patch.status !== before.status ? patch.status : 'update',
    entity: 'user',
    entityId: id,
    before: shownBefore,
    after: shownAfter,
  });
  return after;
}

/** Lifts a sign-in lock from failed sign-ins and forgets the failures counted so far (audited as `unlock`). */
export async function clearSignInLock(db: DbOrTx, actorId: string, id: string) {
  const before = await getUser(db, id);
  await clearFailedLogins(db, id);
  const after = await getUser(db, id);
  await recordAudit(db, {
    actorId,
    action: 'unlock',
    entity: 'user',
    entityId: id,
    before: { signInLockedUntil: before.signInLockedUntil },
    after: { signInLockedUntil: after.signInLockedUntil },
  });
  return after;
}

import type { TAdminUser, TRole, TUserPatch } from '@chaupal/contract';
import { desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { anyContains, isUuid } from '../../db/lookup';
import type { PageRequest } from '../../db/paging';
import { pageWithTotal } from '../../db/paging';
import { editions, experts, features, news, outlets, users } from '../../db/schema';
import { AppError, invalidFields, notFound } from '../../platform/errors';
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
    editorEditions: row.editorEditions,
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
 * An editor's editions as sent: each an edition's id (of any status), once; an unknown one is a 400. Only an editor
 * has editions: a role other than editor takes none (an empty list clears them).
 */
async function editorEditionsOf(db: DbOrTx, role: TRole, sent: string[]) {
  const wanted = [...new Set(sent)];
  if (!wanted.length) return wanted;
  if (role !== 'editor')
    throw invalidFields([{ parameter: 'editorEditions', errors: ['Only an editor has editions'] }]);
  const ids = wanted.filter(isUuid);
  const found = ids.length
    ? (await db.select({ id: editions.id }).from(editions).where(inArray(editions.id, ids))).map((r) => r.id)
    : [];
  const unknown = wanted.filter((e) => !found.includes(e));
  if (unknown.length)
    throw invalidFields([{ parameter: 'editorEditions', errors: [`Unknown edition: ${unknown.join(', ')}`] }]);
  return wanted;
}

const sameEditions = (a: string[], b: string[]) => a.length === b.length && a.every((e) => b.includes(e));

/**
 * Holds or activates an account, marks its channels verified, or changes its role and an editor's editions. Holding
 * takes the user's content off the public pages at once and refuses the user's next call; an admin cannot hold or
 * demote themselves. A change of role or editions (granting or revoking the editor's desk) is audited as `role`.
 */
export async function updateUser(
  { db, changes }: { db: DbOrTx; changes: PublicChanges },
  actorId: string,
  id: string,
  patch: TUserPatch,
) {
  const before = await getUser(db, id);
  if (id === actorId && (patch.status === 'hold' || (patch.role && patch.role !== 'admin')))
    throw new AppError('CONFLICT', 'You cannot hold or demote your own account.', [
      { parameter: patch.status === 'hold' ? 'status' : 'role', errors: ['Not for your own account'] },
    ]);
  const role = patch.role ?? before.role;
  const set: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
  if (patch.role) set.role = patch.role;
  if (patch.editorEditions) set.editorEditions = await editorEditionsOf(db, role, patch.editorEditions);
  else if (role !== 'editor' && before.editorEditions.length) set.editorEditions = [];
  if (patch.emailVerified !== undefined) set.emailVerified = patch.emailVerified;
  if (patch.phoneVerified !== undefined) set.phoneVerified = patch.phoneVerified;
  await db.update(users).set(set).where(eq(users.id, id));
  if (patch.status && patch.status !== before.status) await setAccountStatus(db, changes, id, patch.status);
  const after = await getUser(db, id);
  const { records: _b, ...shownBefore } = before;
  const { records: _a, ...shownAfter } = after;
  const desk = before.role !== after.role || !sameEditions(before.editorEditions, after.editorEditions);
  await recordAudit(db, {
    actorId,
    action: patch.status && patch.status !== before.status ? patch.status : desk ? 'role' : 'update',
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

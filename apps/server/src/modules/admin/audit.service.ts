import type { TAuditEntry } from '@chaupal/contract';
import { desc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { PageRequest } from '../../db/paging';
import { pageWithTotal } from '../../db/paging';
import { auditLog, users } from '../../db/schema';

export interface AuditInput {
  actorId: string | null;
  /** What happened: create, update, delete, approve, hold, status, role, verify… */
  action: string;
  /** What it happened to: a content kind, a taxonomy kind, user, banner, setting, policy, contact, synonym. */
  entity: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

/** One line of the audit log: who did what to which record, when, with its state before and after. */
export async function recordAudit(db: DbOrTx, entry: AuditInput): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? null,
  });
}

export async function listAudit(
  db: DbOrTx,
  filter: { entity?: string; entityId?: string },
  page: PageRequest,
): Promise<{ rows: TAuditEntry[]; total: number }> {
  const where: SQL[] = [];
  if (filter.entity) where.push(eq(auditLog.entity, filter.entity));
  if (filter.entityId) where.push(eq(auditLog.entityId, filter.entityId));
  const { rows, total } = await pageWithTotal(db, auditLog, where, page, (condition, window) =>
    db
      .select({ entry: auditLog, actorName: users.name, actorEmail: users.email })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(condition)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(window.limit)
      .offset(window.offset),
  );
  return {
    total,
    rows: rows.map(({ entry: e, actorName, actorEmail }) => ({
      id: e.id,
      actor: e.actorId && actorName ? { id: e.actorId, name: actorName, email: actorEmail ?? '' } : null,
      action: e.action,
      entity: e.entity,
      entityId: e.entityId,
      before: e.before,
      after: e.after,
      reason: e.reason,
      createdAt: e.createdAt.toISOString(),
    })),
  };
}

import { CONTENT_KIND_NAMES, type TAdminDashboard, type TContentKind } from '@chaupal/contract';
import { count, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { contactRequests, reviews, users } from '../../db/schema';
import { KINDS } from '../kinds';
import { listAudit } from './audit.service';

/** The console's first screen: what waits for an admin, and the latest decisions. */
export async function dashboard(db: DbOrTx): Promise<TAdminDashboard> {
  const pendingOf = async (kind: TContentKind) => {
    const t = KINDS[kind].table;
    const [r] = await db
      .select({
        pending: sql<number>`count(*) filter (where ${t.status} = 'pending')::int`,
        edited: sql<number>`count(*) filter (where ${t.editedAt} is not null and ${t.status} <> 'pending')::int`,
      })
      .from(t)
      .where(or(eq(t.status, 'pending'), sql`${t.editedAt} is not null`));
    return r;
  };
  const perKind = await Promise.all(CONTENT_KIND_NAMES.map(pendingOf));
  const [[contacts], [waitingReviews], [people], recent] = await Promise.all([
    db.select({ n: count() }).from(contactRequests).where(eq(contactRequests.status, 'new')),
    db.select({ n: count() }).from(reviews).where(eq(reviews.status, 'pending')),
    db
      .select({
        total: sql<number>`count(*)::int`,
        held: sql<number>`count(*) filter (where ${users.status} = 'hold')::int`,
        unverified: sql<number>`count(*) filter (where not (${users.emailVerified} and ${users.phoneVerified}))::int`,
      })
      .from(users),
    listAudit(db, {}, { page: 1, pageSize: 8 }),
  ]);
  return {
    pending: Object.fromEntries(CONTENT_KIND_NAMES.map((k, i) => [k, perKind[i].pending])) as Record<
      TContentKind,
      number
    >,
    editedSinceApproval: perKind.reduce((sum, r) => sum + r.edited, 0),
    pendingReviews: waitingReviews.n,
    newContactRequests: contacts.n,
    users: people,
    recent: recent.rows,
  };
}

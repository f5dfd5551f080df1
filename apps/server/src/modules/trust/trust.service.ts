import {
  API_ERRORS,
  CONTENT_KINDS,
  normalisePhone,
  STALE_AFTER_MONTHS,
  type TAdminTrust,
  type TListingKind,
} from '@chaupal/contract';
import { and, eq, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import type { PageRequest } from '../../db/paging';
import { experts, outlets, users } from '../../db/schema';
import { AppError, notFound } from '../../platform/errors';
import type { Messenger } from '../../platform/messenger';
import { recordAudit } from '../admin';
import type { PublicChanges } from '../content';
import { KINDS } from '../kinds';

/** The listing tables: experts and outlets carry the trust columns (schema.ts, trustColumns). */
export const LISTING_TABLES = { expert: experts, outlet: outlets } as const;

/** When a listing was last known current: its last edit or its owner's last confirmation, whichever is later. */
const freshAt = (t: typeof experts | typeof outlets) =>
  sql`greatest(${t.updatedAt}, coalesce(${t.confirmedAt}, ${t.updatedAt}))`;
const staleBefore = sql`now() - make_interval(months => ${STALE_AFTER_MONTHS})`;

/** The owner (or an admin) confirms the details are current: "Updated on" moves to today, the listing is fresh. */
export async function confirmListing(
  db: DbOrTx,
  changes: PublicChanges,
  account: { id: string; role: string },
  kind: TListingKind,
  id: string,
): Promise<{ confirmedAt: string }> {
  const t = LISTING_TABLES[kind];
  const [row] = await db.select({ userId: t.userId }).from(t).where(eq(t.id, id)).limit(1);
  if (!row) throw notFound();
  if (row.userId !== account.id && account.role !== 'admin') throw new AppError('FORBIDDEN', API_ERRORS.forbidden);
  const [done] = await db
    .update(t)
    .set({ confirmedAt: sql`now()` })
    .where(eq(t.id, id))
    .returning({ confirmedAt: t.confirmedAt });
  changes.records(KINDS[kind], [id]);
  return { confirmedAt: (done.confirmedAt as Date).toISOString() };
}

/** The listing's owner id, or 404: owners and admins read a listing's insight. */
export async function listingOwner(db: DbOrTx, kind: TListingKind, id: string): Promise<string> {
  const t = LISTING_TABLES[kind];
  const [row] = await db.select({ userId: t.userId }).from(t).where(eq(t.id, id)).limit(1);
  if (!row) throw notFound();
  return row.userId;
}

async function selectTrust(db: DbOrTx, kind: TListingKind, where: SQL | undefined) {
  const t = LISTING_TABLES[kind];
  const verifier = alias(users, 'verifier');
  const q = db
    .select({
      id: t.id,
      title: t.title,
      slug: t.slug,
      callNow: t.callNow,
      ownerId: users.id,
      ownerName: users.name,
      ownerEmail: users.email,
      ownerPhone: users.phone,
      ownerPhoneVerified: users.phoneVerified,
      verifiedAt: t.verifiedBusinessAt,
      verifierId: verifier.id,
      verifierName: verifier.name,
      confirmedAt: t.confirmedAt,
      updatedAt: t.updatedAt,
      remindedAt: t.staleRemindedAt,
    })
    .from(t)
    .innerJoin(users, eq(users.id, t.userId))
    .leftJoin(verifier, eq(verifier.id, t.verifiedBusinessBy))
    .where(where)
    .orderBy(freshAt(t), t.id);
  const rows = await q;
  return rows.map(
    (r): TAdminTrust => ({
      kind,
      id: r.id,
      title: r.title,
      slug: r.slug,
      owner: { id: r.ownerId, name: r.ownerName, email: r.ownerEmail },
      verifiedPhone: r.ownerPhoneVerified && normalisePhone(r.callNow) === r.ownerPhone,
      verifiedBusiness: r.verifiedAt
        ? { at: r.verifiedAt.toISOString(), by: r.verifierId ? { id: r.verifierId, name: r.verifierName ?? '' } : null }
        : null,
      confirmedAt: r.confirmedAt?.toISOString() ?? null,
      updatedAt: r.updatedAt.toISOString(),
      remindedAt: r.remindedAt?.toISOString() ?? null,
    }),
  );
}

export async function getTrust(db: DbOrTx, kind: TListingKind, id: string): Promise<TAdminTrust> {
  const [row] = await selectTrust(db, kind, eq(LISTING_TABLES[kind].id, id));
  if (!row) throw notFound();
  return row;
}

/** Sets or clears the admin's "Verified business" mark, with who and when, in the audit log. */
export async function setVerifiedBusiness(
  db: DbOrTx,
  actorId: string,
  kind: TListingKind,
  id: string,
  verified: boolean,
): Promise<TAdminTrust> {
  const t = LISTING_TABLES[kind];
  const before = await getTrust(db, kind, id);
  if (Boolean(before.verifiedBusiness) !== verified) {
    await db
      .update(t)
      .set(
        verified
          ? { verifiedBusinessAt: sql`now()`, verifiedBusinessBy: actorId }
          : { verifiedBusinessAt: null, verifiedBusinessBy: null },
      )
      .where(eq(t.id, id));
    await recordAudit(db, {
      actorId,
      action: verified ? 'verify-business' : 'unverify-business',
      entity: kind,
      entityId: id,
      before: { verifiedBusiness: before.verifiedBusiness },
      after: { verifiedBusiness: verified },
    });
  }
  return getTrust(db, kind, id);
}

const isStale = (t: typeof experts | typeof outlets) => lt(freshAt(t), staleBefore);

/** Active listings neither edited nor confirmed for STALE_AFTER_MONTHS, the longest-untouched first, paged in SQL. */
export async function listStale(db: DbOrTx, page: PageRequest): Promise<{ rows: TAdminTrust[]; total: number }> {
  const stale = sql.join(
    (['expert', 'outlet'] as const).map((kind) => {
      const t = LISTING_TABLES[kind];
      return sql`select ${kind}::text as kind, ${t.id} as id, ${freshAt(t)} as fresh from ${t}
                 where ${t.status} = 'active' and ${isStale(t)}`;
    }),
    sql` union all `,
  );
  const [found, counted] = await Promise.all([
    db.execute(sql`select kind, id from (${stale}) s order by fresh, id
                   limit ${page.pageSize} offset ${(page.page - 1) * page.pageSize}`),
    db.execute(sql`select count(*)::int as total from (${stale}) s`),
  ]);
  const ids = rowsOf<{ kind: TListingKind; id: string }>(found);
  const byKey = new Map<string, TAdminTrust>();
  for (const kind of ['expert', 'outlet'] as const) {
    const mine = ids.filter((r) => r.kind === kind).map((r) => r.id);
    if (!mine.length) continue;
    for (const row of await selectTrust(db, kind, inArray(LISTING_TABLES[kind].id, mine))) {
      byKey.set(`${kind}:${row.id}`, row);
    }
  }
  const rows = ids.map((r) => byKey.get(`${r.kind}:${r.id}`)).filter((r): r is TAdminTrust => r !== undefined);
  return { rows, total: rowsOf<{ total: number }>(counted)[0].total };
}
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * E-mails each owner of a stale active listing once per staleness period: a listing is claimed (its reminder date
 * set) in the same statement that finds it, so instances sweeping together never send twice; an edit or a
 * confirmation starts a new period. A mail that cannot go out is logged; the listing stays claimed.
 */
export async function remindStale(
  db: DbOrTx,
  messenger: Messenger,
  publicUrl: string,
  log: { warn: (obj: object, msg: string) => void },
): Promise<number> {
  let sent = 0;
  for (const kind of ['expert', 'outlet'] as const) {
    const t = LISTING_TABLES[kind];
    const claimed = await db
      .update(t)
      .set({ staleRemindedAt: sql`now()` })
      .where(and(eq(t.status, 'active'), isStale(t), or(isNull(t.staleRemindedAt), lt(t.staleRemindedAt, freshAt(t)))))
      .returning({ id: t.id, title: t.title, userId: t.userId });
    for (const row of claimed) {
      const [owner] = await db
        .select({ email: users.email, name: users.name })
        .from(users)
        .where(eq(users.id, row.userId));
      if (!owner) continue;
      try {
        await messenger.send({
          channel: 'email',
          to: owner.email,
          subject: `Are the details of "${row.title}" still current?`,
          text: [
            `Hello ${owner.name},`,
            '',
            `Your ${CONTENT_KINDS[kind].label.toLowerCase()} "${row.title}" has not been updated for ${STALE_AFTER_MONTHS} months.`,
            `Please check its details and press "Confirm details are current" on your dashboard:`,
            `${publicUrl}${CONTENT_KINDS[kind].dashboardPath}`,
          ].join('\n'),
        });
        sent++;
      } catch (err) {
        log.warn({ err, kind, id: row.id }, 'stale listing reminder not sent');
      }
    }
  }
  return sent;
}

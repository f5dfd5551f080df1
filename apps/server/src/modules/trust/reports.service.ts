import {
  CONTENT_KIND_NAMES,
  FORMER_MEMBER_NAME,
  type TAdminReport,
  type TContentKind,
  type TReportKind,
  type TReportStatus,
  ZReportForm,
} from '@chaupal/contract';
import { and, desc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { anyContains } from '../../db/lookup';
import type { PageRequest } from '../../db/paging';
import { pageWithTotal } from '../../db/paging';
import { experts, outlets, reports, reviews, users } from '../../db/schema';
import type { Captcha } from '../../platform/captcha';
import { AppError, detailsFromIssues, invalidFields, notFound } from '../../platform/errors';
import { recordAudit } from '../admin';
import { KINDS } from '../kinds';

/** How long one address's report of one record stands for every repeat of it. */
export const REPORT_REPEAT_SECONDS = 24 * 3600;

/**
 * A visitor reports a public record: the fields and the human check first, then the record must be public. Only
 * what the visitor typed is kept, never their address. `firstReport` answers whether its key (naming the record and
 * the address) is new within REPORT_REPEAT_SECONDS.
 */
export async function addReport(
  db: DbOrTx,
  captcha: Captcha,
  body: unknown,
  ip: string,
  firstReport: (key: string) => Promise<boolean>,
): Promise<{ id: string }> {
  const parsed = ZReportForm.safeParse(body);
  if (!parsed.success) throw invalidFields(detailsFromIssues(parsed.error.issues));
  const f = parsed.data;
  if (!(await captcha.verify(f.g_recaptcha_response, ip))) {
    throw invalidFields([{ parameter: 'g_recaptcha_response', errors: ['Human check failed'] }]);
  }
  if (!(await isReportable(db, f.kind, f.id))) throw notFound();
  // One open report per record and address a day. A repeat (a second click, or a script sending the same report
  // again and again) answers as the first did, with the record's open report, and adds nothing to the console's
  // queue: the visitor is told what is true (the record is reported) and a flood learns nothing.
  if (!(await firstReport(`report:${f.kind}:${f.id}:${ip}`))) {
    const [open] = await db
      .select({ id: reports.id })
      .from(reports)
      .where(
        and(
          eq(reports.kind, f.kind),
          eq(reports.recordId, f.id),
          eq(reports.status, 'new'),
          gt(reports.createdAt, new Date(Date.now() - REPORT_REPEAT_SECONDS * 1000)),
        ),
      )
      .orderBy(desc(reports.createdAt))
      .limit(1);
    if (open) return { id: open.id };
  }
  const [row] = await db
    .insert(reports)
    .values({ kind: f.kind, recordId: f.id, reason: f.reason, message: f.message, contact: f.contact })
    .returning({ id: reports.id });
  return { id: row.id };
}

async function isPublic(db: DbOrTx, kind: TContentKind, id: string): Promise<boolean> {
  const t = KINDS[kind].table;
  const [record] = await db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.id, id), eq(t.isPublic, true)))
    .limit(1);
  return Boolean(record);
}

/** A report names what the public sees: a public record, or a published review of a public listing. */
async function isReportable(db: DbOrTx, kind: TReportKind, id: string): Promise<boolean> {
  if (kind !== 'review') return isPublic(db, kind, id);
  const [review] = await db
    .select({ kind: reviews.kind, listingId: reviews.listingId })
    .from(reviews)
    .where(and(eq(reviews.id, id), eq(reviews.status, 'published')))
    .limit(1);
  return Boolean(review) && isPublic(db, review.kind, review.listingId);
}

/** The record a report names, by kind: title, slug and status, or null once deleted. */
function recordOf(kind: TContentKind) {
  const t = KINDS[kind].table;
  return sql`(select json_build_object('title', r.title, 'slug', r.slug, 'status', r.status) from ${t} r where r.id = ${reports.recordId})`;
}
/** A review a report names: its listing's title and "review by" its author, the listing's slug and kind, its status. */
const reviewRecord = sql`(select json_build_object(
    'title', concat(coalesce(e.title, o.title), ' — review by ', coalesce(u.name, ${FORMER_MEMBER_NAME}::text)),
    'slug', coalesce(e.slug, o.slug), 'status', rv.status, 'listingKind', rv.kind)
  from ${reviews} rv
  left join ${experts} e on rv.kind = 'expert' and e.id = rv.listing_id
  left join ${outlets} o on rv.kind = 'outlet' and o.id = rv.listing_id
  left join ${users} u on u.id = rv.user_id
  where rv.id = ${reports.recordId} and coalesce(e.id, o.id) is not null)`;
const recordJson = sql<TAdminReport['record']>`case ${reports.kind}
  ${sql.join(
    CONTENT_KIND_NAMES.map((k) => sql`when ${k} then ${recordOf(k)}`),
    sql` `,
  )} when 'review' then ${reviewRecord} end`;

async function selectReports(db: DbOrTx, where: SQL | undefined, window: { limit: number; offset: number }) {
  const rows = await db
    .select({ report: reports, record: recordJson, resolverName: users.name })
    .from(reports)
    .leftJoin(users, eq(users.id, reports.resolvedBy))
    .where(where)
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(window.limit)
    .offset(window.offset);
  return rows.map(
    ({ report: r, record, resolverName }): TAdminReport => ({
      id: r.id,
      kind: r.kind,
      recordId: r.recordId,
      record: record ?? null,
      reason: r.reason,
      message: r.message,
      contact: r.contact,
      status: r.status,
      resolvedBy: r.resolvedBy ? { id: r.resolvedBy, name: resolverName ?? '' } : null,
      resolvedAt: r.resolvedAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
    }),
  );
}

/** The console's queue, newest first, by status. */
export async function listReports(db: DbOrTx, filter: { status?: TReportStatus; q?: string }, page: PageRequest) {
  const where = filter.status ? [eq(reports.status, filter.status)] : [];
  if (filter.q) where.push(anyContains([reports.message, reports.contact], filter.q));
  return pageWithTotal(db, reports, where, page, (condition, window) => selectReports(db, condition, window));
}

export async function getReport(db: DbOrTx, id: string): Promise<TAdminReport> {
  const [row] = await selectReports(db, eq(reports.id, id), { limit: 1, offset: 0 });
  if (!row) throw notFound();
  return row;
}

/** Marks a report acted on, dismissed, or new again; the change is in the audit log under the report. */
export async function setReportStatus(
  db: DbOrTx,
  actorId: string,
  id: string,
  status: TReportStatus,
): Promise<TAdminReport> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound();
  const before = await getReport(db, id);
  if (before.status === status) throw new AppError('CONFLICT', `The report is already ${status}`);
  const open = status === 'new';
  await db
    .update(reports)
    .set({ status, resolvedBy: open ? null : actorId, resolvedAt: open ? null : sql`now()`, updatedAt: sql`now()` })
    .where(eq(reports.id, id));
  await recordAudit(db, {
    actorId,
    action: `report-${status}`,
    entity: 'report',
    entityId: id,
    before: { status: before.status },
    after: { status, kind: before.kind, recordId: before.recordId },
  });
  return getReport(db, id);
}

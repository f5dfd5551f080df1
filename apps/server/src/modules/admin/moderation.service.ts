import {
  API_ERRORS,
  CONTENT_KIND_NAMES,
  type TAdminRecord,
  type TContentKind,
  type TContentStatus,
  type TFormValues,
} from '@chaupal/contract';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { containsPattern, isUuid } from '../../db/lookup';
import type { PageRequest } from '../../db/paging';
import { rowsOf } from '../../db/rows';
import { users } from '../../db/schema';
import type { TAccount } from '../../platform/auth';
import { AppError, notFound } from '../../platform/errors';
import type { OutgoingMessage } from '../../platform/messenger';
import {
  type ContentKind,
  deskCondition,
  diff,
  iso,
  type LoadedRow,
  loadRows,
  namesIn,
  onDesk,
  type PublicChanges,
  reviewValues,
} from '../content';
import { KINDS } from '../kinds';
import { recordAudit } from './audit.service';

export interface RecordFilter {
  kind?: TContentKind;
  status?: TContentStatus;
  q?: string;
  /** Only records their owner edited since approval. */
  edited?: boolean;
  /** The moderation queue: pending records and records edited since approval. */
  queue?: boolean;
}

/** Who is at the console: an admin, or an editor (decision 033), whose desk (`onDesk`) bounds what they see and do. */
export type DeskAccount = Pick<TAccount, 'id' | 'role' | 'editorEditions'>;

const forbidden = () => new AppError('FORBIDDEN', API_ERRORS.forbidden);

/**
 * Records of every kind (or one) on the account's desk, newest change first: the moderation queue and the console's
 * records table; a kind asked for that is not on it is a 403. One UNION ALL over the kinds' tables pages the ids; the
 * rows are then loaded per kind.
 */
export async function listRecords(db: DbOrTx, account: DeskAccount, f: RecordFilter, page: PageRequest) {
  if (f.kind && deskCondition(account, f.kind) === false) throw forbidden();
  const kinds = (f.kind ? [f.kind] : CONTENT_KIND_NAMES).filter((k) => deskCondition(account, k) !== false);
  const parts = kinds.map((kind) => {
    const t = KINDS[kind].table;
    const where: SQL[] = [];
    const desk = deskCondition(account, kind);
    if (desk) where.push(desk);
    if (f.queue) where.push(sql`(${t.status} = 'pending' or ${t.editedAt} is not null)`);
    if (f.status) where.push(eq(t.status, f.status));
    if (f.edited) where.push(sql`${t.editedAt} is not null`);
    if (f.q) {
      const like = containsPattern(f.q);
      where.push(
        sql`(${t.title} ilike ${like} or ${t.slug} ilike ${like} or exists (select 1 from ${users} u where u.id = ${t.userId} and (u.email ilike ${like} or u.name ilike ${like})))`,
      );
    }
    const condition = where.length ? sql`where ${and(...where)}` : sql``;
    return {
      rows: sql`select ${kind}::text as kind, ${t.id} as id, ${t.updatedAt} as updated_at from ${t} ${condition}`,
      count: sql`select count(*)::int as total from ${t} ${condition}`,
    };
  });
  // The page comes from one ordered UNION ALL (a merge of the tables' (updated_at, id) indexes); the total is the
  // sum of the tables' counts, queried side by side.
  const union = sql.join(
    parts.map((p) => p.rows),
    sql` union all `,
  );
  const [hits, ...counts] = await Promise.all([
    rowsOf<{ kind: TContentKind; id: string }>(
      db,
      sql`select kind, id from (${union}) r order by updated_at desc, id desc limit ${page.pageSize} offset ${(page.page - 1) * page.pageSize}`,
    ),
    ...parts.map((p) => rowsOf<{ total: number }>(db, p.count)),
  ]);
  const total = counts.reduce<number>((sum, c) => sum + (c[0]?.total ?? 0), 0);
  const loaded = new Map<string, TAdminRecord>();
  // Each kind's rows load in parallel (on a pool, parallel queries; PGlite runs them in turn).
  const perKind = await Promise.all(
    kinds.map((kind) =>
      presentRecords(
        db,
        kind,
        hits.filter((h) => h.kind === kind).map((h) => h.id),
      ),
    ),
  );
  for (const r of perKind.flat()) loaded.set(`${r.kind}:${r.id}`, r);
  return { total, rows: hits.map((h) => loaded.get(`${h.kind}:${h.id}`)).filter((r) => r !== undefined) };
}

async function presentRecords(db: DbOrTx, kind: TContentKind, ids: string[]): Promise<TAdminRecord[]> {
  if (!ids.length) return [];
  const def = KINDS[kind];
  const rows = await loadRows(db, def, ids);
  if (!rows.length) return [];
  const current = rows.map((l) => reviewValues(def, l));
  const [owners, names] = await Promise.all([
    db
      .select({ id: users.id, name: users.name, email: users.email, status: users.status })
      .from(users)
      .where(
        inArray(
          users.id,
          rows.map((r) => r.row.userId),
        ),
      ),
    namesIn(db, def, [...current, ...rows.map((l) => l.row.approvedValues ?? {})]),
  ]);
  return rows.map(({ row }, i) => {
    const edited = row.editedAt !== null;
    return {
      kind,
      id: row.id,
      slug: row.slug,
      title: row.title,
      status: row.status,
      isPublic: row.isPublic,
      holdReason: row.holdReason,
      owner: owners.find((o) => o.id === row.userId) ?? { id: row.userId, name: '', email: '', status: 'active' },
      editedSinceApproval: edited,
      changes: edited && row.approvedValues ? diff(row.approvedValues, current[i], names) : [],
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
    };
  });
}

export interface ModerationContext {
  db: DbOrTx;
  /** What the decision changed, for the public-write step it runs in. */
  changes: PublicChanges;
  publicUrl: string;
  actor: DeskAccount;
}

/** A decision and the e-mail that tells the owner; the caller sends it once the decision has committed. */
export interface Decision {
  record: TAdminRecord;
  mail: OutgoingMessage;
}

/** A record on the account's desk: 403 for a kind or a record off it, 404 for none. */
async function loadFromDesk(db: DbOrTx, account: DeskAccount, kind: TContentKind, id: string) {
  if (deskCondition(account, kind) === false) throw forbidden();
  const def = KINDS[kind];
  const [loaded] = isUuid(id) ? await loadRows(db, def, [id]) : [];
  if (!loaded) throw notFound();
  if (!onDesk(account, kind, { editionId: Reflect.get(loaded.row, 'editionId') })) throw forbidden();
  return { def, loaded };
}

async function loadForDecision(ctx: ModerationContext, kind: TContentKind, id: string) {
  const { db } = ctx;
  const { def, loaded } = await loadFromDesk(db, ctx.actor, kind, id);
  const [owner] = await db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, loaded.row.userId));
  return { def, loaded, owner };
}

/**
 * The shared step of a decision: the record's new status (and `set`), its visibility, the audit entry; the record as
 * the console shows it afterwards.
 */
async function decide(
  ctx: ModerationContext,
  kind: TContentKind,
  { def, loaded }: { def: ContentKind; loaded: LoadedRow },
  status: 'active' | 'hold',
  set: { holdReason: string | null; approvedValues?: TFormValues },
  reason?: string,
) {
  const { db } = ctx;
  const id = loaded.row.id;
  const t = def.table;
  await db
    .update(t)
    .set({ status, editedAt: null, ...set })
    .where(eq(t.id, id));
  ctx.changes.records(def, [id]);
  await ctx.changes.flush();
  await recordAudit(db, {
    actorId: ctx.actor.id,
    action: status === 'active' ? 'approve' : 'hold',
    entity: kind,
    entityId: id,
    before: { status: loaded.row.status, edited: Boolean(loaded.row.editedAt) },
    after: { status, edited: false },
    reason,
  });
  return (await presentRecords(db, kind, [id]))[0];
}

/** Approves a pending, held or edited record: it goes public (when its owner and parents allow) and leaves the queue. */
export async function approveRecord(ctx: ModerationContext, kind: TContentKind, id: string): Promise<Decision> {
  const found = await loadForDecision(ctx, kind, id);
  const { def, loaded, owner } = found;
  const { row } = loaded;
  if (row.status === 'active' && !row.editedAt)
    throw new AppError('CONFLICT', 'This record is already approved.', [
      { parameter: 'id', errors: ['Already active'] },
    ]);
  const record = await decide(ctx, kind, found, 'active', {
    holdReason: null,
    approvedValues: reviewValues(def, loaded),
  });
  const link = `${ctx.publicUrl.replace(/\/$/, '')}${def.spec.detailPath}${row.slug}`;
  return {
    record,
    mail: {
      channel: 'email',
      to: owner.email,
      subject: `Approved: ${row.title}`,
      text: `Hello ${owner.name},\n\nYour ${def.spec.label.toLowerCase()} "${row.title}" was approved and is now public:\n${link}\n\nChaupal`,
    },
  };
}

/** Holds a record with a reason the owner is told: it leaves every public page at once. */
export async function holdRecord(
  ctx: ModerationContext,
  kind: TContentKind,
  id: string,
  reason: string,
): Promise<Decision> {
  const found = await loadForDecision(ctx, kind, id);
  const { def, loaded, owner } = found;
  const { row } = loaded;
  if (row.status === 'hold' && !row.editedAt && row.holdReason === reason)
    throw new AppError('CONFLICT', 'This record is already on hold.', [{ parameter: 'id', errors: ['Already held'] }]);
  return {
    record: await decide(ctx, kind, found, 'hold', { holdReason: reason }, reason),
    mail: {
      channel: 'email',
      to: owner.email,
      subject: `On hold: ${row.title}`,
      text: `Hello ${owner.name},\n\nYour ${def.spec.label.toLowerCase()} "${row.title}" was put on hold and is not public.\nReason: ${reason}\n\nEdit it from your dashboard and it will be reviewed again.\n\nChaupal`,
    },
  };
}

export async function getRecord(db: DbOrTx, account: DeskAccount, kind: TContentKind, id: string) {
  await loadFromDesk(db, account, kind, id);
  const [r] = await presentRecords(db, kind, [id]);
  if (!r) throw notFound();
  return r;
}

import { CONTENT_KIND_NAMES, type TContentKind, type TPersonalData } from '@chaupal/contract';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { uploads } from '../../db/schema';
import type { TAccount } from '../../platform/auth';
import { consentsOf, loginHistory } from '../account';
import { type LoadedRow, loadRows, personalRevisions } from '../content';
import { readSettings } from '../home';
import { KINDS } from '../kinds';
import { personalReviewData } from '../reviews';

/** A stored value as JSON shows it: times as ISO strings. */
const plain = (v: unknown) => (v instanceof Date ? v.toISOString() : v);

/** One record with every column the site keeps (but the owner id, which is the profile's) and its links by name. */
function presentRecord(l: LoadedRow) {
  const { userId: _owner, ...columns } = l.row;
  const row = Object.fromEntries(Object.entries(columns).map(([k, v]) => [k, plain(v)]));
  return {
    ...row,
    id: l.row.id,
    slug: String(l.row.slug),
    title: String(l.row.title),
    status: String(l.row.status),
    createdAt: String(plain(l.row.createdAt)),
    updatedAt: String(plain(l.row.updatedAt)),
    circles: l.circles.map((c) => c.name),
    localities: l.blocks.map((b) => b.name),
    parents: l.parents.map((p) => p.title),
    documents: l.documents,
  };
}

/** The ids of a user's records of one kind, oldest first. */
async function ownIds(db: DbOrTx, kind: TContentKind, userId: string) {
  const t = KINDS[kind].table;
  const rows = await db.select({ id: t.id }).from(t).where(eq(t.userId, userId)).orderBy(asc(t.createdAt), asc(t.id));
  return rows.map((r) => r.id);
}

/**
 * "Download my data" (decision 017): everything the site keeps about the signed-in person and nothing about anyone
 * else: the profile (no password hash), consent records, login history, their experts, outlets, news and features with
 * documents, the files they uploaded, their reviews, helpful votes and suggested edits, and the revisions of their
 * records and those they saved of others' (decision 033).
 */
export async function exportPersonalData(db: DbOrTx, account: TAccount, now = new Date()): Promise<TPersonalData> {
  const records = {} as TPersonalData['records'];
  const own: { kind: TContentKind; ids: string[] }[] = [];
  for (const kind of CONTENT_KIND_NAMES) {
    const ids = await ownIds(db, kind, account.id);
    own.push({ kind, ids });
    records[kind] = (await loadRows(db, KINDS[kind], ids)).map(presentRecord);
  }
  const files = await db
    .select()
    .from(uploads)
    .where(eq(uploads.userId, account.id))
    .orderBy(asc(uploads.createdAt), asc(uploads.url));
  return {
    exportedAt: now.toISOString(),
    site: (await readSettings(db, ['site'])).site.siteName,
    profile: {
      id: account.id,
      name: account.name,
      email: account.email,
      phone: account.phone,
      role: account.role,
      status: account.status,
      emailVerified: account.emailVerified,
      phoneVerified: account.phoneVerified,
      createdAt: account.createdAt.toISOString(),
      updatedAt: account.updatedAt.toISOString(),
    },
    consents: await consentsOf(db, account.id),
    logins: await loginHistory(db, account.id),
    records,
    uploads: files.map((f) => ({
      url: f.url,
      originalName: f.originalName,
      mime: f.mime,
      size: f.size,
      createdAt: f.createdAt.toISOString(),
    })),
    ...(await personalReviewData(db, account.id)),
    revisions: await personalRevisions(db, account.id, own),
  };
}

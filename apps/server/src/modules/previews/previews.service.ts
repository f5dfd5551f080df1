import { createHash, randomBytes } from 'node:crypto';
import { CONTENT_KIND_NAMES, PREVIEW_MESSAGES, type TContentKind } from '@chaupal/contract';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { isUuid } from '../../db/lookup';
import { previewLinks } from '../../db/schema';
import type { TAccount } from '../../platform/auth';
import { badParameter, notFound } from '../../platform/errors';
import { detailPresenter, getAnyWithRelated, getOwnRecord } from '../content';
import { KINDS } from '../kinds';
import { presentLink } from './previews.presenter';

/** Where a link opens on the site: this and its token. */
const PREVIEW_PATH = '/preview/';

const DAY_MS = 86_400_000;
/** A link's secret: 32 random bytes. Only their SHA-256 is stored, so the table alone opens no preview. */
const newToken = () => randomBytes(32).toString('base64url');
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
/** What a token looks like (32 bytes in base64url): anything else is no link, and is not looked up. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Each kind's detail presenter, made once. */
const PRESENT = Object.fromEntries(CONTENT_KIND_NAMES.map((k) => [k, detailPresenter(KINDS[k])])) as {
  [K in TContentKind]: ReturnType<typeof detailPresenter>;
};

/**
 * A new link to a record that is not public, for whoever may edit it (its owner, an admin, an editor whose desk holds
 * it: `getOwnRecord`); the token is in the answer's address and nowhere else.
 */
export async function createLink(
  db: DbOrTx,
  account: TAccount,
  o: { kind: TContentKind; id: string; days: number; publicUrl: string; now: Date },
) {
  const { row } = await getOwnRecord(db, KINDS[o.kind], account, o.id);
  if (row.isPublic) throw badParameter('id', PREVIEW_MESSAGES.alreadyPublic);
  const token = newToken();
  const [link] = await db
    .insert(previewLinks)
    .values({
      tokenHash: hashOf(token),
      kind: o.kind,
      recordId: row.id,
      createdBy: account.id,
      expiresAt: new Date(o.now.getTime() + o.days * DAY_MS),
    })
    .returning({ id: previewLinks.id, expiresAt: previewLinks.expiresAt });
  return { id: link.id, url: `${o.publicUrl}${PREVIEW_PATH}${token}`, expiresAt: link.expiresAt.toISOString() };
}

/** A record's links, newest first, for whoever may edit it. */
export async function listLinks(db: DbOrTx, account: TAccount, o: { kind: TContentKind; id: string; now: Date }) {
  const { row } = await getOwnRecord(db, KINDS[o.kind], account, o.id);
  const links = await db
    .select()
    .from(previewLinks)
    .where(and(eq(previewLinks.kind, o.kind), eq(previewLinks.recordId, row.id)))
    .orderBy(desc(previewLinks.createdAt), desc(previewLinks.id));
  return links.map((l) => presentLink(l, o.now));
}

/**
 * Revokes a link, for the person who made it and whoever may edit its record: 404 unknown, 403 anyone else. Revoking
 * a revoked link changes nothing (it keeps its first revocation time).
 */
export async function revokeLink(db: DbOrTx, account: TAccount, id: string, now: Date) {
  const [link] = isUuid(id) ? await db.select().from(previewLinks).where(eq(previewLinks.id, id)).limit(1) : [];
  if (!link) throw notFound();
  if (link.createdBy !== account.id) await getOwnRecord(db, KINDS[link.kind], account, link.recordId);
  await db
    .update(previewLinks)
    .set({ revokedAt: sql`coalesce(${previewLinks.revokedAt}, ${now.toISOString()}::timestamptz)` })
    .where(eq(previewLinks.id, link.id));
}

/**
 * What a link shows, to anyone holding it: the record as its public page would show it, with its related cards. An
 * unknown, expired or revoked token is a 404, as is one whose record is gone or whose owner's account is held (a held
 * account's work leaves the site, previews too).
 */
export async function readPreview(db: DbOrTx, token: string, now: Date) {
  if (!TOKEN.test(token)) throw notFound();
  const [link] = await db
    .select({ kind: previewLinks.kind, recordId: previewLinks.recordId, expiresAt: previewLinks.expiresAt })
    .from(previewLinks)
    .where(
      and(eq(previewLinks.tokenHash, hashOf(token)), isNull(previewLinks.revokedAt), gt(previewLinks.expiresAt, now)),
    )
    .limit(1);
  if (!link) throw notFound();
  const detail = await getAnyWithRelated(db, KINDS[link.kind], link.recordId);
  if (detail.record.ownerStatus === 'hold') throw notFound();
  return { kind: link.kind, ...PRESENT[link.kind](detail), expiresAt: link.expiresAt.toISOString() };
}

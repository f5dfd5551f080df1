import {
  CONTENT_KIND_NAMES,
  FORMER_MEMBER_NAME,
  type TAccountDeletionMode,
  type TContentKind,
  VERIFICATION_TYPE,
} from '@chaupal/contract';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditLog, documents, features, news, outbox, uploads, users } from '../../db/schema';
import type { TAccount } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import type { Storage } from '../../platform/storage';
import { asTable, CONTENT_KIND_DEFS, refreshAllVisibility } from '../content';
import { readSettings } from '../home';
import { collectGarbage } from '../uploads';
import { type CodeContext, requestCode, validateCode } from '../verification';

/**
 * The account that keeps a deleted person's records when the site anonymises them (decision 017): active, so the
 * records stay public, and without a password anyone could sign in with. One fixed id, made on first use.
 */
export const FORMER_MEMBER_ID = '00000000-0000-4000-8000-0000000f0e1d';

export interface DeletionContext extends CodeContext {
  storage: Storage;
  /** Makes every cached public response stale (the person's records leave or change on every page). */
  invalidateCache(): Promise<void>;
  /** Told when files could not be removed after the account was (they are collected later). */
  warn(err: unknown, urls: string[]): void;
}

/** Admins keep the site running: one is deleted only after another admin made it a customer account. */
function assertDeletable(account: TAccount) {
  if (account.id === FORMER_MEMBER_ID || account.role === 'admin')
    throw new AppError(
      'CONFLICT',
      'An admin account cannot be deleted; ask another admin to make it a customer account first.',
    );
}

/** a•••@example.com: enough to recognise the address, not to read it off a shoulder. */
export const maskEmail = (email: string) => email.replace(/^(.)[^@]*/, '$1•••');

/** Sends a one-time code to the account's e-mail; deleting needs it (a code under 60 s old is reused). */
export async function sendDeletionCode(ctx: CodeContext, account: TAccount) {
  assertDeletable(account);
  const { verificationId } = await requestCode(ctx, account, VERIFICATION_TYPE.accountDeletion, account.email);
  return { verificationId, sentTo: maskEmail(account.email) };
}

async function formerMember(db: DbOrTx) {
  await db
    .insert(users)
    .values({
      id: FORMER_MEMBER_ID,
      name: FORMER_MEMBER_NAME,
      email: `former-member@${FORMER_MEMBER_ID}.invalid`,
      phone: `+0${FORMER_MEMBER_ID.replace(/\D/g, '').slice(-14)}`,
      // No argon2 hash: every password check against it fails.
      passwordHash: '!',
      emailVerified: true,
      phoneVerified: true,
    })
    .onConflictDoNothing({ target: users.id });
  return FORMER_MEMBER_ID;
}

/** The byline columns of the kinds that have one: the person's own name there is replaced when anonymising. */
const BYLINES: Partial<Record<TContentKind, { table: typeof news | typeof features; column: string }>> = {
  news: { table: news, column: 'reporter' },
  feature: { table: features, column: 'author' },
};

export interface DeletionResult {
  mode: TAccountDeletionMode;
  records: Record<TContentKind, number>;
  filesRemoved: number;
}

/**
 * Deletes the signed-in account (issue 16), confirmed by the deletion code sent to its e-mail. By the site's privacy
 * setting its records are removed with their documents, or kept under "Former member" (the byline that is the
 * person's name replaced too). Consents, login history, codes and messages to the person go with the account; what
 * the audit log held about the account is blanked, the deletion itself audited without personal data. The account
 * row is gone when this returns, so every token of it is refused at once; then the files nothing uses any more
 * (the person's uploads, their records' images and documents) are removed from the store.
 */
export async function deleteAccount(
  ctx: DeletionContext,
  account: TAccount,
  input: { verificationId: string; token: string },
): Promise<DeletionResult> {
  assertDeletable(account);
  await validateCode(ctx, { userId: account.id, ...input, type: VERIFICATION_TYPE.accountDeletion });
  const mode = (await readSettings(ctx.db, ['privacy'])).privacy.accountDeletion;
  const released: string[] = [];
  const records = Object.fromEntries(CONTENT_KIND_NAMES.map((k) => [k, 0])) as Record<TContentKind, number>;

  await ctx.db.transaction(async (tx) => {
    // Taken first, so a record being added at the same time waits and then finds no owner.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, account.id)).for('update');
    const keeper = mode === 'anonymise' ? await formerMember(tx) : undefined;
    for (const kind of CONTENT_KIND_NAMES) {
      const def = CONTENT_KIND_DEFS[kind];
      const t = def.table;
      const image = (t as unknown as Record<string, typeof t.title>)[def.spec.image.field];
      const rows = await tx.select({ id: t.id, image }).from(asTable(t)).where(eq(t.userId, account.id));
      records[kind] = rows.length;
      if (!rows.length) continue;
      const ids = rows.map((r) => r.id);
      if (keeper) {
        await tx.update(asTable(t)).set({ userId: keeper }).where(inArray(t.id, ids));
        const byline = BYLINES[kind];
        if (byline) {
          const column = sql.identifier(byline.column);
          await tx.execute(
            sql`update ${byline.table} set ${column} = ${FORMER_MEMBER_NAME}
                where ${inArray(byline.table.id, ids)} and lower(trim(${column})) = lower(trim(${account.name}))`,
          );
        }
      } else {
        const docs = await tx
          .delete(documents)
          .where(and(eq(documents.ownerKind, kind), inArray(documents.ownerId, ids)))
          .returning({ url: documents.url });
        released.push(...docs.map((d) => d.url), ...rows.flatMap((r) => (r.image ? [r.image] : [])));
        // Join rows go with the records (ON DELETE CASCADE).
        await tx.delete(asTable(t)).where(inArray(t.id, ids));
      }
    }
    const own = await tx.select({ url: uploads.url }).from(uploads).where(eq(uploads.userId, account.id));
    released.push(...own.map((u) => u.url));
    await tx.delete(outbox).where(or(eq(outbox.to, account.email), eq(outbox.to, account.phone)));
    await tx
      .update(auditLog)
      .set({ before: null, after: null })
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, account.id)));
    // Codes, consents and sign-ins go with it (ON DELETE CASCADE); its uploads and audit entries lose the link.
    await tx.delete(users).where(eq(users.id, account.id));
    if (keeper) await refreshAllVisibility(tx, { userId: keeper });
    await tx.insert(auditLog).values({
      actorId: null,
      action: 'delete',
      entity: 'user',
      entityId: account.id,
      after: { mode, records },
      reason: 'Deleted by the account holder',
    });
  });

  await ctx.invalidateCache();
  let filesRemoved = 0;
  try {
    filesRemoved = await collectGarbage({ db: ctx.db, storage: ctx.storage }, released);
  } catch (err) {
    ctx.warn(err, released);
  }
  return { mode, records, filesRemoved };
}

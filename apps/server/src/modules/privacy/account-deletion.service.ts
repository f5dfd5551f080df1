import {
  CONTENT_KIND_NAMES,
  FORMER_MEMBER_NAME,
  type TAccountDeletionMode,
  type TContentKind,
  VERIFICATION_TYPE,
} from '@chaupal/contract';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditLog, outbox, uploads, users } from '../../db/schema';
import type { TAccount } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import type { Storage } from '../../platform/storage';
import { deleteRecords, dropRevisions, type PublicWriteDeps, publicWrite } from '../content';
import { readSettings } from '../home';
import { KINDS } from '../kinds';
import { forgetReviewer } from '../reviews';
import { collectGarbage } from '../uploads';
import { type CodeContext, requestCode, validateCode } from '../verification';

/**
 * The account that keeps a deleted person's records when the site anonymises them (decision 017): active, so the
 * records stay public, and without a password anyone could sign in with. One fixed id, made on first use.
 */
export const FORMER_MEMBER_ID = '00000000-0000-4000-8000-0000000f0e1d';

export interface DeletionContext extends CodeContext {
  storage: Storage;
  /** The public-write step's kinds and cache (the person's records leave or change on every page). */
  publicWrites: Omit<PublicWriteDeps, 'db'>;
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

export interface DeletionResult {
  mode: TAccountDeletionMode;
  records: Record<TContentKind, number>;
  filesRemoved: number;
}

/**
 * Deletes the signed-in account (decision 017), confirmed by the deletion code sent to its e-mail. By the site's
 * privacy setting its records are removed with their documents, or kept under "Former member" (the byline that is the
 * person's name replaced too); by the same setting its reviews are deleted or kept without an author, while its helpful
 * votes go and its suggested edits lose its name and contact. Its records' revisions go either way (an anonymised
 * record's history holds the person's words and name); revisions it saved of others' records lose their author (the
 * foreign key sets it null). Consents, login history, codes and messages to the person
 * go with the account; what the audit log held about the account is blanked, the deletion itself audited without
 * personal data. The account row is gone when this returns, so every token of it is refused at once; then the files
 * nothing uses any more (the person's uploads, their records' images and documents) are removed from the store.
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

  await publicWrite({ db: ctx.db, ...ctx.publicWrites }, async (tx, changes) => {
    // Taken first, so a record being added at the same time waits and then finds no owner.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, account.id)).for('update');
    const keeper = mode === 'anonymise' ? await formerMember(tx) : undefined;
    for (const def of ctx.publicWrites.kinds) {
      const kind = def.spec.name;
      const t = def.table;
      const ids = (await tx.select({ id: t.id }).from(t).where(eq(t.userId, account.id))).map((r) => r.id);
      records[kind] = ids.length;
      if (!ids.length) continue;
      if (keeper) {
        await tx.update(t).set({ userId: keeper }).where(inArray(t.id, ids));
        // Their history goes: earlier values hold what the person wrote and their name, which the record no longer does.
        await dropRevisions(tx, kind, ids);
        // The byline that is the person's own name is replaced too.
        const byline = def.byline;
        if (byline)
          await tx.execute(
            sql`update ${t} set ${sql.identifier(byline.name)} = ${FORMER_MEMBER_NAME}
                where ${inArray(t.id, ids)} and lower(trim(${byline})) = lower(trim(${account.name}))`,
          );
        changes.owner(keeper);
      } else {
        released.push(...(await deleteRecords(tx, def, ids)));
        changes.records(def, ids);
      }
    }
    // Their reviews go or lose their author, their votes and suggestions their name; the ratings they moved follow.
    const reviewed = await forgetReviewer(tx, account.id, mode);
    for (const l of reviewed.listings) changes.records(KINDS[l.kind], [l.id]);
    const own = await tx.select({ url: uploads.url }).from(uploads).where(eq(uploads.userId, account.id));
    released.push(...own.map((u) => u.url));
    await tx.delete(outbox).where(or(eq(outbox.to, account.email), eq(outbox.to, account.phone)));
    await tx
      .update(auditLog)
      .set({ before: null, after: null })
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, account.id)));
    // Codes, consents and sign-ins go with it (ON DELETE CASCADE); its uploads and audit entries lose the link.
    await tx.delete(users).where(eq(users.id, account.id));
    await tx.insert(auditLog).values({
      actorId: null,
      action: 'delete',
      entity: 'user',
      entityId: account.id,
      after: { mode, records },
      reason: 'Deleted by the account holder',
    });
  });

  let filesRemoved = 0;
  try {
    filesRemoved = await collectGarbage({ db: ctx.db, storage: ctx.storage }, released);
  } catch (err) {
    ctx.warn(err, released);
  }
  return { mode, records, filesRemoved };
}

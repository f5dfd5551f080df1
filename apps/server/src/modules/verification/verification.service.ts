import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { MESSAGES, VERIFICATION_TYPE } from '@chaupal/contract';
import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users, verifications } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { Messenger } from '../../platform/messenger';
import { accountKey } from '../../platform/rate-limit';
import { readSettings } from '../home';
import type { Decoys } from './decoys';

/** DESIGN §6. */
export const CODE_RULES = {
  lifetimeMs: 10 * 60_000,
  resendAfterMs: 60_000,
  maxAttempts: 5,
  maxPerTargetPerDay: 10,
  /** How long a validated password-reset code may be used to set the new password. */
  resetWindowMs: 15 * 60_000,
} as const;

export type TVerificationType = 1 | 2 | 3 | 4;
type User = typeof users.$inferSelect;

export interface CodeContext {
  db: DbOrTx;
  messenger: Messenger;
  /** Keys the code hashes, so a leaked table does not give the codes away. */
  secret: Uint8Array;
  now?: () => Date;
}

const hashCode = (secret: Uint8Array, verificationId: string, code: string) =>
  createHmac('sha256', secret).update(`${verificationId}:${code}`).digest('hex');

export const invalidCode = (message: string) =>
  new AppError('BAD_REQUEST', message, [{ parameter: 'token', errors: [message] }]);
export const tooManyToday = () =>
  new AppError('RATE_LIMITED', 'Too many codes sent to this address today; try again tomorrow.');
export const DAY_MS = 86_400_000;

/** The newest pending code of a user and type. */
async function latestPending(db: DbOrTx, userId: string, type: TVerificationType) {
  const [latest] = await db
    .select()
    .from(verifications)
    .where(
      and(
        eq(verifications.userId, userId),
        eq(verifications.type, type),
        isNull(verifications.consumedAt),
        isNull(verifications.validatedAt),
      ),
    )
    .orderBy(desc(verifications.createdAt))
    .limit(1);
  return latest;
}

async function assertUnderDailyCap(db: DbOrTx, target: string, now: Date) {
  const [{ sentToday }] = await db
    .select({ sentToday: count() })
    .from(verifications)
    .where(and(eq(verifications.target, target), gt(verifications.createdAt, new Date(now.getTime() - DAY_MS))));
  if (Number(sentToday) >= CODE_RULES.maxPerTargetPerDay) throw tooManyToday();
}

/** A new code kills the user's earlier pending codes of this type. */
async function killPending(db: DbOrTx, userId: string, type: TVerificationType, now: Date) {
  await db
    .update(verifications)
    .set({ consumedAt: now })
    .where(and(eq(verifications.userId, userId), eq(verifications.type, type), isNull(verifications.consumedAt)));
}

/**
 * Sends a new 6-digit code to the user's e-mail (type 1), phone (type 2) or, for a password reset (type 3), the
 * channel `target` names. A code under 60 s old is reused ("OTP Already Sent") and nothing is sent.
 */
export async function requestCode(
  ctx: CodeContext & { decoys?: Decoys },
  user: User,
  type: TVerificationType,
  target: string = type === VERIFICATION_TYPE.phone ? user.phone : user.email,
): Promise<{ verificationId: string; alreadySent: boolean }> {
  const now = ctx.now?.() ?? new Date();
  const latest = await latestPending(ctx.db, user.id, type);
  if (latest && latest.target === target && now.getTime() - latest.createdAt.getTime() < CODE_RULES.resendAfterMs) {
    return { verificationId: latest.id, alreadySent: true };
  }
  await assertUnderDailyCap(ctx.db, target, now);
  await killPending(ctx.db, user.id, type, now);

  const sendStarted = performance.now();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const id = randomUUID();
  await ctx.db.insert(verifications).values({
    id,
    userId: user.id,
    type,
    target,
    codeHash: hashCode(ctx.secret, id, code),
    expiresAt: new Date(now.getTime() + CODE_RULES.lifetimeMs),
    createdAt: now,
  });

  const { siteName } = (await readSettings(ctx.db, ['site'])).site;
  const text = `Your verification code is ${code}`;
  try {
    await ctx.messenger.send(
      target.includes('@')
        ? { channel: 'email', to: target, subject: `${siteName}: your verification code`, text, code }
        : { channel: 'sms', to: target, text: `${text} (${siteName})`, code },
      ctx.db,
    );
  } catch {
    // A code that never left must not block a resend for a minute ("OTP Already Sent").
    await ctx.db.delete(verifications).where(eq(verifications.id, id));
    throw new AppError('UNAVAILABLE', 'We could not send the code; please try again shortly.');
  }
  ctx.decoys?.sample(performance.now() - sendStarted);
  return { verificationId: id, alreadySent: false };
}

/** No user has this id: the statements a decoy runs match no row. */
const NO_USER = '00000000-0000-0000-0000-000000000000';

/**
 * SPEC §7 token request by user name, answered alike whether or not the name is an account: an active account with
 * the channel still to verify (or any active account, for a reset) gets a code; anything else (no such account, a
 * held one, a channel already verified) gets the same 200 with a verification id (and for a reset a user id) that
 * look real but no code. A decoy runs the statements a real request runs (on no user's rows), and waits what storing
 * and sending a code takes, so it answers in the time a real one takes now. Validating it fails like a wrong code.
 */
export async function requestCodeByName(
  ctx: CodeContext & { decoys: Decoys },
  input: { userName: string; type: TVerificationType; user: User | undefined },
): Promise<{ verificationId: string; userId: string; alreadySent: boolean }> {
  const { user, type, userName } = input;
  const verified =
    type === VERIFICATION_TYPE.email
      ? user?.emailVerified
      : type === VERIFICATION_TYPE.phone
        ? user?.phoneVerified
        : false;
  if (user && user.status !== 'hold' && !verified) {
    // A reset code goes to the channel the user named.
    const target =
      type === VERIFICATION_TYPE.passwordReset ? (userName.includes('@') ? user.email : user.phone) : undefined;
    return { ...(await requestCode(ctx, user, type, target)), userId: user.id };
  }

  const now = ctx.now?.() ?? new Date();
  const key = accountKey(userName);
  await latestPending(ctx.db, NO_USER, type);
  const recent = ctx.decoys.recent(key, type, now);
  if (recent) return { ...recent, alreadySent: true };
  await assertUnderDailyCap(ctx.db, key, now);
  ctx.decoys.assertUnderCap(key, now);
  await killPending(ctx.db, NO_USER, type, now);
  const sendStarted = performance.now();
  await readSettings(ctx.db, ['site']);
  await ctx.decoys.pad(sendStarted);
  return { ...ctx.decoys.issue(key, type, now), alreadySent: false };
}

/**
 * Checks a code. Every check takes one of the code's five tries in a single conditional update, so concurrent
 * guesses on any number of instances get five checks in all; the fifth wrong one kills it. A used, expired or dead
 * code is refused with its reason. An accepted e-mail or phone code marks that channel verified; a reset code is kept
 * for `resetPassword`; an account-deletion code is used up (`type` asks for a code of that type only).
 */
export async function validateCode(
  ctx: CodeContext & { decoys?: Decoys },
  input: { userId: string; verificationId: string; token: string; type?: TVerificationType },
): Promise<{ type: TVerificationType }> {
  const now = ctx.now?.() ?? new Date();
  const find = async () => {
    const [row] = await ctx.db
      .select()
      .from(verifications)
      .where(
        and(
          eq(verifications.id, input.verificationId),
          eq(verifications.userId, input.userId),
          input.type === undefined ? undefined : eq(verifications.type, input.type),
        ),
      )
      .limit(1);
    return row;
  };
  const refusal = (row: typeof verifications.$inferSelect | undefined) => {
    if (!row) return ctx.decoys?.validate(input, now) ?? invalidCode(MESSAGES.invalidToken);
    if (row.consumedAt || row.validatedAt) return invalidCode(MESSAGES.invalidToken);
    if (row.attempts >= CODE_RULES.maxAttempts) return invalidCode(MESSAGES.tooManyAttempts);
    if (row.expiresAt.getTime() <= now.getTime()) return invalidCode(MESSAGES.tokenExpired);
    return undefined;
  };
  const v = await find();
  const refused = refusal(v);
  if (refused || !v) throw refused ?? invalidCode(MESSAGES.invalidToken);

  const open = and(eq(verifications.id, v.id), isNull(verifications.consumedAt), isNull(verifications.validatedAt));
  const [counted] = await ctx.db
    .update(verifications)
    .set({ attempts: sql`${verifications.attempts} + 1` })
    .where(and(open, lt(verifications.attempts, CODE_RULES.maxAttempts)))
    .returning({ id: verifications.id });
  // Another check took the last try (or used the code) since we read it.
  if (!counted) throw refusal(await find()) ?? invalidCode(MESSAGES.tooManyAttempts);

  const given = Buffer.from(hashCode(ctx.secret, v.id, input.token.trim()));
  const expected = Buffer.from(v.codeHash);
  if (!/^\d{6}$/.test(input.token.trim()) || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw invalidCode(MESSAGES.invalidToken);
  }

  const type = v.type as TVerificationType;
  const done = type === VERIFICATION_TYPE.passwordReset ? { validatedAt: now } : { validatedAt: now, consumedAt: now };
  const [taken] = await ctx.db.update(verifications).set(done).where(open).returning({ id: verifications.id });
  if (!taken) throw invalidCode(MESSAGES.invalidToken);
  if (type === VERIFICATION_TYPE.passwordReset || type === VERIFICATION_TYPE.accountDeletion) return { type };
  // Only when the address is still the user's: a code sent to an old address verifies nothing.
  const channel = type === VERIFICATION_TYPE.email ? { emailVerified: true } : { phoneVerified: true };
  const column = type === VERIFICATION_TYPE.email ? users.email : users.phone;
  await ctx.db
    .update(users)
    .set({ ...channel, updatedAt: now })
    .where(and(eq(users.id, input.userId), eq(column, v.target)));
  return { type };
}

/** Takes a validated, unused password-reset code of this user, or refuses with why. */
export async function consumeResetCode(ctx: CodeContext, userId: string, verificationId: string) {
  const now = ctx.now?.() ?? new Date();
  const [v] = await ctx.db
    .select()
    .from(verifications)
    .where(
      and(
        eq(verifications.id, verificationId),
        eq(verifications.userId, userId),
        eq(verifications.type, VERIFICATION_TYPE.passwordReset),
      ),
    )
    .limit(1);
  if (!v || v.consumedAt || !v.validatedAt) throw resetCodeRefused();
  if (now.getTime() - v.validatedAt.getTime() > CODE_RULES.resetWindowMs) {
    throw new AppError('BAD_REQUEST', MESSAGES.tokenExpired, [
      { parameter: 'verificationId', errors: [MESSAGES.tokenExpired] },
    ]);
  }
  const [taken] = await ctx.db
    .update(verifications)
    .set({ consumedAt: now })
    .where(and(eq(verifications.id, v.id), isNull(verifications.consumedAt)))
    .returning({ id: verifications.id });
  if (!taken) throw resetCodeRefused();
}

/** A reset without a validated, unused code of that user (or for no user at all: the answer must not tell). */
export const resetCodeRefused = () =>
  new AppError('BAD_REQUEST', MESSAGES.invalidToken, [
    { parameter: 'verificationId', errors: ['Validate the code first'] },
  ]);

/** The pending e-mail and phone verifications of a user, for the SPEC §3 `verifications` field. */
export async function pendingVerifications(db: DbOrTx, userId: string) {
  const rows = await db
    .select({ id: verifications.id, type: verifications.type })
    .from(verifications)
    .where(and(eq(verifications.userId, userId), isNull(verifications.consumedAt)))
    .orderBy(desc(verifications.createdAt));
  const of = (type: number) => {
    const row = rows.find((r) => r.type === type);
    return row ? { id: row.id } : null;
  };
  return { email: of(VERIFICATION_TYPE.email), phone: of(VERIFICATION_TYPE.phone) };
}

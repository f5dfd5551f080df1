import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { MESSAGES, VERIFICATION_TYPE } from '@chaupal/contract';
import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users, verifications } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { Messenger } from '../../platform/messenger';
import { readSettings } from '../home/home.service';

/** DESIGN §6. */
export const CODE_RULES = {
  lifetimeMs: 10 * 60_000,
  resendAfterMs: 60_000,
  maxAttempts: 5,
  maxPerTargetPerDay: 10,
  /** How long a validated password-reset code may be used to set the new password. */
  resetWindowMs: 15 * 60_000,
} as const;

export type TVerificationType = 1 | 2 | 3;
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

const invalid = (message: string) => new AppError('BAD_REQUEST', message, [{ parameter: 'token', errors: [message] }]);

/**
 * Sends a new 6-digit code to the user's e-mail (type 1), phone (type 2) or, for a password reset (type 3), the
 * channel `target` names. A code under 60 s old is reused ("OTP Already Sent") and nothing is sent.
 */
export async function requestCode(
  ctx: CodeContext,
  user: User,
  type: TVerificationType,
  target: string = type === VERIFICATION_TYPE.phone ? user.phone : user.email,
): Promise<{ verificationId: string; alreadySent: boolean }> {
  const now = ctx.now?.() ?? new Date();
  const [latest] = await ctx.db
    .select()
    .from(verifications)
    .where(
      and(
        eq(verifications.userId, user.id),
        eq(verifications.type, type),
        isNull(verifications.consumedAt),
        isNull(verifications.validatedAt),
      ),
    )
    .orderBy(desc(verifications.createdAt))
    .limit(1);
  if (latest && latest.target === target && now.getTime() - latest.createdAt.getTime() < CODE_RULES.resendAfterMs) {
    return { verificationId: latest.id, alreadySent: true };
  }

  const [{ sentToday }] = await ctx.db
    .select({ sentToday: count() })
    .from(verifications)
    .where(and(eq(verifications.target, target), gt(verifications.createdAt, new Date(now.getTime() - 86_400_000))));
  if (Number(sentToday) >= CODE_RULES.maxPerTargetPerDay) {
    throw new AppError('RATE_LIMITED', 'Too many codes sent to this address today; try again tomorrow.');
  }

  // A new code kills the user's earlier pending codes of this type.
  await ctx.db
    .update(verifications)
    .set({ consumedAt: now })
    .where(and(eq(verifications.userId, user.id), eq(verifications.type, type), isNull(verifications.consumedAt)));

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
  return { verificationId: id, alreadySent: false };
}

/**
 * Checks a code. Wrong codes count; the fifth kills it. A used, expired or dead code is refused with its reason.
 * An accepted e-mail or phone code marks that channel verified; a reset code is kept for `resetPassword`.
 */
export async function validateCode(
  ctx: CodeContext,
  input: { userId: string; verificationId: string; token: string },
): Promise<{ type: TVerificationType }> {
  const now = ctx.now?.() ?? new Date();
  const [v] = await ctx.db
    .select()
    .from(verifications)
    .where(and(eq(verifications.id, input.verificationId), eq(verifications.userId, input.userId)))
    .limit(1);
  if (!v || v.consumedAt || v.validatedAt) throw invalid(MESSAGES.invalidToken);
  if (v.attempts >= CODE_RULES.maxAttempts) throw invalid(MESSAGES.tooManyAttempts);
  if (v.expiresAt.getTime() <= now.getTime()) throw invalid(MESSAGES.tokenExpired);

  const given = Buffer.from(hashCode(ctx.secret, v.id, input.token.trim()));
  const expected = Buffer.from(v.codeHash);
  if (!/^\d{6}$/.test(input.token.trim()) || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    await ctx.db
      .update(verifications)
      .set({ attempts: v.attempts + 1 })
      .where(eq(verifications.id, v.id));
    throw invalid(MESSAGES.invalidToken);
  }

  const type = v.type as TVerificationType;
  if (type === VERIFICATION_TYPE.passwordReset) {
    await ctx.db.update(verifications).set({ validatedAt: now }).where(eq(verifications.id, v.id));
    return { type };
  }
  await ctx.db.update(verifications).set({ validatedAt: now, consumedAt: now }).where(eq(verifications.id, v.id));
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
  if (!v || v.consumedAt || !v.validatedAt) {
    throw new AppError('BAD_REQUEST', MESSAGES.invalidToken, [
      { parameter: 'verificationId', errors: ['Validate the code first'] },
    ]);
  }
  if (now.getTime() - v.validatedAt.getTime() > CODE_RULES.resetWindowMs) {
    throw new AppError('BAD_REQUEST', MESSAGES.tokenExpired, [
      { parameter: 'verificationId', errors: [MESSAGES.tokenExpired] },
    ]);
  }
  await ctx.db.update(verifications).set({ consumedAt: now }).where(eq(verifications.id, v.id));
}

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

import { normalisePhone, type TProfileUpdateBody, type TRegisterBody, VERIFICATION_TYPE } from '@chaupal/contract';
import { and, eq, ne, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { isUuid } from '../../db/lookup';
import { users } from '../../db/schema';
import type { TAccount } from '../../platform/auth';
import { AppError, notFound } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { refreshAllVisibility } from '../content/visibility';
import {
  type CodeContext,
  consumeResetCode,
  pendingVerifications,
  requestCode,
} from '../verification/verification.service';
import { presentUser } from './account.presenter';

const WRONG_LOGIN = 'Wrong e-mail, phone or password.';

/** `userName` is an e-mail or a phone (10 digits get +91); the account it names, if any. */
export async function findByUserName(db: DbOrTx, userName: string): Promise<TAccount | undefined> {
  const name = userName.trim();
  const where = name.includes('@')
    ? eq(users.email, name.toLowerCase())
    : eq(users.phone, normalisePhone(name) ?? name);
  const [row] = await db.select().from(users).where(where).limit(1);
  return row;
}

/** 409 naming the e-mail and/or phone another account already holds. */
async function assertAvailable(db: DbOrTx, email: string, phone: string, exceptId?: string) {
  const clash = or(eq(users.email, email), eq(users.phone, phone));
  const rows = await db
    .select({ email: users.email, phone: users.phone })
    .from(users)
    .where(exceptId ? and(clash, ne(users.id, exceptId)) : clash);
  const details = [];
  if (rows.some((r) => r.email === email))
    details.push({ parameter: 'email', errors: ['Email is already registered'] });
  if (rows.some((r) => r.phone === phone))
    details.push({ parameter: 'phone', errors: ['Phone is already registered'] });
  if (details.length) throw new AppError('CONFLICT', 'That e-mail or phone is already registered.', details);
}

function isUniqueViolation(err: unknown) {
  return (
    typeof err === 'object' &&
    err !== null &&
    ((err as { code?: string }).code === '23505' || String((err as Error).message).includes('duplicate key'))
  );
}

/** SPEC §7 register: the account and a code to each channel, all or nothing. */
export async function register(ctx: CodeContext, body: TRegisterBody) {
  await assertAvailable(ctx.db, body.email, body.phone);
  const passwordHash = await hashPassword(body.password);
  try {
    return await ctx.db.transaction(async (tx) => {
      const codes = { ...ctx, db: tx };
      const [user] = await tx
        .insert(users)
        .values({ name: body.name, email: body.email, phone: body.phone, passwordHash })
        .returning();
      const email = await requestCode(codes, user, VERIFICATION_TYPE.email);
      const phone = await requestCode(codes, user, VERIFICATION_TYPE.phone);
      return {
        emailVerficationId: email.verificationId,
        phoneVerficationId: phone.verificationId,
        user: { id: user.id, email: user.email },
      };
    });
  } catch (err) {
    // Two registrations racing for the same address: the unique index decides, and the loser gets the 409.
    if (isUniqueViolation(err)) await assertAvailable(ctx.db, body.email, body.phone);
    throw err;
  }
}

/** A held account cannot sign in; an unverified one can, with its flags false (SPEC §4). */
export async function login(db: DbOrTx, userName: string, password: string) {
  const user = await findByUserName(db, userName);
  if (!user || !(await verifyPassword(user.passwordHash, password))) throw new AppError('UNAUTHORIZED', WRONG_LOGIN);
  if (user.status === 'hold') throw new AppError('FORBIDDEN', 'This account is on hold.', undefined, 'hold');
  return { user: presentUser(user, await pendingVerifications(db, user.id)), tokenVersion: user.tokenVersion };
}

export async function viewProfile(db: DbOrTx, account: TAccount) {
  return presentUser(account, await pendingVerifications(db, account.id));
}

/**
 * Saves the profile. A changed e-mail or phone becomes unverified and gets a code; a new password bumps the token
 * version, so every earlier token stops working.
 */
export async function updateProfile(ctx: CodeContext, account: TAccount, body: TProfileUpdateBody) {
  await assertAvailable(ctx.db, body.email, body.phone, account.id);
  const emailChanged = body.email !== account.email;
  const phoneChanged = body.phone !== account.phone;
  const [user] = await ctx.db
    .update(users)
    .set({
      name: body.name,
      email: body.email,
      phone: body.phone,
      ...(emailChanged ? { emailVerified: false } : {}),
      ...(phoneChanged ? { phoneVerified: false } : {}),
      ...(body.password
        ? { passwordHash: await hashPassword(body.password), tokenVersion: account.tokenVersion + 1 }
        : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.id, account.id))
    .returning();
  if (emailChanged) await requestCode(ctx, user, VERIFICATION_TYPE.email);
  if (phoneChanged) await requestCode(ctx, user, VERIFICATION_TYPE.phone);
  return {
    user: presentUser(user, await pendingVerifications(ctx.db, user.id)),
    /** Set when the password changed: the token version a fresh token must carry. */
    newTokenVersion: body.password ? user.tokenVersion : undefined,
  };
}

/** SPEC §7 password reset: needs a validated type-3 code of the same user (DESIGN §6). */
export async function resetPassword(ctx: CodeContext, userId: string, verificationId: string, password: string) {
  const [user] = isUuid(userId) ? await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1) : [];
  if (!user) throw notFound();
  await consumeResetCode(ctx, userId, verificationId);
  await ctx.db
    .update(users)
    .set({ passwordHash: await hashPassword(password), tokenVersion: user.tokenVersion + 1, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** Holds or activates an account; its content leaves or returns to the public pages at once. */
export async function setAccountStatus(db: DbOrTx, userId: string, status: 'active' | 'hold') {
  await db.update(users).set({ status, updatedAt: new Date() }).where(eq(users.id, userId));
  await refreshAllVisibility(db, { userId });
}

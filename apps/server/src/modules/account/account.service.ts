import { type TProfileUpdateBody, type TRegisterBody, VERIFICATION_TYPE } from '@chaupal/contract';
import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { isUuid } from '../../db/lookup';
import { users } from '../../db/schema';
import { findByUserName, type TAccount } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import type { Messenger } from '../../platform/messenger';
import { hashPassword, verifyNoAccount, verifyPassword } from '../../platform/passwords';
import { accountKey, type FailureBudget, LOGIN_BUDGET } from '../../platform/rate-limit';
import { readSettings } from '../home';
import {
  type CodeContext,
  consumeResetCode,
  pendingVerifications,
  requestCode,
  resetCodeRefused,
} from '../verification';
import { presentUser } from './account.presenter';
import { recordConsent } from './consent';
import type { KnownDevice } from './known-device';
import { recordLogin } from './login-history';

const WRONG_LOGIN = 'Wrong e-mail, phone or password.';
const NO_ACCOUNT = '00000000-0000-0000-0000-000000000000';

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
      // Registering agrees to the privacy policy (the form's required checkbox, SPEC §5): what and when is kept.
      await recordConsent(tx, user.id);
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

export interface LoginContext {
  db: DbOrTx;
  /** Sends the lock-out notice. */
  messenger: Messenger;
  /** Counts failures of names that are no account, so they lock exactly like accounts do. */
  noAccount: FailureBudget;
  /** Counts wrong passwords sent from a known device, per account and device. */
  knownDevices: FailureBudget;
  /** The known-device cookie the request carries, its signature already checked (known-device.ts). */
  device?: KnownDevice;
  /** Told when the lock-out notice could not be sent. */
  warn?: (err: unknown) => void;
  /** The client's User-Agent header: its browser family goes into the login history. */
  userAgent?: string;
  now?: () => Date;
}

/** 429: sign-in for this account is locked; `retryAfterS` goes into the Retry-After header. */
export class SignInLocked extends AppError {
  constructor(readonly retryAfterS: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterS / 60));
    super(
      'RATE_LIMITED',
      `Too many failed sign-ins for this account: try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or reset your password.`,
    );
  }
}
const locked = (ms: number) => new SignInLocked(Math.ceil(ms / 1000));

/**
 * A held account cannot sign in; an unverified one can, with its flags false (SPEC §4); each sign-in goes into the
 * account's login history. A name that is no account answers in the same time and locks the same way, so neither
 * tells whether an account exists.
 *
 * Guessing is bounded twice, so that a stranger's guesses cannot lock the owner out:
 * - A request without a known-device cookie of this account (a stranger, or the owner on a new browser) counts
 *   against the account's budget: LOGIN_BUDGET.failures wrong passwords in a window, from whatever addresses, lock
 *   that path for a while (the count is on the account, so every instance sees it), and then even the right
 *   password is refused.
 * - A request carrying one (left by an earlier sign-in on that device, with the account's current password) is not
 *   stopped by that lock, and its own wrong passwords count against a budget of the same size of that device alone,
 *   so a stolen cookie buys LOGIN_BUDGET.failures guesses a window, no more, and strangers cannot spend it.
 */
export async function login(ctx: LoginContext, userName: string, password: string) {
  const now = ctx.now?.() ?? new Date();
  const user = await findByUserName(ctx.db, userName);
  if (!user) {
    const key = accountKey(userName);
    const left = await ctx.noAccount.lockedFor(key);
    if (left) throw locked(left);
    await verifyNoAccount(password);
    // The statement a wrong password for an account costs, matching no row.
    await ctx.db
      .update(users)
      .set({ failedLogins: sql`${users.failedLogins} + 1` })
      .where(eq(users.id, NO_ACCOUNT));
    const lock = await ctx.noAccount.fail(key);
    throw lock ? locked(lock) : new AppError('UNAUTHORIZED', WRONG_LOGIN);
  }
  const device = knownDeviceKey(ctx.device, user);
  const accountLockMs = user.loginLockedUntil ? Math.max(0, user.loginLockedUntil.getTime() - now.getTime()) : 0;
  if (device) {
    const left = await ctx.knownDevices.lockedFor(device);
    if (left) throw locked(left);
  } else if (accountLockMs) throw locked(accountLockMs);
  if (!(await verifyPassword(user.passwordHash, password))) {
    if (device) {
      const lock = await ctx.knownDevices.fail(device);
      throw lock ? locked(lock) : new AppError('UNAUTHORIZED', WRONG_LOGIN);
    }
    const lockedUntil = await countFailedLogin(ctx, user, now);
    throw lockedUntil ? locked(lockedUntil.getTime() - now.getTime()) : new AppError('UNAUTHORIZED', WRONG_LOGIN);
  }
  if (user.status === 'hold') throw new AppError('FORBIDDEN', 'This account is on hold.', undefined, 'hold');
  if (device) await ctx.knownDevices.forget(device);
  // The owner signing in on a known device leaves a stranger's lock in place: lifting it would hand the stranger a
  // fresh budget each time.
  if (!accountLockMs && (user.failedLogins || user.failedLoginsSince || user.loginLockedUntil))
    await clearFailedLogins(ctx.db, user.id);
  await recordLogin(ctx.db, user.id, ctx.userAgent, now);
  return { user: presentUser(user, await pendingVerifications(ctx.db, user.id)), tokenVersion: user.tokenVersion };
}

/** The failure-budget key of a known device of this account, if the cookie is this account's and still valid. */
function knownDeviceKey(device: KnownDevice | undefined, user: TAccount) {
  return device?.userId === user.id && device.tokenVersion === user.tokenVersion
    ? `${user.id}:${device.deviceId}`
    : undefined;
}

/**
 * Counts one wrong password in one statement (so concurrent guesses on any instance count exactly), starting a new
 * window when the last one is over, and locks sign-in at the budget. The failure that locks it sends the account a
 * notice, once per lock. Returns when the lock ends, if sign-in is locked now.
 */
async function countFailedLogin(ctx: LoginContext, user: TAccount, now: Date): Promise<Date | undefined> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const fresh = sql`(${users.failedLoginsSince} is null or ${users.failedLoginsSince} <= ${new Date(now.getTime() - LOGIN_BUDGET.windowMs).toISOString()}::timestamptz)`;
  const count = sql`(case when ${fresh} then 1 else ${users.failedLogins} + 1 end)`;
  const until = new Date(now.getTime() + LOGIN_BUDGET.lockMs);
  const [row] = await ctx.db
    .update(users)
    .set({
      failedLogins: count,
      failedLoginsSince: sql`case when ${fresh} then ${at} else ${users.failedLoginsSince} end`,
      loginLockedUntil: sql`case when ${count} >= ${LOGIN_BUDGET.failures} and (${users.loginLockedUntil} is null or ${users.loginLockedUntil} <= ${at}) then ${until.toISOString()}::timestamptz else ${users.loginLockedUntil} end`,
    })
    .where(eq(users.id, user.id))
    .returning({ failedLogins: users.failedLogins, loginLockedUntil: users.loginLockedUntil });
  if (!row?.loginLockedUntil || row.loginLockedUntil <= now) return undefined;
  if (row.failedLogins === LOGIN_BUDGET.failures) await sendLockNotice(ctx, user);
  return row.loginLockedUntil;
}

async function sendLockNotice(ctx: LoginContext, user: TAccount) {
  try {
    const { siteName } = (await readSettings(ctx.db, ['site'])).site;
    const minutes = LOGIN_BUDGET.lockMs / 60_000;
    await ctx.messenger.send(
      {
        channel: 'email',
        to: user.email,
        subject: `${siteName}: sign-in to your account is locked for ${minutes} minutes`,
        text: [
          `Hello ${user.name},`,
          '',
          `Someone entered a wrong password for your ${siteName} account ${LOGIN_BUDGET.failures} times, so signing in is locked for ${minutes} minutes.`,
          'If that was you, wait and try again, or set a new password with "Forgot password?". A browser you signed in with before can still sign in.',
          'If it was not you, your password has not been given away; choose a stronger one when you next sign in.',
        ].join('\n'),
      },
      ctx.db,
    );
  } catch (err) {
    ctx.warn?.(err);
  }
}

/** Forgets an account's failed sign-ins and lifts its lock (a right password, a password reset, an admin). */
export async function clearFailedLogins(db: DbOrTx, userId: string) {
  await db
    .update(users)
    .set({ failedLogins: 0, failedLoginsSince: null, loginLockedUntil: null })
    .where(eq(users.id, userId));
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
  // The same answer as a code not validated yet: the forgot-password answer for a name that is no account carries a
  // user id too, and this must not tell it apart.
  if (!user) throw resetCodeRefused();
  await consumeResetCode(ctx, userId, verificationId);
  await ctx.db
    .update(users)
    .set({
      passwordHash: await hashPassword(password),
      tokenVersion: user.tokenVersion + 1,
      // A validated reset code proves the account is theirs: a lock from someone else's guesses ends here.
      failedLogins: 0,
      failedLoginsSince: null,
      loginLockedUntil: null,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
}

/**
 * Holds or activates an account inside a public write (`modules/content` `publicWrite`): naming the owner there makes
 * its content leave or return to the public pages at once.
 */
export async function setAccountStatus(
  db: DbOrTx,
  changes: { owner(userId: string): void },
  userId: string,
  status: 'active' | 'hold',
) {
  await db.update(users).set({ status, updatedAt: new Date() }).where(eq(users.id, userId));
  changes.owner(userId);
}

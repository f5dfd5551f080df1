import { and, desc, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../db/client';
import { outbox } from '../db/schema';
import { setAccountStatus } from '../modules/account';
import { publicWrite } from '../modules/content';
import { KIND_LIST } from '../modules/kinds';
import { api } from './api';
import type { TestContext } from './harness';

let n = 0;
/** A unique e-mail and phone for each registration in a test file. */
export function newPerson(name = 'Asha Verma') {
  n += 1;
  const digits = String(9_100_000_000 + Math.floor(Math.random() * 800_000_000) + n);
  return { name, email: `asha${n}.${digits}@example.com`, phone: digits, password: 'Secret123' };
}

/** The newest code the outbox holds for an address. */
export async function lastCode(t: TestContext, to: string): Promise<string> {
  const [row] = await t.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.createdAt)).limit(1);
  if (!row?.code) throw new Error(`no code sent to ${to}`);
  return row.code;
}

export { api } from './api';

/** Registers, verifies both channels with the codes from the outbox, signs in: a ready contributor. */
export async function verifiedContributor(t: TestContext, name?: string) {
  const person = newPerson(name);
  const a = api(t);
  const reg = (await a.post('/user/customer/register', person)).json().data;
  const phone = `+91${person.phone}`;
  await a.post('/user/verification/token/validate', {
    userId: reg.user.id,
    verificationId: reg.emailVerficationId,
    token: await lastCode(t, person.email),
  });
  await a.post('/user/verification/token/validate', {
    userId: reg.user.id,
    verificationId: reg.phoneVerficationId,
    token: await lastCode(t, phone),
  });
  const login = (await a.post('/login', { userName: person.email, password: person.password })).json();
  return { ...person, phone, id: reg.user.id as string, token: login.token as string };
}

/** The sign-in answers of a locked account and of a wrong password (SPEC §8). */
export const SIGN_IN_LOCKED = {
  success: false,
  error: 'Too many failed sign-ins for this account: try again in 15 minutes, or reset your password.',
};
export const WRONG_SIGN_IN = { success: false, error: 'Wrong e-mail, phone or password.' };

let signIns = 0;
/**
 * A sign-in from a new address each time, as a botnet or a rotating X-Forwarded-For would send it (the app must trust
 * the proxy: TRUST_PROXY=true); `cookie` is the Cookie header a browser sends with it.
 */
export function signInFromNewAddress(app: FastifyInstance, userName: string, password: string, cookie?: string) {
  signIns += 1;
  return app.inject({
    method: 'POST',
    url: '/api/backend/v1/login',
    payload: { userName, password },
    headers: { 'x-forwarded-for': `203.0.${(signIns >> 8) & 255}.${signIns & 255}`, ...(cookie ? { cookie } : {}) },
  });
}

/** The lock-out notices the outbox holds for an address. */
export const lockNotices = (t: Pick<TestContext, 'db'>, email: string) =>
  t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, email), like(outbox.subject, '%sign-in to your account is locked%')));

/** Holds or activates an account as the console does: its records leave or return to the public pages. */
export const setStatus = (db: DbOrTx, userId: string, status: 'active' | 'hold') =>
  publicWrite({ db, kinds: KIND_LIST }, (tx, changes) => setAccountStatus(tx, changes, userId, status));

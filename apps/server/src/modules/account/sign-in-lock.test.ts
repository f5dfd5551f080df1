import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users, verifications } from '../../db/schema';
import { makeUser } from '../../seed/factories';
import { lastCode, lockNotices, SIGN_IN_LOCKED, signInFromNewAddress, WRONG_SIGN_IN } from '../../test/accounts';
import { type TestContext, testApp } from '../../test/harness';

/** Trusted proxies, and per-minute limits far away: only the account's failure budget can stop the guesses. */
let t: TestContext;
let adminToken: string;
beforeAll(async () => {
  t = await testApp({ TRUST_PROXY: 'true', RATE_LIMIT_FACTOR: '100' });
  adminToken = await t.app.tokens.issue(await makeUser(t.db, { role: 'admin' }));
});
afterAll(() => t.close());

const LOCKED = SIGN_IN_LOCKED;
const WRONG = WRONG_SIGN_IN;
const login = (userName: string, password: string) => signInFromNewAddress(t.app, userName, password);
const lockNoticesOf = (email: string) => lockNotices(t, email);

/** Ways people write one Indian mobile number. */
function spellings(e164: string) {
  const d = e164.slice(3);
  return [
    `${d.slice(0, 2)}-${d.slice(2)}`,
    `${d.slice(0, 4)} ${d.slice(4, 7)} ${d.slice(7)}`,
    `+91 ${d.slice(0, 5)} ${d.slice(5)}`,
    d,
    `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`,
    e164,
  ];
}

describe('the failed sign-in budget of an account', () => {
  it('locks sign-in after 10 wrong passwords, whatever addresses and phone spellings they come with', async () => {
    const user = await makeUser(t.db, { password: 'Right123' });
    const names = spellings(user.phone);
    const statuses: number[] = [];
    for (let i = 0; i < 200; i++) {
      const res = await login(names[i % names.length], `Wrong${i}`);
      statuses.push(res.statusCode);
      if (i < 9) expect(res.json()).toEqual(WRONG);
      else {
        expect(res.json()).toEqual(LOCKED);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(890);
      }
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(9);
    expect(statuses.slice(9)).toEqual(Array(191).fill(429));

    // The right password is refused too while the lock lasts.
    const right = await login(user.email, 'Right123');
    expect([right.statusCode, right.json()]).toEqual([429, LOCKED]);

    // The account hears about it once, not once per refused try.
    const notices = await lockNoticesOf(user.email);
    expect(notices).toHaveLength(1);
    expect(notices[0].text).toContain('wrong password for your');
    expect(notices[0].code).toBeNull();
  });

  it('counts concurrent wrong passwords exactly and sends one notice', async () => {
    const user = await makeUser(t.db, { password: 'Right123' });
    const results = await Promise.all(Array.from({ length: 16 }, (_, i) => login(user.phone, `Wrong${i}`)));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([...Array(9).fill(401), ...Array(7).fill(429)]);
    // Exactly nine guesses were told "wrong": none was lost between reading and writing the count. A guess that read
    // the account after the tenth locked it is refused without being counted, so the count lies between 10 and 16.
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row.failedLogins).toBeGreaterThanOrEqual(10);
    expect(row.failedLogins).toBeLessThanOrEqual(16);
    expect(await lockNoticesOf(user.email)).toHaveLength(1);
  });

  it('is lifted by an admin, audited, and the right password then signs in', async () => {
    const user = await makeUser(t.db, { password: 'Right123' });
    for (let i = 0; i < 10; i++) await login(user.email, 'Wrong123');
    const admin = (method: 'GET' | 'POST', url: string) =>
      t.app.inject({ method, url: `/api/backend/v1/admin${url}`, headers: { authorization: `Bearer ${adminToken}` } });

    const shown = (await admin('GET', `/users/${user.id}`)).json().data;
    expect(Date.parse(shown.signInLockedUntil)).toBeGreaterThan(Date.now() + 14 * 60_000);

    const res = await admin('POST', `/users/${user.id}/unlock`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Updated Successfully',
      data: { id: user.id, signInLockedUntil: null },
    });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, user.id));
    expect(entry).toMatchObject({
      action: 'unlock',
      entity: 'user',
      before: { signInLockedUntil: shown.signInLockedUntil },
      after: { signInLockedUntil: null },
    });

    expect((await login(user.email, 'Right123')).statusCode).toBe(200);
    // The count started again from nothing.
    for (let i = 0; i < 9; i++) expect((await login(user.email, 'Wrong123')).statusCode).toBe(401);
  });

  it('forgets the failures on a successful sign-in, and when their window is over', async () => {
    const user = await makeUser(t.db, { password: 'Right123' });
    for (let i = 0; i < 9; i++) expect((await login(user.email, 'Wrong123')).statusCode).toBe(401);
    expect((await login(user.email, 'Right123')).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) expect((await login(user.email, 'Wrong123')).statusCode).toBe(401);

    await t.db
      .update(users)
      .set({ failedLoginsSince: new Date(Date.now() - 15 * 60_000 - 1000) })
      .where(eq(users.id, user.id));
    for (let i = 0; i < 9; i++) expect((await login(user.email, 'Wrong123')).statusCode).toBe(401);
    expect((await login(user.email, 'Wrong123')).statusCode).toBe(429);
  });

  it('ends by itself when the lock time is over', async () => {
    const user = await makeUser(t.db, { password: 'Right123' });
    for (let i = 0; i < 10; i++) await login(user.email, 'Wrong123');
    expect((await login(user.email, 'Right123')).statusCode).toBe(429);
    await t.db
      .update(users)
      .set({ loginLockedUntil: new Date(Date.now() - 1000), failedLoginsSince: new Date(Date.now() - 16 * 60_000) })
      .where(eq(users.id, user.id));
    expect((await login(user.email, 'Right123')).statusCode).toBe(200);
  });

  it('is lifted by a password reset with a validated code', async () => {
    const user = await makeUser(t.db, { password: 'Right123' });
    for (let i = 0; i < 10; i++) await login(user.email, 'Wrong123');
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/backend/v1${url}`, payload });
    const { verificationId, userId } = (
      await post('/user/verification/token/request', { userName: user.email, verificationType: 3 })
    ).json().data;
    await post('/user/verification/token/validate', { userId, verificationId, token: await lastCode(t, user.email) });
    const reset = await t.app.inject({
      method: 'PUT',
      url: `/api/backend/v1/user/${userId}/password/reset`,
      payload: { verificationId, password: 'Newer123' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(user.email, 'Newer123')).statusCode).toBe(200);
    const [v] = await t.db.select().from(verifications).where(eq(verifications.id, verificationId));
    expect(v.consumedAt).not.toBeNull();
  });

  it('locks a name that is no account the same way, so the lock tells nothing', async () => {
    const names = spellings('+919000012345');
    const res = [];
    for (let i = 0; i < 14; i++) res.push(await login(names[i % names.length], 'Wrong123'));
    expect(res.map((r) => r.statusCode)).toEqual([...Array(9).fill(401), ...Array(5).fill(429)]);
    expect(res[8].json()).toEqual(WRONG);
    expect(res[9].json()).toEqual(LOCKED);
    expect(Number(res[13].headers['retry-after'])).toBeGreaterThan(890);
  });
});

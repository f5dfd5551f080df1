import { API_ERRORS } from '@chaupal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { makeUser } from '../../seed/factories';
import { lockNotices, SIGN_IN_LOCKED, signInFromNewAddress, WRONG_SIGN_IN } from '../../test/accounts';
import { type TestContext, testApp } from '../../test/harness';

/** Trusted proxies, and per-minute limits far away: only the failure budgets can stop the guesses. */
let t: TestContext;
beforeAll(async () => {
  t = await testApp({ TRUST_PROXY: 'true', RATE_LIMIT_FACTOR: '100' });
});
afterAll(() => t.close());

const LOCKED = SIGN_IN_LOCKED;
const WRONG = WRONG_SIGN_IN;
const login = (userName: string, password: string, cookie?: string, app = t.app) =>
  signInFromNewAddress(app, userName, password, cookie);
const lockNoticesOf = (email: string) => lockNotices(t, email);

describe('a device the owner signed in on before', () => {
  /** The owner signs in once on their own browser; the Cookie header that browser sends from then on. */
  async function ownDevice(userName: string) {
    const res = await login(userName, 'Right123');
    expect(res.statusCode).toBe(200);
    return String(res.headers['set-cookie']).split(';')[0];
  }
  /** Strangers' wrong passwords from twelve addresses: nine are told "wrong", then the account is locked. */
  async function strangersGuess(userName: string) {
    const statuses = [];
    for (let i = 0; i < 12; i++) statuses.push((await login(userName, `Wrong${i}`)).statusCode);
    expect(statuses).toEqual([...Array(9).fill(401), ...Array(3).fill(429)]);
  }
  const answer = async (res: ReturnType<typeof login>) => {
    const r = await res;
    return [r.statusCode, r.json()];
  };

  it('is marked by a successful sign-in with a cookie only the sign-in route receives and no script reads', async () => {
    const user = await makeUser(t.db, { password: 'Right123' });
    const res = await login(user.email, 'Right123');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: expect.objectContaining({ id: user.id, email: user.email }),
      token: expect.any(String),
      message: 'Login Successfully',
    });
    expect(res.headers['set-cookie']).toMatch(
      /^chaupal_device=[\w-]+\.[\w-]+\.0\.\d+\.[\w-]+; Path=\/api\/backend\/v1\/login; Max-Age=15552000; HttpOnly; SameSite=Strict$/,
    );
  });

  it('signs the owner in at once while strangers’ wrong passwords keep the account locked for everyone else', async () => {
    const user = await makeUser(t.db, { password: 'Right123' });
    const device = await ownDevice(user.email);
    await strangersGuess(user.email);
    expect(await answer(login(user.email, 'Right123'))).toEqual([429, LOCKED]);

    // From an address it never used, with any spelling of the account's name.
    const owner = await login(user.phone, 'Right123', device);
    expect(owner.statusCode).toBe(200);
    expect(owner.json()).toMatchObject({ success: true, message: 'Login Successfully', data: { id: user.id } });
    expect((await login(user.email, 'Right123', device)).statusCode).toBe(200);

    // The owner's sign-in does not lift the strangers' lock, which would give them a fresh budget.
    expect(await answer(login(user.email, 'Right123'))).toEqual([429, LOCKED]);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row.loginLockedUntil?.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    const [notice] = await lockNoticesOf(user.email);
    expect(notice.text).toContain('A browser you signed in with before can still sign in.');
  });

  it('counts its own wrong passwords apart from the account’s, and locks only itself at the budget', async () => {
    const user = await makeUser(t.db, { password: 'Right123' });
    const device = await ownDevice(user.email);
    const res = [];
    for (let i = 0; i < 11; i++) res.push(await login(user.email, `Wrong${i}`, device));
    expect(res.map((r) => r.statusCode)).toEqual([...Array(9).fill(401), 429, 429]);
    expect(res[8].json()).toEqual(WRONG);
    expect(res[9].json()).toEqual(LOCKED);
    expect(Number(res[10].headers['retry-after'])).toBeGreaterThan(890);
    expect(await answer(login(user.email, 'Right123', device))).toEqual([429, LOCKED]);

    // The account's own budget is untouched: someone holding a copied cookie cannot lock the owner's other browsers.
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect([row.failedLogins, row.loginLockedUntil]).toEqual([0, null]);
    expect((await login(user.email, 'Right123')).statusCode).toBe(200);
  });

  it('forgets its failures when the owner signs in on it', async () => {
    const user = await makeUser(t.db, { password: 'Right123' });
    const device = await ownDevice(user.email);
    for (let i = 0; i < 9; i++) expect((await login(user.email, 'Wrong123', device)).statusCode).toBe(401);
    expect((await login(user.email, 'Right123', device)).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) expect((await login(user.email, 'Wrong123', device)).statusCode).toBe(401);
    expect(await answer(login(user.email, 'Wrong123', device))).toEqual([429, LOCKED]);
  });

  it('counts for nothing when forged, another account’s, or older than the password', async () => {
    const user = await makeUser(t.db, { password: 'Right123' });
    const device = await ownDevice(user.email);
    const other = await ownDevice((await makeUser(t.db, { password: 'Right123' })).email);
    const [userId, deviceId, version, expires, signature] = device.split('=')[1].split('.');
    const forged = `chaupal_device=${userId}.${deviceId}.${version}.${Number(expires) + 1}.${signature}`;
    await strangersGuess(user.email);

    expect(await answer(login(user.email, 'Right123', forged))).toEqual([429, LOCKED]);
    expect(await answer(login(user.email, 'Right123', other))).toEqual([429, LOCKED]);
    expect((await login(user.email, 'Right123', device)).statusCode).toBe(200);
    // A new password (a reset, or the profile's) bumps the token version: every device must sign in afresh.
    await t.db
      .update(users)
      .set({ tokenVersion: user.tokenVersion + 1 })
      .where(eq(users.id, user.id));
    expect(await answer(login(user.email, 'Right123', device))).toEqual([429, LOCKED]);
  });

  it('keeps a per-minute allowance of its own when strangers use up the account’s, and is https-only on https', async () => {
    // A public site with the real per-minute limits (10 sign-ins an account, 20 an address), not this file's.
    const real = await testApp({
      TRUST_PROXY: 'true',
      PUBLIC_URL: 'https://chaupal.example',
      JWT_SECRET: 'k'.repeat(32),
    });
    try {
      const user = await makeUser(real.db, { password: 'Right123' });
      const first = await login(user.email, 'Right123', undefined, real.app);
      expect(first.headers['set-cookie']).toMatch(/; HttpOnly; SameSite=Strict; Secure$/);
      const device = String(first.headers['set-cookie']).split(';')[0];
      const strangers = [];
      for (let i = 0; i < 12; i++) strangers.push(await login(user.email, `Wrong${i}`, undefined, real.app));
      expect(strangers.map((r) => r.statusCode)).toEqual([...Array(9).fill(401), 429, 429, 429]);
      expect(strangers[9].json()).toEqual({ success: false, error: API_ERRORS.rateLimited });
      expect((await login(user.email, 'Right123', device, real.app)).statusCode).toBe(200);
    } finally {
      await real.close();
    }
  });
});

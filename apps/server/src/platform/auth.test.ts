import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../seed/factories';
import { type TestContext, testApp } from '../test/harness';
import { signingSecret } from './secret';

let t: TestContext;
let user: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  t = await testApp();
  user = await makeUser(t.db);
});
afterAll(() => t.close());

const profile = (token: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/backend/v1/user/profile/view',
    headers: { authorization: `Bearer ${token}` },
  });
/** A token signed with the server's real secret, shaped as `shape` says. */
const signed = (shape: (jwt: SignJWT) => SignJWT) =>
  shape(new SignJWT({ ver: user.tokenVersion }).setProtectedHeader({ alg: 'HS256' }).setSubject(user.id)).sign(
    signingSecret(t.config),
  );

describe('bearer tokens', () => {
  it('accepts a token the server issued', async () => {
    expect((await profile(await t.app.tokens.issue(user))).statusCode).toBe(200);
    expect((await profile(await signed((j) => j.setIssuedAt().setExpirationTime('1h')))).statusCode).toBe(200);
  });

  it('refuses a token without an expiry, even one signed with the real secret', async () => {
    const res = await profile(await signed((j) => j.setIssuedAt()));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, error: 'Sign in to continue.' });
    expect((await profile(await signed((j) => j))).statusCode).toBe(401);
  });

  it('refuses an expired token', async () => {
    const past = Math.floor(Date.now() / 1000) - 60;
    const res = await profile(await signed((j) => j.setIssuedAt(past - 3600).setExpirationTime(past)));
    expect(res.statusCode).toBe(401);
  });
});

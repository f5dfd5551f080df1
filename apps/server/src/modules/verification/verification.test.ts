import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifications } from '../../db/schema';
import { api, lastCode, newPerson } from '../../test/accounts';
import { type TestContext, testApp } from '../../test/harness';

let t: TestContext;
let a: ReturnType<typeof api>;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT_FACTOR: '100' });
  a = api(t);
});
afterAll(() => t.close());

async function registered() {
  const p = newPerson();
  const reg = (await a.post('/user/customer/register', p)).json().data;
  const right = await lastCode(t, p.email);
  return { ...p, userId: reg.user.id as string, verificationId: reg.emailVerficationId as string, right };
}
const wrongFor = (right: string) => (right === '000000' ? '111111' : '000000');
const validate = (body: { userId: string; verificationId: string }, token: string) =>
  a.post('/user/verification/token/validate', { ...body, token });

describe('code checks under concurrency', () => {
  it('counts exactly five checks of 20 concurrent wrong guesses, and the right code is refused after', async () => {
    const r = await registered();
    const results = await Promise.all(Array.from({ length: 20 }, () => validate(r, wrongFor(r.right))));
    const errors = results.map((res) => res.json().error);
    expect(results.every((res) => res.statusCode === 400)).toBe(true);
    expect(errors.filter((e) => e === 'Invalid Token')).toHaveLength(5);
    expect(errors.filter((e) => e === 'Too many attempts')).toHaveLength(15);
    const [v] = await t.db.select().from(verifications).where(eq(verifications.id, r.verificationId));
    expect(v.attempts).toBe(5);

    const right = await validate(r, r.right);
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual({
      success: false,
      error: 'Too many attempts',
      details: [{ parameter: 'token', errors: ['Too many attempts'] }],
    });
  });

  it('accepts a right code once when it is sent twice at the same moment', async () => {
    const r = await registered();
    const results = await Promise.all([validate(r, r.right), validate(r, r.right), validate(r, r.right)]);
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 400, 400]);
    expect(results.filter((res) => res.statusCode === 400).map((res) => res.json().error)).toEqual([
      'Invalid Token',
      'Invalid Token',
    ]);
  });

  it('sets one new password with a validated reset code sent twice at the same moment', async () => {
    const r = await registered();
    const { verificationId, userId } = (
      await a.post('/user/verification/token/request', { userName: r.email, verificationType: 3 })
    ).json().data;
    await validate({ userId, verificationId }, await lastCode(t, r.email));
    const results = await Promise.all(
      ['Newer123', 'Other123'].map((password) => a.put(`/user/${userId}/password/reset`, { verificationId, password })),
    );
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 400]);
  });
});

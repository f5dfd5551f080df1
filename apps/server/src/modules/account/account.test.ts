import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, users, verifications } from '../../db/schema';
import { api, lastCode, newPerson, setStatus, verifiedContributor } from '../../test/accounts';
import { type TestContext, testApp } from '../../test/harness';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
let t: TestContext;
let a: ReturnType<typeof api>;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT_FACTOR: '100' });
  a = api(t);
});
afterAll(() => t.close());

describe('register', () => {
  it('creates the account and sends a code to the e-mail and the phone', async () => {
    const p = newPerson();
    const res = await a.post('/user/customer/register', { ...p, confirmPassword: p.password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      success: true,
      message: 'Register Successfully',
      data: {
        emailVerficationId: expect.any(String),
        phoneVerficationId: expect.any(String),
        user: { id: expect.any(String), email: p.email },
      },
    });
    expect(await lastCode(t, p.email)).toMatch(/^\d{6}$/);
    expect(await lastCode(t, `+91${p.phone}`)).toMatch(/^\d{6}$/);
  });

  it('refuses an e-mail or phone already used with 409', async () => {
    const p = newPerson();
    await a.post('/user/customer/register', p);
    const again = await a.post('/user/customer/register', {
      ...newPerson(),
      email: p.email.toUpperCase(),
      phone: `+91${p.phone}`,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      success: false,
      error: 'That e-mail or phone is already registered.',
      details: [
        { parameter: 'email', errors: ['Email is already registered'] },
        { parameter: 'phone', errors: ['Phone is already registered'] },
      ],
    });
  });

  it('refuses a weak password with the SPEC message, and missing fields with Required', async () => {
    const res = await a.post('/user/customer/register', { ...newPerson(), password: 'abcdef' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      {
        parameter: 'password',
        errors: [
          'Password must be between 6 to 20 characters with at least one numeric digit, one uppercase and one lowercase letter.',
        ],
      },
    ]);
    const empty = await a.post('/user/customer/register', {});
    expect(empty.statusCode).toBe(400);
    expect(
      empty
        .json()
        .details.map((d: { parameter: string }) => d.parameter)
        .sort(),
    ).toEqual(['email', 'name', 'password', 'phone']);
    expect(empty.json().details[0].errors).toEqual(['Required']);
  });

  it("refuses passwords that don't match", async () => {
    const res = await a.post('/user/customer/register', { ...newPerson(), confirmPassword: 'Other123' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ parameter: 'confirmPassword', errors: ["Passwords don't match"] }]);
  });
});

describe('register when a code cannot be sent', () => {
  it('answers 503 and keeps no account, so the person can simply try again', async () => {
    const failing = await testApp(
      { RATE_LIMIT_FACTOR: '100' },
      {
        messenger: {
          send: async (m) => {
            if (m.channel === 'sms') throw new Error('provider down');
          },
        },
      },
    );
    try {
      const p = newPerson();
      const res = await failing.app.inject({
        method: 'POST',
        url: '/api/backend/v1/user/customer/register',
        payload: p,
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ success: false, error: 'We could not send the code; please try again shortly.' });
      expect(await failing.db.select().from(users).where(eq(users.email, p.email))).toEqual([]);
    } finally {
      await failing.close();
    }
  });
});

describe('login and session rules', () => {
  it('signs in an unverified account with its flags false, and contributor calls then answer 403 active', async () => {
    const p = newPerson();
    await a.post('/user/customer/register', p);
    const res = await a.post('/login', { userName: p.phone, password: p.password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      message: 'Login Successfully',
      token: expect.any(String),
      data: {
        email: p.email,
        phone: `+91${p.phone}`,
        emailVerified: false,
        phoneVerified: false,
        role: 'customer',
        status: 'active',
      },
    });
    expect(body.data.verifications).toEqual({ email: { id: expect.any(String) }, phone: { id: expect.any(String) } });
    expect((await a.get('/user/profile/view', body.token)).statusCode).toBe(200);
  });

  it('refuses a wrong password with 401', async () => {
    const c = await verifiedContributor(t);
    const res = await a.post('/login', { userName: c.email, password: 'Wrong1234' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, error: 'Wrong e-mail, phone or password.' });
  });

  it('answers 401 without a token or with a bad one, and 403 hold for a held account', async () => {
    expect((await a.get('/user/profile/view')).json()).toEqual({ success: false, error: 'Sign in to continue.' });
    expect((await a.get('/user/profile/view', 'nonsense')).statusCode).toBe(401);
    const c = await verifiedContributor(t);
    await setStatus(t.db, c.id, 'hold');
    const res = await a.get('/user/profile/view', c.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, error: 'This account is on hold.', status: 'hold' });
    const login = await a.post('/login', { userName: c.email, password: c.password });
    expect(login.statusCode).toBe(403);
    expect(login.json().status).toBe('hold');
  });
});

describe('one-time codes', () => {
  async function registered() {
    const p = newPerson();
    const reg = (await a.post('/user/customer/register', p)).json().data;
    return { ...p, id: reg.user.id as string, emailVid: reg.emailVerficationId as string };
  }

  it('verifies the e-mail with the right code; the code cannot be used again', async () => {
    const r = await registered();
    const body = { userId: r.id, verificationId: r.emailVid, token: await lastCode(t, r.email) };
    const ok = await a.post('/user/verification/token/validate', body);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, data: { verificationType: 1 }, message: 'Verification Successfully' });
    const [u] = await t.db.select().from(users).where(eq(users.id, r.id));
    expect(u.emailVerified).toBe(true);
    const reused = await a.post('/user/verification/token/validate', body);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({
      success: false,
      error: 'Invalid Token',
      details: [{ parameter: 'token', errors: ['Invalid Token'] }],
    });
  });

  it('kills a code after five wrong tries', async () => {
    const r = await registered();
    const right = await lastCode(t, r.email);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await a.post('/user/verification/token/validate', {
        userId: r.id,
        verificationId: r.emailVid,
        token: wrong,
      });
      expect(res.json().error).toBe('Invalid Token');
    }
    const sixth = await a.post('/user/verification/token/validate', {
      userId: r.id,
      verificationId: r.emailVid,
      token: right,
    });
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().error).toBe('Too many attempts');
  });

  it('refuses an expired code', async () => {
    const r = await registered();
    await t.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.id, r.emailVid));
    const res = await a.post('/user/verification/token/validate', {
      userId: r.id,
      verificationId: r.emailVid,
      token: await lastCode(t, r.email),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Token Expired');
  });

  it('treats an empty token as an invalid one', async () => {
    const r = await registered();
    const res = await a.post('/user/verification/token/validate', {
      userId: r.id,
      verificationId: r.emailVid,
      token: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Invalid Token');
  });

  it('answers "OTP Already Sent" inside 60 s without sending, and a new code after', async () => {
    const r = await registered();
    const first = await a.post('/user/verification/token/request', { userName: r.email, verificationType: 1 });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, data: { verificationId: r.emailVid }, message: 'OTP Already Sent' });

    await t.db
      .update(verifications)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(eq(verifications.id, r.emailVid));
    const oldCode = await lastCode(t, r.email);
    const second = await a.post('/user/verification/token/request', { userName: r.email, verificationType: 1 });
    expect(second.json().message).toBe('OTP Send Successfully');
    const newId = second.json().data.verificationId;
    expect(newId).not.toBe(r.emailVid);
    // The old code died with the resend.
    const old = await a.post('/user/verification/token/validate', {
      userId: r.id,
      verificationId: r.emailVid,
      token: oldCode,
    });
    expect(old.json().error).toBe('Invalid Token');
  });

  it('answers an unknown name and an already verified channel like a real request, and sends nothing', async () => {
    const sentBefore = await t.db.select().from(outbox);
    const none = await a.post('/user/verification/token/request', {
      userName: 'nobody@example.com',
      verificationType: 1,
    });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({
      success: true,
      data: { verificationId: expect.stringMatching(UUID) },
      message: 'OTP Send Successfully',
    });
    const c = await verifiedContributor(t);
    const done = await a.post('/user/verification/token/request', { userName: c.email, verificationType: 1 });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({
      success: true,
      data: { verificationId: expect.stringMatching(UUID) },
      message: 'OTP Send Successfully',
    });
    // Asking again inside the minute gives the same id, as for a real code.
    const again = await a.post('/user/verification/token/request', { userName: c.email, verificationType: 1 });
    expect(again.json()).toEqual({
      success: true,
      data: { verificationId: done.json().data.verificationId },
      message: 'OTP Already Sent',
    });
    const sentNow = await t.db.select().from(outbox);
    expect(sentNow.length - sentBefore.length).toBe(2); // only the contributor's two registration codes
    const check = await a.post('/user/verification/token/validate', {
      userId: c.id,
      verificationId: done.json().data.verificationId,
      token: '123456',
    });
    expect(check.json()).toEqual({
      success: false,
      error: 'Invalid Token',
      details: [{ parameter: 'token', errors: ['Invalid Token'] }],
    });
  });
});

describe('password reset', () => {
  it('sets a new password with a validated type-3 code and revokes earlier tokens', async () => {
    const c = await verifiedContributor(t);
    const req = await a.post('/user/verification/token/request', { userName: c.phone, verificationType: 3 });
    expect(req.statusCode).toBe(200);
    const { verificationId, userId } = req.json().data;
    expect(userId).toBe(c.id);

    const early = await a.put(`/user/${c.id}/password/reset`, { verificationId, password: 'NewPass123' });
    expect(early.statusCode).toBe(400);

    await a.post('/user/verification/token/validate', { userId, verificationId, token: await lastCode(t, c.phone) });
    const res = await a.put(`/user/${c.id}/password/reset`, { verificationId, password: 'NewPass123' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Updated Successfully' });

    expect((await a.get('/user/profile/view', c.token)).statusCode).toBe(401);
    expect((await a.post('/login', { userName: c.email, password: 'NewPass123' })).statusCode).toBe(200);
    const again = await a.put(`/user/${c.id}/password/reset`, { verificationId, password: 'Other1234' });
    expect(again.statusCode).toBe(400);
  });

  it('answers an unknown user id as it answers a code not validated yet', async () => {
    for (const id of ['not-a-user', '00000000-0000-4000-8000-000000000000']) {
      const res = await a.put(`/user/${id}/password/reset`, {
        verificationId: '00000000-0000-4000-8000-000000000000',
        password: 'NewPass123',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        error: 'Invalid Token',
        details: [{ parameter: 'verificationId', errors: ['Validate the code first'] }],
      });
    }
  });
});

describe('profile', () => {
  it('shows the profile', async () => {
    const c = await verifiedContributor(t, 'Ravi Kumar');
    const res = await a.get('/user/profile/view', c.token);
    expect(res.json()).toEqual({
      success: true,
      data: {
        id: c.id,
        name: 'Ravi Kumar',
        email: c.email,
        phone: c.phone,
        role: 'customer',
        status: 'active',
        emailVerified: true,
        phoneVerified: true,
        verifications: { email: null, phone: null },
      },
    });
  });

  it('marks a changed phone unverified and sends it a code; spaces are removed', async () => {
    const c = await verifiedContributor(t);
    const newPhone = `+91 ${String(7_000_000_000 + Math.floor(Math.random() * 999_999_999))}`;
    const res = await a.put('/user/profile/update', { name: 'New Name', email: c.email, phone: newPhone }, c.token);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      name: 'New Name',
      phone: newPhone.replace(/\s/g, ''),
      emailVerified: true,
      phoneVerified: false,
    });
    expect(data.verifications.phone).toEqual({ id: expect.any(String) });
    expect(await lastCode(t, newPhone.replace(/\s/g, ''))).toMatch(/^\d{6}$/);
  });

  it('refuses an e-mail another account holds with 409', async () => {
    const c1 = await verifiedContributor(t);
    const c2 = await verifiedContributor(t);
    const res = await a.put('/user/profile/update', { name: 'X', email: c1.email, phone: c2.phone }, c2.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().details).toEqual([{ parameter: 'email', errors: ['Email is already registered'] }]);
  });

  it('revokes earlier tokens on a new password and gives the caller a fresh one', async () => {
    const c = await verifiedContributor(t);
    const res = await a.put(
      '/user/profile/update',
      { name: 'X', email: c.email, phone: c.phone, password: 'Changed123', confirmPassword: 'Changed123' },
      c.token,
    );
    expect(res.statusCode).toBe(200);
    expect((await a.get('/user/profile/view', c.token)).statusCode).toBe(401);
    expect((await a.get('/user/profile/view', res.json().token)).statusCode).toBe(200);
  });
});

describe('rate limits', () => {
  it('answers 429 with the error body after too many logins for one account', async () => {
    const strict = await testApp({ RATE_LIMIT_FACTOR: '0.1' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) {
        codes.push(
          (
            await strict.app.inject({
              method: 'POST',
              url: '/api/backend/v1/login',
              payload: { userName: 'x@example.com', password: 'Wrong1234' },
            })
          ).statusCode,
        );
      }
      expect(codes).toEqual([401, 429, 429]);
      const res = await strict.app.inject({
        method: 'POST',
        url: '/api/backend/v1/login',
        payload: { userName: 'x@example.com', password: 'Wrong1234' },
      });
      expect(res.json()).toEqual({ success: false, error: 'Too many requests; try again later.' });
    } finally {
      await strict.close();
    }
  });
});

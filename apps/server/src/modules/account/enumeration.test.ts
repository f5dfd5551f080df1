import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { hashPassword } from '../../platform/passwords';
import { makeUser } from '../../seed/factories';
import { type TestContext, testApp } from '../../test/harness';

/**
 * Nobody may learn whether an e-mail or phone has an account from the answers of sign-in or forgot-password: not from
 * their bodies, not from their time.
 */
let t: TestContext;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT_FACTOR: '100' });
});
afterAll(() => t.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/backend/v1${url}`, payload });
const put = (url: string, payload: object) => t.app.inject({ method: 'PUT', url: `/api/backend/v1${url}`, payload });

let n = 0;
const unknownEmail = () => `nobody-${++n}-${Date.now()}@example.com`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const ROUNDS = 40;
const WARM_UP = 5;
const TRIES = 3;

/** `count` verified accounts with the password Right123, hashed once. */
async function accounts(count: number, o: Partial<typeof users.$inferInsert> = {}) {
  const passwordHash = await hashPassword('Right123');
  const rows = Array.from({ length: count }, () => {
    n += 1;
    return {
      name: `Timed ${n}`,
      email: `timed-${n}-${Date.now()}@example.com`,
      phone: `+91${7_000_000_000 + Math.floor(Math.random() * 999_999_999)}`,
      passwordHash,
      emailVerified: true,
      phoneVerified: true,
      ...o,
    };
  });
  return t.db.insert(users).values(rows).returning();
}

/**
 * Interleaves the two kinds of request (which goes first alternates), ROUNDS each after a warm-up, and compares their
 * median durations. The load of a shared machine can swamp one measurement, so it takes up to TRIES; a path that
 * skips the work (no password hash, no statements) misses by far more than 20 % every time. `known` gets a fresh
 * account on each call.
 */
async function expectSameTime(
  people: (typeof users.$inferSelect)[],
  known: (person: typeof users.$inferSelect) => Promise<unknown>,
  unknown: () => Promise<unknown>,
) {
  const fresh = people[Symbol.iterator]();
  const next = () => known(fresh.next().value as typeof users.$inferSelect);
  const tries = [];
  for (let attempt = 0; attempt < TRIES; attempt++) {
    for (let i = 0; i < WARM_UP; i++) {
      await next();
      await unknown();
    }
    const times = { known: [] as number[], unknown: [] as number[] };
    const timed = async (list: number[], work: () => Promise<unknown>) => {
      const start = performance.now();
      await work();
      list.push(performance.now() - start);
    };
    for (let i = 0; i < ROUNDS; i++) {
      const pair = [() => timed(times.known, next), () => timed(times.unknown, unknown)];
      if (i % 2) pair.reverse();
      for (const run of pair) await run();
    }
    const m = { known: median(times.known), unknown: median(times.unknown) };
    tries.push(m);
    if (Math.abs(m.unknown - m.known) / m.known < 0.2) return;
  }
  expect.fail(`the medians (ms) differ by more than 20 % in every try: ${JSON.stringify(tries)}`);
}

describe('sign-in', () => {
  it('answers a wrong password and a missing account with the same body in the same time', async () => {
    const [person] = await accounts(1);
    const known = await post('/login', { userName: person.email, password: 'Wrong123' });
    const unknown = await post('/login', { userName: unknownEmail(), password: 'Wrong123' });
    expect([known.statusCode, known.json()]).toEqual([
      401,
      { success: false, error: 'Wrong e-mail, phone or password.' },
    ]);
    expect([unknown.statusCode, unknown.json()]).toEqual([401, known.json()]);

    // One try per account, so no account nears its failure budget.
    await expectSameTime(
      await accounts(TRIES * (ROUNDS + WARM_UP)),
      (person) => post('/login', { userName: person.phone, password: 'Wrong123' }),
      () => post('/login', { userName: unknownEmail(), password: 'Wrong123' }),
    );
  });
});

describe('forgot password', () => {
  it('answers a missing account as it answers a real one: 200, a verification id and a user id', async () => {
    const user = await makeUser(t.db);
    const known = await post('/user/verification/token/request', { userName: user.email, verificationType: 3 });
    const name = unknownEmail();
    const unknown = await post('/user/verification/token/request', { userName: name, verificationType: 3 });
    const shape = {
      success: true,
      data: { verificationId: expect.stringMatching(UUID), userId: expect.stringMatching(UUID) },
      message: 'OTP Send Successfully',
    };
    expect([known.statusCode, known.json()]).toEqual([200, shape]);
    expect([unknown.statusCode, unknown.json()]).toEqual([200, shape]);
    expect(Object.keys(unknown.json().data)).toEqual(Object.keys(known.json().data));

    // Asked again inside the minute, both repeat themselves.
    for (const [userName, first] of [
      [user.email, known],
      [name, unknown],
    ] as const) {
      const again = await post('/user/verification/token/request', { userName, verificationType: 3 });
      expect(again.json()).toEqual({ success: true, data: first.json().data, message: 'OTP Already Sent' });
    }

    // Wrong codes, then a dead code, the same way; a reset without a validated code is refused the same way.
    for (const first of [known, unknown]) {
      const ids = first.json().data;
      const errors = [];
      for (let i = 0; i < 6; i++)
        errors.push((await post('/user/verification/token/validate', { ...ids, token: '000000' })).json().error);
      expect(errors).toEqual([...Array(5).fill('Invalid Token'), 'Too many attempts']);
      const reset = await put(`/user/${ids.userId}/password/reset`, {
        verificationId: ids.verificationId,
        password: 'Newer123',
      });
      expect([reset.statusCode, reset.json()]).toEqual([
        400,
        {
          success: false,
          error: 'Invalid Token',
          details: [{ parameter: 'verificationId', errors: ['Validate the code first'] }],
        },
      ]);
    }
  });

  it('gives a held account the same answer and no code', async () => {
    const held = await makeUser(t.db, { status: 'hold' });
    const res = await post('/user/verification/token/request', { userName: held.phone, verificationType: 3 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.userId).not.toBe(held.id);
    expect(res.json().data.userId).toMatch(UUID);
  });

  it('answers a missing account in the time a real one takes', async () => {
    await expectSameTime(
      await accounts(TRIES * (ROUNDS + WARM_UP)),
      (person) => post('/user/verification/token/request', { userName: person.email, verificationType: 3 }),
      () => post('/user/verification/token/request', { userName: unknownEmail(), verificationType: 3 }),
    );
  });
});

describe('e-mail and phone codes', () => {
  it('answer a missing, a held and an already verified account as they answer one that gets a code', async () => {
    const pending = await makeUser(t.db, { emailVerified: false, phoneVerified: false });
    const verified = await makeUser(t.db);
    const held = await makeUser(t.db, { status: 'hold', emailVerified: false, phoneVerified: false });
    for (const verificationType of [1, 2]) {
      const bodies = [];
      for (const userName of [pending.email, unknownEmail(), verified.phone, held.email]) {
        const res = await post('/user/verification/token/request', { userName, verificationType });
        bodies.push([res.statusCode, res.json()]);
      }
      const shape = {
        success: true,
        data: { verificationId: expect.stringMatching(UUID) },
        message: 'OTP Send Successfully',
      };
      expect(bodies).toEqual(Array(4).fill([200, shape]));
    }
  });
});

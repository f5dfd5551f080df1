import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../seed/factories';
import { api, newPerson } from '../../test/accounts';
import { type TestContext, testApp } from '../../test/harness';

let t: TestContext;
let person: ReturnType<typeof newPerson>;
const outbox = (query: string, options: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({ method: 'GET', url: `/api/backend/v1/dev/outbox${query}`, ...options });

beforeAll(async () => {
  t = await testApp({ DEV_OUTBOX: 'true' });
  person = newPerson();
  expect((await api(t).post('/user/customer/register', person)).statusCode).toBe(200);
});
afterAll(() => t.close());

describe('GET /dev/outbox', () => {
  it('gives a caller on this machine the codes sent to one address', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await outbox(`?to=${encodeURIComponent(person.email)}`, { remoteAddress });
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(data).toHaveLength(1);
      expect(data[0]).toMatchObject({ channel: 'email', to: person.email, code: expect.stringMatching(/^\d{6}$/) });
    }
    // "+91…" arrives with its plus read as a space.
    const sms = await outbox(`?to=+91${person.phone}`);
    expect(sms.json().data).toMatchObject([{ channel: 'sms', to: `+91${person.phone}` }]);
  });

  it('never lists every address at once', async () => {
    for (const query of ['', '?to=', '?to=%20%20']) {
      const res = await outbox(query);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        error: expect.any(String),
        details: [{ parameter: 'to', errors: ['Required'] }],
      });
    }
  });

  it('refuses callers elsewhere, and requests a proxy passed on from elsewhere', async () => {
    const refused = {
      success: false,
      error: 'The development outbox answers only requests from this machine.',
    };
    const to = `?to=${encodeURIComponent(person.email)}`;
    for (const remoteAddress of ['203.0.113.9', '10.0.0.2', '::ffff:192.168.1.4']) {
      const res = await outbox(to, { remoteAddress });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(refused);
    }
    const proxied: Record<string, string>[] = [
      { 'x-forwarded-for': '203.0.113.9' },
      { forwarded: 'for=203.0.113.9' },
      { 'x-real-ip': '1.2.3.4' },
    ];
    for (const headers of proxied) {
      const res = await outbox(to, { headers });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(refused);
    }
  });

  it('answers only the machine whose requests wrote to the address in the last hour, or an admin', async () => {
    const notYours = {
      success: false,
      error:
        'The development outbox shows an address only to the machine whose requests sent it messages in the last hour.',
    };
    // Someone else on the network registers: their codes are not this machine's to read.
    const neighbour = newPerson();
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/backend/v1/user/customer/register',
      payload: neighbour,
      remoteAddress: '192.168.1.20',
    });
    expect(registered.statusCode).toBe(200);
    const theirs = `?to=${encodeURIComponent(neighbour.email)}`;
    for (const remoteAddress of ['127.0.0.1', '::1']) {
      const res = await outbox(theirs, { remoteAddress });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(notYours);
    }
    // A message no request wrote (a reminder sent by a timer) is nobody's but the admin's.
    await t.app.messenger.send({ channel: 'email', to: 'owner@example.com', subject: 'Reminder', text: 'Still open?' });
    expect((await outbox('?to=owner@example.com')).json()).toEqual(notYours);

    const admin = await t.app.tokens.issue(await makeUser(t.db, { role: 'admin' }));
    const read = await outbox(theirs, { headers: { authorization: `Bearer ${admin}` } });
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject([{ channel: 'email', to: neighbour.email, code: expect.any(String) }]);
    const customer = await t.app.tokens.issue(await makeUser(t.db));
    expect((await outbox(theirs, { headers: { authorization: `Bearer ${customer}` } })).statusCode).toBe(403);
    expect((await outbox(theirs, { headers: { authorization: 'Bearer nonsense' } })).statusCode).toBe(401);

    // This machine's own registration stays readable for an hour, and no longer.
    const mine = `?to=${encodeURIComponent(person.email)}`;
    expect((await outbox(mine)).statusCode).toBe(200);
    const later = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 61 * 60_000);
    try {
      expect((await outbox(mine)).json()).toEqual(notYours);
    } finally {
      later.mockRestore();
    }
  });

  it('does not exist where the production checks are on', async () => {
    const strict = await testApp({ PUBLIC_URL: 'https://devgarh.example', JWT_SECRET: 'x'.repeat(32) });
    try {
      expect(strict.config.strict).toBe(true);
      const res = await strict.app.inject({ method: 'GET', url: `/api/backend/v1/dev/outbox?to=a@b.c` });
      expect(res.statusCode).toBe(404);
    } finally {
      await strict.close();
    }
  });
});

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { contactRequests, outbox, uploads } from '../../db/schema';
import { createCaptcha } from '../../platform/captcha';
import { makeUser } from '../../seed/factories';
import { api } from '../../test/accounts';
import { multipartBody, type TestContext, type TFormValue, testApp } from '../../test/harness';

const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const form = { name: 'Ravi Kumar', email: 'Ravi@Example.com', phone: '98765 43210', message: 'Please list my shop.' };

let t: TestContext;
let adminEmail: string;
beforeAll(async () => {
  // The human check answers no to the token "robot", as Google would for a failed check.
  t = await testApp({ RATE_LIMIT_FACTOR: '100' }, { captcha: { verify: async (token) => token !== 'robot' } });
  adminEmail = (await makeUser(t.db, { role: 'admin' })).email;
});
afterAll(() => t.close());

const send = async (entries: [string, TFormValue][]) => {
  const body = await multipartBody(entries);
  return t.app.inject({ method: 'POST', url: '/api/backend/v1/contact_request/add', ...body });
};
const fields = (values: Record<string, string>): [string, TFormValue][] => Object.entries(values);
const storedFiles = () => readdirSync(join(t.config.dataDir, 'uploads'), { recursive: true });
const requestsFrom = (email: string) => t.db.select().from(contactRequests).where(eq(contactRequests.email, email));

describe('POST /contact_request/add', () => {
  it('stores the request with its file and tells the admin by e-mail', async () => {
    const res = await send([
      ...fields({ ...form, g_recaptcha_response: 'human' }),
      ['file', { filename: 'Shop Plan.pdf', bytes: pdf }],
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Message Sent', data: { id: expect.any(String) } });

    const [row] = await t.db.select().from(contactRequests).where(eq(contactRequests.id, res.json().data.id));
    expect(row).toMatchObject({
      name: 'Ravi Kumar',
      email: 'ravi@example.com',
      phone: '+919876543210',
      message: 'Please list my shop.',
      status: 'new',
      fileUrl: expect.stringMatching(/^\/uploads\/[0-9a-f]{64}\/shop-plan\.pdf$/),
    });
    expect((await t.app.inject({ method: 'GET', url: row.fileUrl as string })).statusCode).toBe(200);

    const [mail] = await t.db.select().from(outbox).where(eq(outbox.to, adminEmail)).orderBy(desc(outbox.createdAt));
    expect(mail).toMatchObject({ channel: 'email', subject: 'Contact request from Ravi Kumar' });
    for (const part of [
      'ravi@example.com',
      '+919876543210',
      'Please list my shop.',
      `${t.config.publicUrl}${row.fileUrl}`,
    ]) {
      expect(mail.text).toContain(part);
    }
  });

  it('takes a JSON body without a file', async () => {
    const res = await api(t).post('/contact_request/add', { ...form, email: 'json@example.com', message: undefined });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Message Sent', data: { id: expect.any(String) } });
    expect(await requestsFrom('json@example.com')).toMatchObject([{ message: '', fileUrl: null }]);
  });

  it('lists each missing field on its own line, starting with its name, with details', async () => {
    const res = await send(fields({ name: '', message: 'hello' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      error: 'name: Required\nemail: Required\nphone: Required',
      details: [
        { parameter: 'name', errors: ['Required'] },
        { parameter: 'email', errors: ['Required'] },
        { parameter: 'phone', errors: ['Required'] },
      ],
    });
  });

  it('names the phone in a bad phone error and the email in a bad email error', async () => {
    const phone = await send(fields({ ...form, phone: '12345' }));
    expect(phone.statusCode).toBe(400);
    expect(phone.json()).toEqual({
      success: false,
      error: 'phone: Phone number is not valid (Eg +91 9876543210)',
      details: [{ parameter: 'phone', errors: ['Phone number is not valid (Eg +91 9876543210)'] }],
    });
    const email = await send(fields({ ...form, email: 'not-an-address' }));
    expect(email.statusCode).toBe(400);
    expect(email.json()).toEqual({
      success: false,
      error: 'email: Email address is not valid',
      details: [{ parameter: 'email', errors: ['Email address is not valid'] }],
    });
  });

  it('refuses a failed human check with 400, keeping neither the request nor the file', async () => {
    const before = storedFiles().length;
    const res = await send([
      ...fields({ ...form, email: 'robot@example.com', g_recaptcha_response: 'robot' }),
      ['file', { filename: 'robot.pdf', bytes: Buffer.concat([pdf, Buffer.from('% robot\n')]) }],
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      error: 'g_recaptcha_response: Human check failed',
      details: [{ parameter: 'g_recaptcha_response', errors: ['Human check failed'] }],
    });
    expect(await requestsFrom('robot@example.com')).toEqual([]);
    expect(storedFiles().length).toBe(before);
    expect(await t.db.select().from(uploads).where(eq(uploads.originalName, 'robot.pdf'))).toEqual([]);
  });

  it('refuses a program as the file with 415 and keeps no request', async () => {
    const res = await send([
      ...fields({ ...form, email: 'exe@example.com' }),
      ['file', { filename: 'cv.pdf', bytes: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(2048)]) }],
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      success: false,
      error: 'That file type is not accepted.',
      details: [{ parameter: 'file', errors: ['Accepted: jpeg, png, webp, pdf, doc, docx'] }],
    });
    expect(await requestsFrom('exe@example.com')).toEqual([]);
  });

  it('keeps the request when the notice cannot be sent', async () => {
    const failing = await testApp({}, { messenger: { send: async () => Promise.reject(new Error('SMTP down')) } });
    try {
      await makeUser(failing.db, { role: 'admin' });
      const res = await failing.app.inject({
        method: 'POST',
        url: '/api/backend/v1/contact_request/add',
        payload: { ...form, email: 'kept@example.com' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Message Sent', data: { id: expect.any(String) } });
      expect(await failing.db.select().from(contactRequests)).toHaveLength(1);
    } finally {
      await failing.close();
    }
  });
});

describe('createCaptcha', () => {
  const withSecret = loadConfig({ NODE_ENV: 'test', RECAPTCHA_SECRET: 'server-secret' });
  const answering = (reply: () => Promise<Response>) => {
    const calls: URLSearchParams[] = [];
    const fetchImpl = (async (_url: string, init: RequestInit) => {
      calls.push(init.body as URLSearchParams);
      return reply();
    }) as typeof fetch;
    return { calls, captcha: createCaptcha(withSecret, fetchImpl) };
  };

  it('passes everything when no secret is set', async () => {
    expect(await createCaptcha(loadConfig({ NODE_ENV: 'test' })).verify(undefined, '1.2.3.4')).toBe(true);
  });

  it('asks siteverify with the secret, the token and the address, and believes only success: true', async () => {
    const yes = answering(async () => Response.json({ success: true }));
    expect(await yes.captcha.verify('token-1', '1.2.3.4')).toBe(true);
    expect(Object.fromEntries(yes.calls[0])).toEqual({
      secret: 'server-secret',
      response: 'token-1',
      remoteip: '1.2.3.4',
    });
    expect(await answering(async () => Response.json({ success: false })).captcha.verify('t', 'ip')).toBe(false);
    expect(await answering(async () => new Response('oops', { status: 500 })).captcha.verify('t', 'ip')).toBe(false);
  });

  it('fails without a token or when Google cannot be reached', async () => {
    const unreachable = answering(async () => Promise.reject(new TypeError('fetch failed')));
    expect(await unreachable.captcha.verify('t', 'ip')).toBe(false);
    expect(await unreachable.captcha.verify(undefined, 'ip')).toBe(false);
    expect(unreachable.calls).toHaveLength(1);
  });
});

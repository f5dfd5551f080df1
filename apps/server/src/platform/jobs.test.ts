import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { outbox } from '../db/schema';
import { newPerson } from '../test/accounts';
import { api } from '../test/api';
import { type TestContext, testApp, testDatabase } from '../test/harness';
import { Jobs, type JobsOptions } from './jobs';

/** The queue's own complaints are not what these tests read. */
const log = { warn: () => undefined };
const onPostgres = process.env.TEST_DB_KIND === 'pg';
const until = async (check: () => boolean | Promise<boolean>, ms: number) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
};

/** An SMS provider that takes each post, noting when; `refuse(to, n)` makes it answer 500 to the next n for `to`. */
async function smsProvider() {
  const posts: { body: { to: string; text: string }; status: number; at: number }[] = [];
  const refusals = new Map<string, number>();
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => resolve(data));
    });
  const server: Server = createServer(async (req, res) => {
    const body = JSON.parse(await read(req));
    const left = refusals.get(body.to) ?? 0;
    refusals.set(body.to, left - 1);
    const status = left > 0 ? 500 : 200;
    posts.push({ body, status, at: Date.now() });
    res.statusCode = status;
    res.end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`,
    posts,
    refuse: (to: string, n: number) => refusals.set(to, n),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe('the job queue on the database', () => {
  let database: Database;
  const running: Jobs[] = [];
  const jobsOn = (db: Pick<Database, 'executeSql'>, options: JobsOptions = {}) => {
    const jobs = new Jobs(db, log, { stopTimeoutMs: 500, ...options });
    running.push(jobs);
    return jobs;
  };
  beforeAll(async () => {
    database = await testDatabase();
  });
  afterEach(async () => {
    for (const j of running.splice(0)) await j.stop();
  });
  afterAll(() => database.close());

  it('never runs a job enqueued in a transaction that rolled back; runs the committed one once', async () => {
    const jobs = jobsOn(database);
    const ran: string[] = [];
    await jobs.work<{ text: string }>('message', async ({ data }) => {
      ran.push(data.text);
    });
    await database.db
      .transaction(async (tx) => {
        await jobs.send('message', { channel: 'sms', to: '+919800000001', text: 'rolled back' }, tx);
        throw new Error('the write failed');
      })
      .catch(() => undefined);
    await database.db.transaction(async (tx) => {
      await jobs.send('message', { channel: 'sms', to: '+919800000001', text: 'committed' }, tx);
    });
    expect(await until(() => ran.length > 0, 5_000)).toBe(true);
    await new Promise((r) => setTimeout(r, 1_200));
    expect(ran).toEqual(['committed']);
  });

  it('keeps a job that keeps failing as failed, with its error, and runs it again when retried', async () => {
    const jobs = jobsOn(database, { retryDelay: 1 });
    let tries = 0;
    let fixed = false;
    await jobs.work('stale-sweep', async () => {
      tries++;
      if (!fixed) throw new Error('the sweep could not reach the database');
    });
    // The sweep's queue does not retry by itself: one try, then it waits for the next slot or a person.
    const id = (await jobs.send('stale-sweep', {})) as string;
    expect(await until(async () => (await jobs.failed()).some((f) => f.id === id), 5_000)).toBe(true);
    const [failed] = (await jobs.failed()).filter((f) => f.id === id);
    expect(failed).toMatchObject({ queue: 'stale-sweep', error: 'the sweep could not reach the database' });
    expect(await jobs.counts()).toContainEqual({ queue: 'stale-sweep', state: 'failed', count: 1 });
    fixed = true;
    expect(await jobs.retry('stale-sweep', id)).toBe(true);
    expect(await until(() => tries === 2, 5_000)).toBe(true);
    expect(
      await until(
        async () => (await jobs.counts()).some((c) => c.queue === 'stale-sweep' && c.state === 'completed'),
        5_000,
      ),
    ).toBe(true);
    expect((await jobs.failed()).some((f) => f.id === id)).toBe(false);
    expect(await jobs.retry('stale-sweep', id)).toBe(false);
  });

  it.skipIf(!onPostgres)(
    'runs a scheduled job once per slot with two instances on one database',
    async () => {
      const url = (database as Database & { url: string }).url;
      const second = await (await import('../db/client')).openDatabase({ url });
      try {
        const clocks = { cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 };
        const runs: string[] = [];
        // A schedule fires at once for the minute it is made in, and again when the next minute begins. Start early
        // in a minute so that the next slot cannot begin while the test watches for a second run of this one.
        const intoMinute = Date.now() % 60_000;
        if (intoMinute > 40_000) await new Promise((r) => setTimeout(r, 62_000 - intoMinute));
        const slot = Math.floor(Date.now() / 60_000);
        for (const [name, db] of [
          ['a', database],
          ['b', second],
        ] as const) {
          const jobs = jobsOn(db, clocks);
          await jobs.work('stale-sweep', async () => {
            runs.push(name);
          });
          await jobs.schedule('stale-sweep', '* * * * *', 'UTC');
        }
        expect(await until(() => runs.length > 0, 10_000)).toBe(true);
        await new Promise((r) => setTimeout(r, 3_000));
        expect(Math.floor(Date.now() / 60_000)).toBe(slot);
        expect(runs).toHaveLength(1);
      } finally {
        for (const j of running.splice(0)) await j.stop();
        await second.close();
      }
    },
    90_000,
  );

  it.skipIf(!onPostgres)(
    'runs a job again when the process running it is killed (kill -9)',
    async () => {
      const url = (database as Database & { url: string }).url;
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', join(import.meta.dirname, '../test/job-child.ts'), url],
        {
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      const started = new Promise<void>((resolve) =>
        child.stdout.on('data', (chunk: Buffer) => {
          if (chunk.toString().includes('working')) resolve();
        }),
      );
      const jobs = jobsOn(database, { expireInSeconds: 2, maintenanceIntervalSeconds: 1 });
      await jobs.start();
      const id = await jobs.send('message', { channel: 'sms', to: '+919800000002', text: 'survives' });
      await started;
      child.kill('SIGKILL');
      const ran: { id: string; retryCount: number }[] = [];
      await jobs.work('message', async (job) => {
        ran.push({ id: job.id, retryCount: job.retryCount });
      });
      expect(await until(() => ran.length > 0, 30_000)).toBe(true);
      expect(ran).toEqual([{ id, retryCount: 1 }]);
    },
    60_000,
  );
});

/**
 * An SMTP server that keeps each message it takes; `refuse(to, n)` makes it answer 451 (try again later) to the next
 * n deliveries for `to`.
 */
async function smtpServer() {
  const tries: { to: string; accepted: boolean }[] = [];
  const taken: { to: string; data: string }[] = [];
  const refusals = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, done) {
      const left = refusals.get(address.address) ?? 0;
      refusals.set(address.address, left - 1);
      tries.push({ to: address.address, accepted: left <= 0 });
      if (left <= 0) return done();
      done(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
    },
    onData(stream, session, done) {
      let data = '';
      stream.on('data', (c: Buffer) => (data += c.toString()));
      stream.on('end', () => {
        for (const r of session.envelope.rcptTo) taken.push({ to: r.address, data });
        done();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    tries,
    taken,
    refuse: (to: string, n: number) => refusals.set(to, n),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe('e-mail through an SMTP server that refuses for a while', () => {
  let t: TestContext;
  let smtp: Awaited<ReturnType<typeof smtpServer>>;
  beforeAll(async () => {
    smtp = await smtpServer();
    t = await testApp({ SMTP_URL: smtp.url, RATE_LIMIT_FACTOR: '100' }, { jobs: { retryDelay: 1 } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('retries until the server takes the code e-mail, which it takes once; nothing goes to the outbox', async () => {
    const p = newPerson();
    const to = p.email.toLowerCase();
    smtp.refuse(to, 2);
    const res = await api(t).post('/user/customer/register', { ...p, confirmPassword: p.password });
    expect(res.statusCode).toBe(200);
    expect(await until(() => smtp.taken.some((m) => m.to === to), 15_000)).toBe(true);
    await new Promise((r) => setTimeout(r, 2_500));
    expect(smtp.tries.filter((x) => x.to === to).map((x) => x.accepted)).toEqual([false, false, true]);
    const mine = smtp.taken.filter((m) => m.to === to);
    expect(mine).toHaveLength(1);
    expect(mine[0].data).toMatch(/\d{6}/);
    expect(await t.db.select().from(outbox).where(eq(outbox.to, p.email))).toEqual([]);
  });
});

describe('e-mail and SMS through the queue', () => {
  let t: TestContext;
  let provider: Awaited<ReturnType<typeof smsProvider>>;
  beforeAll(async () => {
    provider = await smsProvider();
    t = await testApp({ SMS_WEBHOOK_URL: provider.url, RATE_LIMIT_FACTOR: '100' }, { jobs: { retryDelay: 1 } });
  });
  afterAll(async () => {
    await t.close();
    await provider.close();
  });

  it('retries a failing SMS provider until it takes the message, and sends it once', async () => {
    const p = newPerson();
    provider.refuse(`+91${p.phone}`, 2);
    const started = Date.now();
    const res = await api(t).post('/user/customer/register', { ...p, confirmPassword: p.password });
    expect(res.statusCode).toBe(200);
    // The request does not wait for the provider.
    expect(Date.now() - started).toBeLessThan(2_000);
    const to = `+91${p.phone}`;
    expect(await until(() => provider.posts.some((x) => x.body.to === to && x.status === 200), 15_000)).toBe(true);
    await new Promise((r) => setTimeout(r, 2_500));
    const mine = provider.posts.filter((x) => x.body.to === to);
    expect(mine.map((x) => x.status)).toEqual([500, 500, 200]);
    expect(mine[2].body.text).toMatch(/\d{6}/);
    // The e-mail has no transport here: its code is in the development outbox at once.
    const rows = await t.db.select().from(outbox).where(eq(outbox.to, p.email));
    expect(rows).toHaveLength(1);
  });

  it('delivers a one-time code to a working provider within 2 s of the request', async () => {
    const p = newPerson();
    const started = Date.now();
    await api(t).post('/user/customer/register', { ...p, confirmPassword: p.password });
    const to = `+91${p.phone}`;
    expect(await until(() => provider.posts.some((x) => x.body.to === to && x.status === 200), 2_000)).toBe(true);
    const at = provider.posts.find((x) => x.body.to === to)?.at as number;
    expect(at - started).toBeLessThan(2_000);
  });
});

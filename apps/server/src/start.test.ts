import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { withDatabase } from './test/global-setup';

/** `npm start` as an operator runs it: the real main.ts in a process of its own. */
interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

const children: ChildProcess[] = [];
const dirs: string[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function start(env: Record<string, string>): Started {
  const dataDir = mkdtempSync(join(tmpdir(), 'chaupal-start-'));
  dirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'main.ts')], {
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  child.stderr?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function healthy(port: number, s: Started, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (s.child.exitCode !== null) throw new Error(`exited ${s.child.exitCode}:\n${s.output()}`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`not healthy in time:\n${s.output()}`);
}

afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe.runIf(process.env.TEST_DB_KIND !== 'pg')('the development outbox at start', () => {
  it('prints a warning while the outbox is on', async () => {
    const port = await freePort();
    const s = start({ PORT: String(port), SEED_DEMO: 'false' });
    await healthy(port, s);
    await expect.poll(s.output, { timeout: 10_000 }).toContain('WARNING: the development outbox is on');
    s.child.kill('SIGTERM');
    await s.exited;
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(process.env.TEST_DB_KIND === 'pg' && serverUrl)('instances sharing one PostgreSQL database', () => {
  const admin = new pg.Client({ connectionString: serverUrl });
  const created: string[] = [];

  async function emptyDatabase() {
    if (!created.length) await admin.connect();
    const name = `chaupal_start_${randomBytes(4).toString('hex')}`;
    await admin.query(`create database ${name}`);
    created.push(name);
    return withDatabase(serverUrl as string, name);
  }

  afterAll(async () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    for (const name of created) await admin.query(`drop database if exists ${name} with (force)`);
    if (created.length) await admin.end();
  });

  it('two instances started together on an empty database both serve, with one admin and one demo seed', async () => {
    const url = await emptyDatabase();
    const ports = [await freePort(), await freePort()];
    // Several instances share their cache through Redis (an in-memory one would be refused, below).
    const env = { DATABASE_URL: url, REDIS_URL: 'redis://127.0.0.1:6379', ADMIN_PASSWORD: 'Admin12345' };
    const both = ports.map((port) => start({ ...env, PORT: String(port) }));
    await Promise.all(both.map((s, i) => healthy(ports[i], s)));

    for (const port of ports) {
      const res = await fetch(`http://127.0.0.1:${port}/api/backend/v1/circles/view?status=active`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { data: unknown[] }).data).toHaveLength(5);
    }
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    const admins = await db.query(`select count(*)::int as n from users where role = 'admin'`);
    const circles = await db.query('select count(*)::int as n from circles');
    await db.end();
    expect(admins.rows[0].n).toBe(1);
    expect(circles.rows[0].n).toBe(5);
    expect(both.filter((s) => s.output().includes('Seeded demo data'))).toHaveLength(1);
    expect(both.filter((s) => s.output().includes('Admin account:'))).toHaveLength(1);
    for (const s of both) s.child.kill('SIGTERM');
    await Promise.all(both.map((s) => s.exited));
  }, 180_000);

  it('refuses a second instance with an in-memory response cache on the same database', async () => {
    const url = await emptyDatabase();
    const [first, second] = [await freePort(), await freePort()];
    const env = { DATABASE_URL: url, SEED_DEMO: 'false', REDIS_URL: '' };
    const a = start({ ...env, PORT: String(first) });
    await healthy(first, a);
    const b = start({ ...env, PORT: String(second) });
    expect(await b.exited).toBe(1);
    expect(b.output()).toMatch(
      /^chaupal: another instance serves this database with an in-memory response cache: set REDIS_URL/m,
    );
    // The first one goes on serving; once it stops, an instance may start again.
    expect((await fetch(`http://127.0.0.1:${first}/healthz`)).status).toBe(200);
    a.child.kill('SIGTERM');
    await a.exited;
    const c = start({ ...env, PORT: String(second) });
    await healthy(second, c);
    c.child.kill('SIGTERM');
    await c.exited;
  }, 180_000);
});

import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { ADMIN_EMAIL, CHROMIUM } from './constants';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the server under test listens, e.g. http://127.0.0.1:41234 (no trailing slash). */
    baseUrl: string;
    /** The server's PostgreSQL database when TEST_DATABASE_URL is set (so a CLI can act on it), else ''. */
    databaseUrl: string;
  }
}

const root = new URL('..', import.meta.url).pathname;
/** The server's output, kept after the run for reading when a journey fails. */
export const SERVER_LOG = join(tmpdir(), 'chaupal-e2e-server.log');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The server exited with code ${child.exitCode} before it was healthy:\n${output()}`);
    }
    try {
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`GET ${url}/healthz did not answer 200 within ${timeoutMs / 1000} s:\n${output()}`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Starts the real server (as `npm start` does, on the embedded PGlite) with a fresh data directory, so the demo
 * town is seeded, and hands its URL to the journeys. The web bundles must already be built (`pretest` does it).
 */
export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM)) {
    // vitest.config.ts only adds this project without Chromium when E2E=required.
    throw new Error(`Chromium is required (E2E=required) but ${CHROMIUM} is missing`);
  }
  for (const f of ['apps/web/dist/client/.vite/manifest.json', 'apps/web/dist/server/entry-server.js']) {
    if (!existsSync(join(root, f))) throw new Error(`${f} is missing: build the web app first (npm run build)`);
  }

  const server = await startServer();
  project.provide('baseUrl', server.baseUrl);
  project.provide('databaseUrl', server.databaseUrl);
  return server.stop;
}

/**
 * One server under test, on a free port with a fresh data directory (and, with TEST_DATABASE_URL, its own
 * database); `env` adds settings (e.g. AUTO_APPROVE=true for a journey that needs it).
 */
export async function startServer(env: Record<string, string> = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), 'chaupal-e2e-'));
  const port = await freePort();
  // With a PostgreSQL server at hand (CI), the app runs on its own database there, so the journeys can also drive
  // the operator CLI (`npm run user:status`), which cannot open an embedded database the server holds.
  const database = process.env.TEST_DATABASE_URL ? await createDatabase(process.env.TEST_DATABASE_URL, port) : null;
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_FACTOR: '50',
      ADMIN_EMAIL,
      ADMIN_PASSWORD: 'E2eAdmin123',
      SEED_DEMO: '',
      SMTP_URL: '',
      SMS_WEBHOOK_URL: '',
      RECAPTCHA_SECRET: '',
      RECAPTCHA_SITE_KEY: '',
      REDIS_URL: '',
      DEV_OUTBOX: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const teardown = async () => {
    await stop(child);
    await writeFile(SERVER_LOG, output).catch(() => {});
    await rm(dataDir, { recursive: true, force: true });
    await database?.drop();
  };

  try {
    // Migrating and seeding the demo town takes ~20 s on a quiet machine and ~60 s on its two cores under load.
    await waitForHealth(baseUrl, child, () => output, 150_000);
  } catch (err) {
    await teardown();
    throw err;
  }
  return { baseUrl, databaseUrl: database?.url ?? '', stop: teardown };
}
/** A fresh database on the PostgreSQL server of `serverUrl`, dropped again by `drop()`. */
async function createDatabase(serverUrl: string, port: number) {
  const name = `chaupal_e2e_${process.pid}_${port}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
      await admin.end();
    },
  };
}

import { spawn } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { ADMIN_EMAIL, CHROMIUM, EXITED_MARK, MONDAY_MORNING } from './constants';

/** A server under test: where it listens (no trailing slash), its database and the file its output goes to. */
export interface ServerUnderTest {
  /** E.g. http://127.0.0.1:41234. */
  baseUrl: string;
  /** The server's PostgreSQL database when TEST_DATABASE_URL is set (so a CLI can act on it), else ''. */
  databaseUrl: string;
  /** Its output, kept after the run for reading when a journey fails; ends with EXITED_MARK if it stopped. */
  log: string;
}

/** The journeys that have a server to themselves: they change what every visitor sees, or need settings of their own. */
export type OwnServer = 'admin' | 'autoApprove' | 'events' | 'place';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker of the e2e project, in the order of the workers' pool ids (1, 2, …). */
    servers: ServerUnderTest[];
    ownServers: Record<OwnServer, ServerUnderTest>;
  }
}

const root = new URL('..', import.meta.url).pathname;

/** A transparent 1×1 PNG: the map's tiles come from this machine, so no journey reaches another host. */
const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** Listens on a free loopback port; `handler` answers, or nothing does (a port reserved for a server to come). */
function listen(handler?: Parameters<typeof createHttpServer>[1]) {
  const server = createHttpServer(handler);
  return new Promise<{ port: number; close: () => Promise<void> }>((resolve, reject) => {
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ port, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

/**
 * Starts every server the journeys use (as `npm start` does: the real app, with a fresh data directory so the demo
 * town is seeded, and with TEST_DATABASE_URL a database of its own): one per worker of the e2e project, and one for
 * each journey that needs its own. It does not wait for them: they migrate and seed while the other projects run,
 * and each journey file waits for its server (`whenReady` in browser.ts). The web bundles must already be built
 * (`pretest` does it).
 */
/** When the phone timings' server starts: after the API tests, which run first and fill both cores. */
const PHONE_SERVER_AFTER_MS = 240_000;

export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM)) {
    // vitest.config.ts only adds this project without Chromium when E2E=required.
    throw new Error(`Chromium is required (E2E=required) but ${CHROMIUM} is missing`);
  }
  for (const f of ['apps/web/dist/client/.vite/manifest.json', 'apps/web/dist/server/entry-server.js']) {
    if (!existsSync(join(root, f))) throw new Error(`${f} is missing: build the web app first (npm run build)`);
  }

  const tiles = await listen((_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(TILE));
  // The phone timings (project e2e:phone) need one server of the demo town, nothing else.
  const own: Partial<Record<OwnServer, Record<string, string>>> =
    project.name === 'e2e:phone'
      ? {}
      : {
          admin: {},
          autoApprove: { AUTO_APPROVE: 'true' },
          // The events journey holds events ahead of its market so the home page's few upcoming events show it.
          events: {},
          place: { FIXED_NOW: MONDAY_MORNING, MAP_TILES_URL: `http://127.0.0.1:${tiles.port}/{z}/{x}/{y}.png` },
        };
  // As many journey files run at once as the project has workers, each against its worker's server.
  const workers = Number(project.config.maxWorkers);
  // The phone timings run last, alone: in a whole run (CI) their server starts once the API tests have had the cores.
  const later = project.name === 'e2e:phone' && process.env.CI ? PHONE_SERVER_AFTER_MS : 0;
  const launches = [
    ...Array.from({ length: workers }, () => launch({}, later)),
    ...Object.values(own).map((env) => launch(env)),
  ];
  const started = await Promise.allSettled(launches);
  const stopAll = async () => {
    await Promise.all(started.map((s) => (s.status === 'fulfilled' ? s.value.stop() : undefined)));
    await tiles.close();
  };
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  const servers = started.map((s) => (s as PromiseFulfilledResult<Launched>).value.server);
  project.provide('servers', servers.slice(0, workers));
  project.provide(
    'ownServers',
    Object.fromEntries(Object.keys(own).map((name, i) => [name, servers[workers + i]])) as Record<
      OwnServer,
      ServerUnderTest
    >,
  );
  return stopAll;
}

type Launched = Awaited<ReturnType<typeof launch>>;

/**
 * Starts one server on a free port; `env` adds settings (e.g. AUTO_APPROVE=true for a journey that needs it). With
 * `startAfterMs` the port and address are settled now and the process starts later, so its seeding does not compete
 * with the tests that run first.
 */
async function launch(env: Record<string, string> = {}, startAfterMs = 0) {
  const dataDir = await mkdtemp(join(tmpdir(), 'chaupal-e2e-'));
  // A free port, held while the database is made and given up just before the server takes it.
  const reserved = await listen();
  const port = reserved.port;
  // With a PostgreSQL server at hand (CI), the app runs on its own database there, so the journeys can also drive
  // the operator CLI (`npm run user:status`), which cannot open an embedded database the server holds.
  const database = process.env.TEST_DATABASE_URL ? await createDatabase(process.env.TEST_DATABASE_URL, port) : null;
  const baseUrl = `http://127.0.0.1:${port}`;
  const log = join(tmpdir(), `chaupal-e2e-${port}.log`);
  const out = createWriteStream(log);
  let child: ReturnType<typeof spawn> | undefined;
  let exited: Promise<void> = Promise.resolve();
  const start = async () => {
    await reserved.close();
    child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
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
    child.stdout?.on('data', (chunk: Buffer) => out.write(chunk));
    child.stderr?.on('data', (chunk: Buffer) => out.write(chunk));
    const running = child;
    exited = new Promise<void>((resolve) =>
      running.once('exit', (code, signal) => {
        out.end(`\n${EXITED_MARK} ${signal ?? `code ${code}`}\n`);
        resolve();
      }),
    );
  };
  const timer = startAfterMs ? setTimeout(start, startAfterMs) : undefined;
  if (!timer) await start();

  const stop = async () => {
    clearTimeout(timer);
    const running = child;
    if (!running) await reserved.close().catch(() => {});
    else if (running.exitCode === null && running.signalCode === null) {
      const killer = setTimeout(() => running.kill('SIGKILL'), 5_000);
      running.kill('SIGTERM');
      await exited;
      clearTimeout(killer);
    }
    await rm(dataDir, { recursive: true, force: true });
    await database?.drop();
  };
  return { server: { baseUrl, databaseUrl: database?.url ?? '', log }, stop };
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

import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { createServer, isIPv4 } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/** The soak's server: `npm start`'s own command on a free loopback port, a fresh data directory and database. */

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Only this machine: 127.0.0.0/8, localhost or ::1. The soak is a load test, never to be pointed at a site. */
export function assertLoopback(raw: string): URL {
  const url = new URL(raw);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const loopback = host === 'localhost' || host === '::1' || (isIPv4(host) && host.startsWith('127.'));
  if (!loopback || url.protocol !== 'http:') {
    throw new Error(`--url must be an http:// address on this machine (127.0.0.0/8, localhost or ::1), not ${raw}`);
  }
  return url;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** The process whose socket listens on this TCP port (from /proc/net/tcp*), or undefined. */
export function listeningPid(port: number): number | undefined {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      // local_address is "ADDR:PORT"; state 0A is LISTEN; the inode is the tenth field.
      if (f[1]?.endsWith(`:${hexPort}`) && f[3] === '0A') inodes.add(f[9]);
    }
  }
  if (!inodes.size) return undefined;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    let fds: string[] = [];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (m && inodes.has(m[1])) return Number(pid);
      } catch {}
    }
  }
  return undefined;
}

/** VmRSS and VmHWM (peak) of a process, in MB; undefined once it is gone. */
export function memoryOf(pid: number): { rss: number; peak: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? Number.NaN);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return undefined;
  }
}

export interface Sample {
  /** Seconds since the watch began. */
  t: number;
  rss: number;
}

/** Samples a process's RSS every `seconds` until `stop()`, which returns the samples. */
export function watchMemory(pid: number | undefined, seconds: number) {
  const samples: Sample[] = [];
  const t0 = Date.now();
  const timer = setInterval(() => {
    const m = pid ? memoryOf(pid) : undefined;
    if (m) samples.push({ t: (Date.now() - t0) / 1000, rss: m.rss });
  }, seconds * 1000);
  return {
    samples,
    stop() {
      clearInterval(timer);
      return samples;
    },
  };
}

/** A fresh database on the given PostgreSQL server, dropped again by `drop()`. */
export async function freshPostgres(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `chaupal_soak_${process.pid}_${Date.now()}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  try {
    await run(`CREATE DATABASE ${name}`);
  } catch (err) {
    throw new Error(`cannot create a database on ${adminUrl} (${(err as Error).message}); or pass --db pglite`);
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export interface SoakServer {
  base: string;
  pid: number;
  /** The last lines the server wrote (for a failure report). */
  logTail(): string;
  stop(): Promise<void>;
}

/**
 * Starts the server the way `npm start` does (the web build check, then the server workspace's start script), in its
 * own process group so stopping it stops npm, tsx and node together. Resolves once /healthz answers.
 */
export async function startServer(env: Record<string, string>): Promise<SoakServer> {
  const build = spawnSync(process.execPath, ['scripts/ensure-web-build.mjs'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the web build failed');
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'chaupal-soak-'));
  const logFile = join(dataDir, 'server.log');
  const log = createWriteStream(logFile);
  const child: ChildProcess = spawn('npm', ['run', '--silent', 'start', '-w', '@chaupal/server'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The soak measures the default install: no Redis, no external PostgreSQL unless the mode sets one.
      REDIS_URL: '',
      DATABASE_URL: '',
      ...env,
    },
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const base = `http://127.0.0.1:${port}`;
  const logTail = () => {
    try {
      return readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n');
    } catch {
      return '';
    }
  };
  let exited = false;
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  gone.then(() => {
    exited = true;
  });
  // However the soak ends (even by an uncaught error), the server's process group does not outlive it.
  const orphanGuard = () => {
    if (!exited && child.pid) process.kill(-child.pid, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('exit', orphanGuard);
  const stop = async () => {
    if (!exited && child.pid) {
      process.kill(-child.pid, 'SIGTERM');
      const timer = setTimeout(() => !exited && child.pid && process.kill(-child.pid, 'SIGKILL'), 15_000);
      await gone;
      clearTimeout(timer);
    }
    process.off('exit', orphanGuard);
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (exited) break;
    const ok = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    const pid = ok ? listeningPid(port) : undefined;
    if (pid) return { base, pid, logTail, stop };
    await new Promise((r) => setTimeout(r, 500));
  }
  const tail = logTail();
  await stop();
  throw new Error(`the server did not start:\n${tail}`);
}

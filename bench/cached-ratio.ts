import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type WrkResult, wrk as wrkRun } from './wrk';

/**
 * `npm run bench:cached`: what a cached page or API answer costs against a bare hello-world Fastify process, with the
 * portal as `npm start` runs it (its default settings, a fresh demo town on the embedded database). Both are separate
 * processes, measured by `wrk` (a C load tool that a few KB of HTML does not saturate, unlike autocannon) at
 * CACHED_CONNECTIONS (default 50) for CACHED_SECONDS (default 10) a target, with hello world before the first target
 * and after each, because this machine's speed drifts from one run to the next. A target's cost is the mean of the
 * hello-world runs either side of it in requests per second over its own: 2.0 means a cached answer costs twice a
 * bare hello world. Extra settings for the portal pass through the environment (LOG_LEVEL=silent,
 * LOG_CACHE_HITS=1, ...).
 */
const SECONDS = Number(process.env.CACHED_SECONDS || 10);
const CONNECTIONS = Number(process.env.CACHED_CONNECTIONS || 50);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const out = (line = '') => process.stdout.write(`${line}\n`);
const wrk = (url: string, accept: string) => wrkRun(url, { accept, connections: CONNECTIONS, seconds: SECONDS });

const HELLO = `
const fastify = require('fastify')();
fastify.get('/', async () => ({ hello: 'world' }));
fastify.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

async function waitFor(url: string, child: ChildProcess, seconds = 120) {
  for (let i = 0; i < seconds * 4; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

function start(command: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  // A group of its own, so that `npm start`'s node child stops with it.
  return spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
}

const stop = (child: ChildProcess) => {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
  } catch {}
};

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'chaupal-cached-'));
  const appPort = 3900 + Math.floor(Math.random() * 50);
  const helloPort = appPort + 50;
  const app = start('npm', ['start'], { ...process.env, PORT: String(appPort), DATA_DIR: dataDir });
  const hello = start(process.execPath, ['-e', HELLO], { ...process.env, PORT: String(helloPort) });
  try {
    const base = `http://127.0.0.1:${appPort}`;
    await Promise.all([waitFor(`${base}/healthz`, app), waitFor(`http://127.0.0.1:${helloPort}/`, hello)]);
    const list = (await (await fetch(`${base}/api/backend/v1/newss/view`)).json()) as { data: { slug: string }[] };
    const slug = list.data[0]?.slug;
    if (!slug) throw new Error('the demo town has no news');
    const targets: [string, string, string][] = [
      ['home page', '/', 'text/html'],
      ['news page', `/news/${slug}`, 'text/html'],
      ['news list API', '/api/backend/v1/newss/view', 'application/json'],
      ['news API by slug', `/api/backend/v1/newss/slug/${slug}`, 'application/json'],
    ];
    for (const [name, path, accept] of targets) {
      const res = await fetch(base + path, { headers: { accept, 'accept-encoding': 'br' } });
      await res.arrayBuffer();
      const again = await fetch(base + path, { headers: { accept, 'accept-encoding': 'br' } });
      await again.arrayBuffer();
      if (again.headers.get('x-cache') !== 'hit') throw new Error(`${name}: the second request was not a cache hit`);
    }
    const helloUrl = `http://127.0.0.1:${helloPort}/`;
    // Hello world between every two targets: each target is set against the hello-world runs either side of it.
    await wrk(helloUrl, 'application/json');
    const hellos = [await wrk(helloUrl, 'application/json')];
    const rows: [string, WrkResult, number][] = [];
    for (const [name, path, accept] of targets) {
      await wrk(base + path, accept);
      const r = await wrk(base + path, accept);
      hellos.push(await wrk(helloUrl, 'application/json'));
      const around = (hellos[hellos.length - 2].rps + hellos[hellos.length - 1].rps) / 2;
      rows.push([name, r, around / r.rps]);
    }
    const settings = ['LOG_LEVEL', 'LOG_CACHE_HITS', 'LOG_SLOW_MS', 'RESPONSE_CACHE']
      .filter((k) => process.env[k] !== undefined)
      .map((k) => `${k}=${process.env[k]}`);
    out(
      `\n\`npm start\`${settings.length ? ` with ${settings.join(' ')}` : ' (default settings)'}, ` +
        `wrk -t1 -c${CONNECTIONS} -d${SECONDS}s, brotli; Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}\n`,
    );
    out(`hello world: ${hellos.map((h) => h.rps.toFixed(0)).join(', ')} requests/s (before, and after each target)\n`);
    out('| target | requests/s | p50 ms | p99 ms | errors | cost vs hello world either side |');
    out('|---|---:|---:|---:|---:|---:|');
    for (const [name, r, cost] of rows) {
      out(
        `| ${name} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.errors} | ${cost.toFixed(2)}× |`,
      );
    }
    const errors = rows.reduce((n, [, r]) => n + r.errors, 0) + hellos.reduce((n, h) => n + h.errors, 0);
    if (errors) throw new Error(`${errors} requests failed`);
  } finally {
    stop(app);
    stop(hello);
    await new Promise((r) => setTimeout(r, 1000));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`bench:cached: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});

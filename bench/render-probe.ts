import fs, { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { API_PREFIX, buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, PGLITE_OPTIONS } from '../apps/server/src/db/client';
import { prepareDatabase } from '../apps/server/src/prepare';

/**
 * Where an uncached page's time goes: the demo town on the embedded database, the response cache off, one
 * request at a time through `app.inject` (no sockets, no compression unless PROBE_ENCODING). Prints the p50, p90, p99
 * and CPU a request of a hello-world route, a news page, the news API by slug and GET /site, with the statements, the
 * page's in-process API calls and the file-size lookups (fstat) each made.
 * `npx tsx ../../bench/render-probe.ts` from apps/server. Knobs: PROBE_N (default 400), PROBE_ONLY (a pattern of
 * names), PROBE_DATA_DIR (kept between runs), PROBE_DATABASE_URL (a PostgreSQL database instead, seeded when empty),
 * PROBE_ENCODING (an accept-encoding for every target; 'news page, brotli' asks br anyway), PROBE_MEMO=1 (the page's API answers memoised: React's render alone),
 * PROBE_PROFILE=<dir> (a CPU profile of each target's timed requests), PROBE_PAIR=1 (the page's two API reads in a row and together), PROBE_SQL=1 (one page's statements;
 * PROBE_SQL_FILE=<path> writes them with their parameters).
 */
const N = Number(process.env.PROBE_N || 400);
const dataDir = process.env.PROBE_DATA_DIR || join(process.env.TMPDIR || '/tmp', 'chaupal-render-probe');
process.env.NODE_ENV = 'production';

const out = (line = '') => process.stdout.write(`${line}\n`);

async function main() {
  mkdirSync(join(dataDir, 'db'), { recursive: true });
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    RESPONSE_CACHE: 'false',
    LOG_LEVEL: 'silent',
    DATABASE_URL: process.env.PROBE_DATABASE_URL ?? '',
    DATA_DIR: dataDir,
    REDIS_URL: '',
    SEED_DEMO: 'true',
  });
  const pglite = await PGlite.create(join(dataDir, 'db'), PGLITE_OPTIONS);
  // Every statement the app sends, with its time.
  const log: { sql: string; params?: unknown; ms: number }[] = [];
  let logging = false;
  // PGlite's own query and exec, and the prepared statements' batches (db/pglite-statements.ts: a Bind, 'B', first).
  const execProtocolRawStream = pglite.execProtocolRawStream.bind(pglite);
  pglite.execProtocolRawStream = async (message, options) => {
    if (!logging || message[0] !== 0x42) return execProtocolRawStream(message, options);
    const t0 = performance.now();
    try {
      return await execProtocolRawStream(message, options);
    } finally {
      log.push({ sql: 'a prepared statement', ms: performance.now() - t0 });
    }
  };
  for (const method of ['query', 'exec'] as const) {
    const original = pglite[method].bind(pglite) as (...a: unknown[]) => Promise<unknown>;
    (pglite as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      if (!logging) return original(...args);
      const t0 = performance.now();
      try {
        return await original(...args);
      } finally {
        log.push({ sql: String(args[0]), params: args[1], ms: performance.now() - t0 });
      }
    };
  }
  // How often the embedded database asks the file system for a file's size (PostgreSQL's lseek to the end).
  let fstats = 0;
  const fstatSync = fs.fstatSync;
  (fs as { fstatSync: unknown }).fstatSync = (...args: Parameters<typeof fstatSync>) => {
    fstats++;
    return fstatSync(...args);
  };
  // PROBE_DATABASE_URL: the same on a PostgreSQL database (seeded with the demo when empty) instead.
  const url = process.env.PROBE_DATABASE_URL;
  const database = await openDatabase(url ? { url } : { pglite });
  await prepareDatabase(database, config, () => {});
  const app = await buildApp({ config, db: database.db });
  app.get('/bench/hello', { schema: { hide: true } }, async () => ({ hello: 'world' }));
  await app.ready();
  // The page's own API calls (web.routes.ts: `app.readPublic`, else `app.inject` with the internal header): how long,
  // how many. PROBE_MEMO=1: their answers memoised (the first answer of each address), to time the render alone.
  const inner = { ms: 0, n: 0 };
  const memo = new Map<string, unknown>();
  const timed = async (url: string, call: () => Promise<unknown>) => {
    if (process.env.PROBE_MEMO === '1' && memo.has(url)) return memo.get(url);
    const t0 = performance.now();
    try {
      const res = await call();
      memo.set(url, res);
      return res;
    } finally {
      inner.ms += performance.now() - t0;
      inner.n++;
    }
  };
  const readPublic = app.readPublic;
  app.readPublic = (url) => timed(`public ${url}`, () => readPublic(url)) as ReturnType<typeof readPublic>;
  const inject = app.inject.bind(app) as (o: unknown) => Promise<unknown>;
  (app as unknown as { inject: unknown }).inject = async (o: unknown) => {
    const internal =
      typeof o === 'object' &&
      o !== null &&
      'headers' in o &&
      Object.keys((o as { headers: object }).headers).some((h) => h.startsWith('x-'));
    if (!internal) return inject(o);
    const url = (o as unknown as { url: string }).url;
    return timed(url, () => inject(o));
  };
  const list = await app.inject(`${API_PREFIX}/newss/view?pageSize=1`);
  const slug = (list.json() as { data: { slug: string }[] }).data[0].slug;

  const targets = [
    ['hello world', '/bench/hello'],
    ['news page', `/news/${slug}`],
    ['news page, brotli', `/news/${slug}`, 'br'],
    ['news API by slug', `${API_PREFIX}/newss/slug/${slug}`],
    ['GET /site', `${API_PREFIX}/site`],
  ] as const;
  const only = process.env.PROBE_ONLY ? new RegExp(process.env.PROBE_ONLY) : undefined;
  for (const [name, url, targetEncoding] of targets as readonly (readonly [string, string, string?])[]) {
    if (only && !only.test(name)) continue;
    const encoding = targetEncoding ?? process.env.PROBE_ENCODING;
    for (let i = 0; i < 50; i++) await app.inject(url);
    const times: number[] = [];
    const cpu0 = process.cpuUsage();
    let bytes = 0;
    inner.ms = 0;
    inner.n = 0;
    fstats = 0;
    logging = true;
    log.length = 0;
    const profiler = process.env.PROBE_PROFILE ? await startProfile() : undefined;
    for (let i = 0; i < N; i++) {
      // A turn of the event loop between requests, as a server's sockets give it: what React leaves for the check
      // phase (setImmediate) runs, instead of piling up (and its requests with it) over the whole loop.
      await new Promise(setImmediate);
      const t0 = performance.now();
      const res = await app.inject({
        url,
        headers: {
          accept: 'text/html,application/json',
          ...(encoding && { 'accept-encoding': encoding }),
        },
      });
      times.push(performance.now() - t0);
      if (process.env.PROBE_WINDOWS && (i + 1) % 500 === 0) {
        const w = times.slice(-500).sort((a, b) => a - b);
        out(`  ${i + 1}: p50 ${w[250].toFixed(2)} ms, heap ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB`);
      }
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
      bytes = res.rawPayload.length;
    }
    logging = false;
    const cpu = process.cpuUsage(cpu0);
    if (process.env.PROBE_HEAP) (await import('node:v8')).writeHeapSnapshot(process.env.PROBE_HEAP);
    if (profiler)
      await profiler.stop(join(process.env.PROBE_PROFILE as string, `${name.replace(/\W+/g, '-')}.cpuprofile`));
    times.sort((a, b) => a - b);
    const sqlMs = log.reduce((s, l) => s + l.ms, 0) / N;
    const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(2);
    out(
      `${name.padEnd(20)} p50 ${q(0.5)} ms  p90 ${q(0.9)} ms  p99 ${q(0.99)} ms  (${N} requests, ${bytes} bytes, CPU ${((cpu.user + cpu.system) / 1000 / N).toFixed(2)} ms a request)`,
    );
    out(
      `${''.padEnd(20)} mean: ${(log.length / N).toFixed(1)} statements ${sqlMs.toFixed(2)} ms, ${(inner.n / N).toFixed(1)} in-process API calls ${(inner.ms / N).toFixed(2)} ms, ${(fstats / N).toFixed(1)} fstat`,
    );
  }

  if (process.env.PROBE_PAIR === '1') {
    // The page's two API reads, one after the other and together, as the page's loaders call them (in-process).
    const urls = [`${API_PREFIX}/newss/slug/${slug}`, `${API_PREFIX}/site`];
    for (const together of [false, true, false, true]) {
      const times: number[] = [];
      const c0 = process.cpuUsage();
      for (let i = 0; i < N + 50; i++) {
        const t0 = performance.now();
        if (together) await Promise.all(urls.map((url) => app.readPublic(url)));
        else for (const url of urls) await app.readPublic(url);
        if (i >= 50) times.push(performance.now() - t0);
      }
      const c = process.cpuUsage(c0);
      times.sort((a, b) => a - b);
      out(
        `${(together ? 'both at once' : 'one after the other').padEnd(20)} p50 ${times[Math.floor(N / 2)].toFixed(2)} ms, CPU ${((c.user + c.system) / 1000 / (N + 50)).toFixed(2)} ms`,
      );
    }
  }

  if (process.env.PROBE_SQL === '1') {
    logging = true;
    log.length = 0;
    await app.inject(`/news/${slug}`);
    logging = false;
    out(`\n${log.length} statements for one news page:`);
    for (const l of log) out(`${l.ms.toFixed(2).padStart(7)} ms  ${l.sql.replace(/\s+/g, ' ').slice(0, 160)}`);
    if (process.env.PROBE_SQL_FILE) fs.writeFileSync(process.env.PROBE_SQL_FILE, JSON.stringify(log, null, 1));
    out(
      `${log
        .reduce((s, l) => s + l.ms, 0)
        .toFixed(2)
        .padStart(7)} ms  in all`,
    );
  }
  await app.close();
  await database.close();
  await pglite.close();
}

/** PROBE_PROFILE=<dir>: a CPU profile of each target's timed requests alone (not the start), for DevTools. */
async function startProfile() {
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  return {
    async stop(file: string) {
      const { profile } = await session.post('Profiler.stop');
      mkdirSync(process.env.PROBE_PROFILE as string, { recursive: true });
      fs.writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

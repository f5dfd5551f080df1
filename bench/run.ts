import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { API_PREFIX, buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { type Db, openDatabase } from '../apps/server/src/db/client';
import { users } from '../apps/server/src/db/schema';
import { makeUser } from '../apps/server/src/seed/factories';
import { serveDemo } from './demo-server';
import { type BenchTargets, DEFAULT_BENCH_URL, generateBenchData } from './generate';
import type { LoadJob, LoadResult } from './load';
import { measureSearchLoad, SEARCH_LOAD } from './search-load';
import { measureStampede, STAMPEDE } from './stampede';

/**
 * `npm run bench`: fills a PostgreSQL database with a large data set, starts the real app on it with the response
 * cache off (so every request reaches the database), and measures a hello-world route beside the public reads.
 * Knobs: BENCH_DATABASE_URL, BENCH_SECONDS (default 30), BENCH_REGENERATE=1, BENCH_ONLY=<pattern of endpoint names>
 * (`BENCH_ONLY=search` measures only the site search, beside hello world, and the cached pages beside a
 * stream of searches, search-load.ts; `BENCH_ONLY='search load'` only the latter), and the cached home page under an
 * admin write a second (stampede.ts, `BENCH_ONLY='writes under load'`).
 */

const SECONDS = Number(process.env.BENCH_SECONDS || 30);
const WARMUP_SECONDS = 2;
const CONNECTIONS = [1, 10] as const;
/** Cached pages are measured at 50 connections (docs/performance.md). */
const CACHED_CONNECTIONS = [50] as const;
const out = (line = '') => process.stdout.write(`${line}\n`);

interface Endpoint {
  name: string;
  path: string;
  /** Checks a 200 body; returns what to print, or throws. */
  check(body: Record<string, unknown>): string;
  headers?: Record<string, string>;
  /** A server-rendered page: checked as HTML, not JSON. */
  html?: boolean;
  /** Measured at these connections instead of the server's usual ones. */
  connections?: readonly number[];
}

interface Row extends LoadResult {
  endpoint: string;
  connections: number;
  /** Which server answered (each has its own hello-world route): the response cache off or on on the bench data, or
   * the demo town on the embedded database as `npm start` runs it, cache off. */
  server: 'cache off' | 'cache on' | 'demo, cache off';
}

/** What a browser sends: pages and JSON come back compressed, as they do on a phone. */
const BROWSER = { 'accept-encoding': 'br, gzip', accept: 'text/html,application/json' };
const HELLO: Endpoint = {
  name: 'hello world',
  path: '/bench/hello',
  headers: BROWSER,
  check: (b) => {
    if (b.hello !== 'world') throw new Error('unexpected body');
    return 'ok';
  },
};
const page = (name: string, path: string): Endpoint => ({
  name,
  path,
  html: true,
  headers: BROWSER,
  check: () => 'html',
});

/** The public pages and the news API as a visitor's phone meets them, with the response cache on. */
function cachedEndpoints(t: BenchTargets): Endpoint[] {
  return [
    HELLO,
    page('home page', '/'),
    page('news list page (edition)', `/edition/${t.editionId}`),
    page('news page', `/news/${t.newsSlug}`),
    {
      name: 'news list API, edition + circle',
      path: `${API_PREFIX}/newss/view?edition=${t.editionId}&circle=${t.circleId}&pageSize=12&page=1`,
      headers: BROWSER,
      check: listCheck(t.newsTotal),
    },
    {
      name: 'news detail API by slug',
      path: `${API_PREFIX}/newss/slug/${t.newsSlug}`,
      headers: BROWSER,
      check: () => 'ok',
    },
  ];
}

function listCheck(total: number) {
  return (body: Record<string, unknown>) => {
    const meta = body.meta as { total?: number } | undefined;
    const data = body.data as unknown[] | undefined;
    if (meta?.total !== total) throw new Error(`meta.total is ${meta?.total}, expected ${total}`);
    if (!data?.length) throw new Error('the page is empty');
    return `meta.total = ${meta.total}, ${data.length} rows`;
  };
}

/**
 * Site search, one client (its bar is a single client's p99), for a word in every record (titles of all
 * news, texts of all), a word in one title (and near spellings of it in others), a misspelling only trigrams find, and
 * a word naming every edition (the news filed under them: 100,000, of which the newest 200 are ranked).
 */
function searchEndpoints(): Endpoint[] {
  const search = (name: string, q: string, expect: { suggestion: string | null }): Endpoint => ({
    name: `search: ${name} (${q})`,
    path: `${API_PREFIX}/search?q=${encodeURIComponent(q)}`,
    connections: [1],
    check: (b) => {
      const meta = b.meta as { total?: number } | undefined;
      const hits = b.data as { title: string }[] | undefined;
      if (!hits?.length) throw new Error('no hits');
      if (b.suggestion !== expect.suggestion) throw new Error(`suggestion is ${JSON.stringify(b.suggestion)}`);
      return `meta.total = ${meta?.total}, first "${hits[0].title}", suggestion ${JSON.stringify(b.suggestion)}`;
    },
  });
  return [
    search('common word', 'news', { suggestion: null }),
    search('rare word', '77777', { suggestion: null }),
    search('typo', 'featurs', { suggestion: 'feature' }),
    search('filed under', 'edition', { suggestion: null }),
  ];
}

/** A page of an admin list: the token goes along, and the page must not be empty. */
function adminList(name: string, path: string, token: string): Endpoint {
  return {
    name,
    path: `${API_PREFIX}/admin${path}`,
    headers: { authorization: `Bearer ${token}` },
    check: (b) => {
      const meta = b.meta as { total?: number } | undefined;
      if (!(b.data as unknown[] | undefined)?.length) throw new Error('the page is empty');
      return `meta.total = ${meta?.total}`;
    },
  };
}

function endpoints(t: BenchTargets, adminToken: string): Endpoint[] {
  const news = `${API_PREFIX}/newss/view?edition=${t.editionId}&circle=${t.circleId}&pageSize=12`;
  return [
    {
      name: 'hello world',
      path: '/bench/hello',
      check: (b) => {
        if (b.hello !== 'world') throw new Error('unexpected body');
        return 'ok';
      },
    },
    { name: 'news list, edition + circle, page 1', path: `${news}&page=1`, check: listCheck(t.newsTotal) },
    { name: 'news list, edition + circle, page 100', path: `${news}&page=100`, check: listCheck(t.newsTotal) },
    {
      name: 'news detail by slug',
      path: `${API_PREFIX}/newss/slug/${t.newsSlug}`,
      check: (b) => {
        const slug = (b.data as { slug?: string } | undefined)?.slug;
        if (slug !== t.newsSlug) throw new Error(`data.slug is ${slug}`);
        return `slug = ${slug}, ${(b.related as unknown[] | undefined)?.length ?? 0} related`;
      },
    },
    {
      name: 'experts list, service + circle, page 1',
      path: `${API_PREFIX}/experts/view?service=${t.serviceId}&circle=${t.circleId}&page=1`,
      check: listCheck(t.expertsTotal),
    },
    adminList('admin: moderation queue, page 1', '/moderation?pageSize=20', adminToken),
    adminList('admin: all records, page 1', '/records?pageSize=20', adminToken),
    adminList('admin: active outlets, page 50', '/records?kind=outlet&status=active&pageSize=20&page=50', adminToken),
    ...searchEndpoints(),
  ];
}

/** Sends jobs to the load child one at a time. */
function loader(child: ChildProcess) {
  return (job: LoadJob) =>
    new Promise<LoadResult>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`the load generator exited (${code})`));
      child.once('exit', onExit);
      child.once('message', (m: { ok: boolean; result?: LoadResult; error?: string }) => {
        child.off('exit', onExit);
        if (m.ok && m.result) resolve(m.result);
        else reject(new Error(m.error ?? 'load generator failed'));
      });
      child.send(job);
    });
}

const fmt = (n: number, digits: number) => (Number.isFinite(n) ? n.toFixed(digits) : '–');

function table(rows: Row[]): string {
  const hello = new Map(
    rows.filter((r) => r.endpoint === 'hello world').map((r) => [`${r.server}|${r.connections}`, r.rps]),
  );
  const lines = [
    '| server | endpoint | connections | requests/s | p50 ms | p99 ms | vs hello world |',
    '|---|---|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    const ratio = r.rps / (hello.get(`${r.server}|${r.connections}`) ?? Number.NaN);
    lines.push(
      `| ${r.server} | ${r.endpoint} | ${r.connections} | ${fmt(r.rps, 0)} | ${fmt(r.p50, 2)} | ${fmt(r.p99, 2)} | ${fmt(ratio, 3)} |`,
    );
  }
  return lines.join('\n');
}

/** The bench data's admin (made once), whose token the admin endpoints are measured with. */
async function benchAdmin(db: Db) {
  const [existing] = await db.select().from(users).where(eq(users.email, 'bench-admin@example.com'));
  if (existing) return existing;
  return makeUser(db, { name: 'Bench Admin', email: 'bench-admin@example.com', phone: '+910000099999', role: 'admin' });
}

async function main(): Promise<number> {
  if (!(SECONDS > 0)) throw new Error(`BENCH_SECONDS must be a positive number, not "${process.env.BENCH_SECONDS}"`);
  const url = process.env.BENCH_DATABASE_URL || DEFAULT_BENCH_URL;
  // As `npm start` renders pages: React's production build (main.ts sets the same before the web app loads).
  process.env.NODE_ENV = 'production';
  const targets = await generateBenchData(url, { regenerate: process.env.BENCH_REGENERATE === '1' });

  const dataDir = mkdtempSync(join(tmpdir(), 'chaupal-bench-'));
  const database = await openDatabase({ url });
  /** The app on the bench data, with a hello-world route beside it: the floor of the same plugins, no database. */
  const serve = async (responseCache: boolean) => {
    const config = loadConfig({
      ...process.env,
      NODE_ENV: 'test',
      RESPONSE_CACHE: String(responseCache),
      LOG_LEVEL: 'silent',
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      REDIS_URL: '',
    });
    const app = await buildApp({ config, db: database.db });
    app.get('/bench/hello', { schema: { hide: true } }, async () => ({ hello: 'world' }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
  };
  const uncached = await serve(false);
  const cached = await serve(true);
  const demo = await serveDemo();
  // A separate process generates the load (it inherits tsx's loader through execArgv).
  const child = fork(fileURLToPath(new URL('./load.ts', import.meta.url)));
  const load = loader(child);
  const failures: string[] = [];
  const rows: Row[] = [];
  /** The cached pages beside a stream of searches (search-load.ts), as a table of its own. */
  let searchLoad: string | undefined;
  /** The cached home page while an admin write lands every second (stampede.ts). */
  let stampede: string | undefined;
  // BENCH_ONLY (a pattern) measures only the matching endpoints, beside hello world.
  const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : undefined;
  const pick = (list: Endpoint[]) => list.filter((e) => !only || e.name === 'hello world' || only.test(e.name));

  async function check(base: string, list: Endpoint[]) {
    for (const e of list) {
      const res = await fetch(base + e.path, { headers: e.headers });
      if (res.status !== 200) throw new Error(`${e.name}: HTTP ${res.status} ${await res.text()}`);
      const said = e.html
        ? (await res.text()).includes('</html>')
          ? 'a whole document'
          : 'not a document'
        : e.check((await res.json()) as Record<string, unknown>);
      out(`  ${e.name}: 200, ${said}`);
    }
  }
  async function measure(server: Row['server'], base: string, list: Endpoint[], connections: readonly number[]) {
    for (const e of list) {
      const runs: [string, LoadJob][] = [
        ['warm-up', { url: base + e.path, connections: 10, seconds: WARMUP_SECONDS, headers: e.headers }],
        ...(e.connections ?? connections).map((c): [string, LoadJob] => [
          `${c} conn`,
          { url: base + e.path, connections: c, seconds: SECONDS, headers: e.headers },
        ]),
      ];
      for (const [label, job] of runs) {
        const r = await load(job);
        if (r.non2xx || r.errors) failures.push(`${e.name} (${label}): ${r.non2xx} non-2xx, ${r.errors} errors`);
        if (label !== 'warm-up') rows.push({ ...r, endpoint: e.name, connections: job.connections, server });
        out(
          `  ${server}: ${e.name} [${label}]: ${fmt(r.rps, 0)} req/s, p50 ${fmt(r.p50, 2)} ms, p99 ${fmt(r.p99, 2)} ms`,
        );
      }
    }
  }
  try {
    const api = pick([
      ...endpoints(targets, await uncached.app.tokens.issue(await benchAdmin(database.db))),
      page('news page (rendered every time)', `/news/${targets.newsSlug}`),
    ]);
    const pages = pick(cachedEndpoints(targets));
    out('\nchecking every endpoint answers as expected:');
    await check(uncached.base, api);
    await check(cached.base, pages);
    out(`\nmeasuring ${SECONDS} s per run (after a ${WARMUP_SECONDS} s warm-up per endpoint):`);
    await measure('cache off', uncached.base, api, CONNECTIONS);
    await measure('cache on', cached.base, pages, CACHED_CONNECTIONS);
    const demoPages = pick([
      HELLO,
      page('home page (rendered every time)', '/'),
      page('news page (rendered every time)', `/news/${demo.newsSlug}`),
    ]);
    await check(demo.base, demoPages);
    await measure('demo, cache off', demo.base, demoPages, [1]);
    if (!only || only.test(SEARCH_LOAD)) searchLoad = await measureSearchLoad(url, SECONDS, out);
    if (!only || only.test(STAMPEDE)) {
      out(`\n${STAMPEDE}:`);
      const measured = await measureStampede(Math.min(SECONDS, 15));
      stampede = measured.report;
      out(stampede);
      if (!measured.ok) failures.push(`${STAMPEDE}: the cached home page did not hold the bar under writes`);
    }
  } finally {
    child.disconnect();
    await uncached.app.close();
    await cached.app.close();
    await demo.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const result = table(rows);
  out(`\n${result}\n`);
  const report = [
    '# Benchmark: last run',
    '',
    `- date: ${new Date().toISOString()}`,
    `- Node ${process.version}; ${targets.postgresVersion}; ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}`,
    `- ${SECONDS} s per run; two servers in one process on the same data, the response cache off (API reads, the news page rendered every time, at ${CONNECTIONS.join(' and ')} connections) and on (pages and the news API as browsers ask for them, compressed, at ${CACHED_CONNECTIONS.join(' and ')} connections), and a third on the demo town in the embedded database as \`npm start\` runs it (cache off, pages rendered every time, one connection), each with its own hello-world route; load from a separate process (autocannon)`,
    `- data: 100,000 news, 20,000 each of experts, outlets, features; ${targets.newsTotal} news in the listed edition + circle, ${targets.expertsTotal} experts in the listed service + circle`,
    targets.generatedSeconds === null
      ? '- data generation: reused'
      : `- data generation: ${targets.generatedSeconds.toFixed(1)} s`,
    '',
    result,
    ...(searchLoad ? ['', `## ${SEARCH_LOAD}`, '', searchLoad] : []),
    ...(stampede ? ['', `## ${STAMPEDE}`, '', stampede] : []),
    ...(failures.length ? ['', '**Failures:**', ...failures.map((f) => `- ${f}`)] : []),
    '',
  ].join('\n');
  writeFileSync(new URL('./last-run.md', import.meta.url), report);
  for (const f of failures) process.stderr.write(`bench: ${f}\n`);
  return failures.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`bench: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './soak-server';

/**
 * `npm run bench:web`: Lighthouse 12 (mobile, its default simulated throttling) over six public pages of a server
 * started as `npm start` starts it (fresh data directory with the demo town, loopback only), RUNS times each; the
 * median of each figure goes into the Lighthouse section of docs/performance.md (the rest of the file is kept).
 * Knobs: CHROME_PATH (default /usr/bin/chromium), BENCH_WEB_RUNS (default 3), BENCH_WEB_LABEL (the section's title),
 * BENCH_WEB_ONLY (a pattern of page names), BENCH_WEB_WRITE=0 (print only).
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env.BENCH_WEB_RUNS || 3);
const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium';
const DOC = join(ROOT, 'docs', 'performance.md');
const HEADING = '## Lighthouse, mobile';
const out = (line = '') => process.stdout.write(`${line}\n`);

interface Figures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcp: number;
  cls: number;
  tbt: number;
  /**
   * What the first load moved over the wire, compressed, without images: the document, stylesheets and scripts (the
   * app's scripts count whether they ran or were only fetched into the cache for the visitor's first tap).
   */
  firstLoadBytes: number;
  /** Of it, the scripts. */
  scriptBytes: number;
  failing: string[];
}

const FIRST_LOAD_TYPES = new Set(['Document', 'Stylesheet', 'Script']);
type Request = { url?: string; resourceType?: string; transferSize?: number };
/** A script, however it was requested (a prefetched one is of type "Other"). */
const isScript = (r: Request) => r.resourceType === 'Script' || /\.m?js(\?|$)/.test(r.url ?? '');

/** `npm start`'s server command (after its build check) on a loopback port with a fresh data directory. */
async function startServer() {
  const build = spawn(process.execPath, ['scripts/ensure-web-build.mjs'], { cwd: ROOT, stdio: 'inherit' });
  const code = await new Promise((r) => build.once('exit', r));
  if (code !== 0) throw new Error('the web build failed');
  const dataDir = mkdtempSync(join(tmpdir(), 'chaupal-lighthouse-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--max-old-space-size=512', '--import', 'tsx', 'src/main.ts'], {
    cwd: join(ROOT, 'apps', 'server'),
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      MALLOC_ARENA_MAX: '2',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url, child);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, stop };
}

async function waitForHealth(url: string, child: ChildProcess) {
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('the server did not answer /healthz within 120 s');
}

/** The six public pages Lighthouse measures, with real slugs read from the API. */
async function pages(url: string): Promise<{ name: string; path: string }[]> {
  const api = async (path: string) => {
    const res = await fetch(`${url}/api/backend/v1${path}`);
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    return ((await res.json()) as { data: { slug: string }[] }).data;
  };
  const first = async (path: string) => {
    const [row] = await api(path);
    if (!row) throw new Error(`${path} is empty`);
    return row.slug;
  };
  return [
    { name: 'home', path: '/' },
    { name: 'services', path: '/services' },
    { name: "a service's experts", path: `/service/${await first('/services/view')}` },
    { name: 'an outlet', path: `/outlets/${await first('/outlets/view')}` },
    { name: 'a news article', path: `/news/${await first('/newss/view')}` },
    { name: 'a feature', path: `/article/${await first('/blog')}` },
  ];
}

/** One Lighthouse run (its CLI, in a process of its own) → the figures of its report. */
async function lighthouse(target: string): Promise<Figures> {
  const dir = mkdtempSync(join(tmpdir(), 'chaupal-lh-'));
  const report = join(dir, 'report.json');
  const cli = join(ROOT, 'node_modules', 'lighthouse', 'cli', 'index.js');
  const child = spawn(
    process.execPath,
    [
      cli,
      target,
      '--quiet',
      '--output=json',
      `--output-path=${report}`,
      '--only-categories=performance,accessibility,best-practices,seo',
      '--chrome-flags=--headless --no-sandbox',
    ],
    { cwd: ROOT, env: { ...process.env, CHROME_PATH: CHROME }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const code = await new Promise((r) => child.once('exit', r));
  try {
    if (code !== 0) throw new Error(`lighthouse exited with ${code} on ${target}`);
    const lhr = JSON.parse(readFileSync(report, 'utf8')) as {
      categories: Record<string, { score: number; auditRefs: { id: string; weight: number }[] }>;
      audits: Record<
        string,
        {
          score: number | null;
          numericValue?: number;
          scoreDisplayMode: string;
          details?: { items?: Request[] };
        }
      >;
    };
    const score = (id: string) => Math.round(lhr.categories[id].score * 100);
    const requests = lhr.audits['network-requests'].details?.items ?? [];
    const bytes = (which: (r: Request) => boolean) =>
      requests.filter(which).reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
    const failing = ['accessibility', 'best-practices', 'seo'].flatMap((c) =>
      lhr.categories[c].auditRefs
        .filter((r) => {
          const a = lhr.audits[r.id];
          return a && a.scoreDisplayMode === 'binary' && a.score === 0;
        })
        .map((r) => r.id),
    );
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcp: lhr.audits['largest-contentful-paint'].numericValue ?? Number.NaN,
      cls: lhr.audits['cumulative-layout-shift'].numericValue ?? Number.NaN,
      tbt: lhr.audits['total-blocking-time'].numericValue ?? Number.NaN,
      firstLoadBytes: bytes((r) => FIRST_LOAD_TYPES.has(r.resourceType ?? '') || isScript(r)),
      scriptBytes: bytes(isScript),
      failing,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Lighthouse sometimes fails to record a trace on a busy machine (NO_NAVSTART): such a run is run again. */
async function withRetries<T>(run: () => Promise<T>, tries = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await run();
    } catch (err) {
      if (i >= tries) throw err;
      out(`  (${err instanceof Error ? err.message : String(err)}; running it again)`);
    }
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

function medians(runs: Figures[]): Figures {
  const m = (k: Exclude<keyof Figures, 'failing'>) => median(runs.map((r) => r[k]));
  return {
    performance: m('performance'),
    accessibility: m('accessibility'),
    bestPractices: m('bestPractices'),
    seo: m('seo'),
    lcp: m('lcp'),
    cls: m('cls'),
    tbt: m('tbt'),
    firstLoadBytes: m('firstLoadBytes'),
    scriptBytes: m('scriptBytes'),
    failing: [...new Set(runs.flatMap((r) => r.failing))],
  };
}

/** Replaces (or appends) the Lighthouse section of docs/performance.md: from its heading to the next `## `. */
function writeSection(table: string) {
  const doc = readFileSync(DOC, 'utf8');
  const start = doc.indexOf(HEADING);
  if (start < 0) {
    writeFileSync(DOC, `${doc.trimEnd()}\n\n${table}`);
    return;
  }
  const next = doc.indexOf('\n## ', start + HEADING.length);
  writeFileSync(DOC, doc.slice(0, start) + table + (next < 0 ? '' : `\n${doc.slice(next + 1)}`));
}

async function main() {
  const server = await startServer();
  const rows: { name: string; path: string; f: Figures }[] = [];
  try {
    const only = process.env.BENCH_WEB_ONLY ? new RegExp(process.env.BENCH_WEB_ONLY, 'i') : null;
    const list = (await pages(server.url)).filter((p) => !only || only.test(p.name));
    // One request each first, so the first measured run does not pay for the server's own warm-up.
    for (const p of list) await fetch(server.url + p.path);
    for (const p of list) {
      const runs: Figures[] = [];
      for (let i = 0; i < RUNS; i++) {
        const f = await withRetries(() => lighthouse(server.url + p.path));
        out(
          `${p.name} #${i + 1}: perf ${f.performance}, a11y ${f.accessibility}, bp ${f.bestPractices}, seo ${f.seo}, ` +
            `LCP ${Math.round(f.lcp)} ms, CLS ${f.cls.toFixed(3)}, TBT ${Math.round(f.tbt)} ms, ` +
            `first load ${(f.firstLoadBytes / 1000).toFixed(1)} KB (scripts ${(f.scriptBytes / 1000).toFixed(1)})` +
            (f.failing.length ? `; failing: ${f.failing.join(', ')}` : ''),
        );
        runs.push(f);
      }
      rows.push({ name: p.name, path: p.path, f: medians(runs) });
    }
  } finally {
    await server.stop();
  }

  const date = new Date().toISOString().slice(0, 10);
  const label = process.env.BENCH_WEB_LABEL || `${date}, \`npm run bench:web\``;
  const lines = [
    `${HEADING} (${label})`,
    '',
    `Lighthouse 12, mobile (simulated slow 4G, 4× CPU slowdown), Debian Chromium, median of ${RUNS} runs per page,`,
    'against a fresh `npm start` (demo town, loopback). The CPU-bound figures (TBT, LCP) vary between runs. First',
    'load: the document, stylesheets and scripts as transferred (compressed), without images; the scripts count',
    'whether they ran or were only fetched into the cache (decisions 012 and 018: Chromium on a desktop does not',
    'report a Wi-Fi link, so nothing is prefetched, as for a phone on mobile data).',
    '',
    '| page | performance | accessibility | best practices | SEO | LCP s | CLS | TBT ms | first load KB | of it scripts KB | failing audits |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    ...rows.map(
      ({ name, path, f }) =>
        `| ${name} (\`${path.length > 40 ? `${path.slice(0, 37)}…` : path}\`) | ${f.performance} | ${f.accessibility} | ` +
        `${f.bestPractices} | ${f.seo} | ${(f.lcp / 1000).toFixed(2)} | ${f.cls.toFixed(3)} | ${Math.round(f.tbt)} | ` +
        `${(f.firstLoadBytes / 1000).toFixed(1)} | ${(f.scriptBytes / 1000).toFixed(1)} | ${f.failing.join(', ') || '–'} |`,
    ),
    '',
  ];
  const table = lines.join('\n');
  out();
  out(table);
  if (process.env.BENCH_WEB_WRITE !== '0') writeSection(table);
}

main().catch((err: unknown) => {
  process.stderr.write(`bench:web: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});

import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { API_PREFIX, buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, SESSION_SETTINGS } from '../apps/server/src/db/client';
import { DEFAULT_SCALE_URL, generateScaleData, type ScaleInfo, TEXT_WORDS } from './search-scale-data';

/**
 * `npm run bench:search-scale`: site search at scale. Fills (once) a PostgreSQL database with a million public news,
 * 100,000 experts, 100,000 outlets and 20,000 features whose texts are words a town writes (search-scale-data.ts),
 * starts the real app on it with the response cache off and the rate limits lifted, and times search shapes one
 * request at a time over HTTP, beside a hello-world route of the same server. The bar: one client's p99 under 20 ms for
 * a common word, a rare word, a typo, a what + where query and ten words; the other shapes look for the worst.
 *
 * Knobs: SCALE_DATABASE_URL (default chaupal_search_scale on 127.0.0.1), BENCH_REGENERATE=1 (build the data again),
 * SCALE_REQUESTS (timed requests per shape, 300), SCALE_WARMUP (20), SCALE_ONLY=<pattern of shape names>, and
 * SCALE_EXPLAIN=1 (after timing, the EXPLAIN (ANALYZE, BUFFERS) of every statement each shape's search runs, with the
 * plan nodes that took the most time). A full run (every shape, 300 requests or more) writes the table and the plans'
 * summary to bench/search-scale-last-run.md.
 */

const REQUESTS = Number(process.env.SCALE_REQUESTS || 300);
const WARMUP = Number(process.env.SCALE_WARMUP ?? 20);
const EXPLAIN = process.env.SCALE_EXPLAIN === '1';
const out = (line = '') => process.stdout.write(`${line}\n`);

interface Shape {
  name: string;
  q: string;
  /** Other query parameters (`kind`, `page`). */
  params?: Record<string, string>;
  /** One of the five shapes the bar is about. */
  bar?: boolean;
}

/**
 * The shapes: the five of the bar, then ones that may cost more. `rare` is a name the data holds in a handful of
 * records (found in it, as names are made from a hash).
 */
function shapes(rare: string): Shape[] {
  return [
    { name: 'common word', q: 'market', bar: true },
    { name: 'rare word', q: rare, bar: true },
    { name: 'typo', q: 'hospitl', bar: true },
    { name: 'what + where (service word + circle)', q: 'plumber riverside', bar: true },
    { name: '10 words', q: 'municipal corporation water supply pipeline repair work near main market', bar: true },
    { name: 'word in (nearly) every record, no title', q: 'the' },
    { name: 'word only in bodies', q: 'reportedly' },
    { name: 'two common words', q: 'market road' },
    { name: 'eight very common words', q: 'the of and market road new school temple' },
    { name: 'many typo words', q: 'hospitl markte scool tempel' },
    { name: 'typo + common word', q: 'markte road' },
    { name: 'quoted phrase', q: '"main market"' },
    { name: 'excluded word', q: 'market -road' },
    { name: 'or', q: 'temple or masjid' },
    { name: 'place + typo', q: 'plumbr civil lines' },
    { name: 'common word + locality', q: 'market shivaji nagar' },
    { name: 'service word + "in" + circle', q: 'doctor in station road' },
    { name: 'taxonomy word (an edition: 1/6 of news filed under it)', q: 'sports' },
    { name: 'partial word', q: 'hosp' },
    { name: 'long misspelling', q: 'electrcian' },
    { name: 'no such word (did-you-mean)', q: 'zqxwv' },
    { name: 'common word, kind=news', q: 'market', params: { kind: 'news' } },
    { name: 'common word, page 5', q: 'market', params: { page: '5' } },
    { name: 'common word, kind=expert, page 5', q: 'market', params: { kind: 'expert', page: '5' } },
  ];
}

/** When the search code last changed (others edit it as this runs): the newest file of modules/search. */
function searchCodeChanged(): string {
  const dir = new URL('../apps/server/src/modules/search/', import.meta.url);
  const times = readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => statSync(new URL(f, dir)).mtime.getTime());
  return new Date(Math.max(...times)).toISOString();
}

const searchPath = (s: Shape) => `${API_PREFIX}/search?${new URLSearchParams({ q: s.q, ...s.params }).toString()}`;

const fmt = (n: number, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : '–');
/** The nearest-rank percentile of sorted times. */
const pct = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;

interface Timing {
  p50: number;
  p99: number;
  max: number;
  /** Answers other than 200, by status. */
  others: Map<number, number>;
}

/** `WARMUP` requests, then `REQUESTS` timed ones, one at a time, each read to its end. */
async function time(url: string): Promise<Timing> {
  const others = new Map<number, number>();
  const once = async () => {
    const started = performance.now();
    const res = await fetch(url);
    await res.arrayBuffer();
    const ms = performance.now() - started;
    if (res.status !== 200) others.set(res.status, (others.get(res.status) ?? 0) + 1);
    return ms;
  };
  for (let i = 0; i < WARMUP; i++) await once();
  others.clear();
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) times.push(await once());
  times.sort((a, b) => a - b);
  return { p50: pct(times, 0.5), p99: pct(times, 0.99), max: times[times.length - 1], others };
}

// ── Capturing the statements a search runs ─────────────────────────────────────────────────────────

interface Statement {
  text: string;
  values: unknown[];
}

/** While set, every statement any `pg` client of this process sends (the app's pool included) is recorded here. */
let captured: Statement[] | null = null;

/** Wraps `pg.Client#query` (the pool's clients and transactions use it) to record statements while capturing. */
function captureStatements() {
  type Query = (this: unknown, ...args: unknown[]) => unknown;
  const proto = pg.Client.prototype as unknown as { query: Query };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    if (captured) {
      const [config, values] = args;
      const c = config as { text?: string; values?: unknown[] } | string;
      const text = typeof c === 'string' ? c : c?.text;
      const vals = Array.isArray(values) ? values : typeof c === 'object' ? c?.values : undefined;
      if (text) captured.push({ text, values: vals ?? [] });
    }
    return original.apply(this, args);
  };
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'CTE Name'?: string;
  'Subplan Name'?: string;
  'Parent Relationship'?: string;
  Alias?: string;
  'Actual Total Time'?: number;
  'Actual Loops'?: number;
  'Actual Rows'?: number;
  Plans?: PlanNode[];
}

const spent = (node: PlanNode) => (node['Actual Total Time'] ?? 0) * (node['Actual Loops'] ?? 1);
/** A CTE's plan, which runs when a CTE Scan first reads it, not as a step of the node it hangs from. */
const cteName = (node: PlanNode) =>
  node['Parent Relationship'] === 'InitPlan' && node['Subplan Name']?.startsWith('CTE ')
    ? node['Subplan Name'].slice(4)
    : undefined;

/**
 * The plan nodes that took the most time of their own (their time less their children's; a CTE's time is its plan's,
 * not the scans' that read it; JIT's is reported apart), as text.
 */
function slowestNodes(root: PlanNode, jitMs = 0, n = 6): string[] {
  const ctes = new Map<string, number>();
  const collect = (node: PlanNode) => {
    const name = cteName(node);
    if (name) ctes.set(name, spent(node));
    for (const c of node.Plans ?? []) collect(c);
  };
  collect(root);
  const all: { label: string; self: number; rows: number; loops: number }[] = [];
  const walk = (node: PlanNode) => {
    const children = (node.Plans ?? []).filter((c) => !cteName(c)).reduce((sum, c) => sum + spent(c), 0);
    const cte = node['Node Type'] === 'CTE Scan' ? (ctes.get(node['CTE Name'] ?? '') ?? 0) : 0;
    const on = node['Index Name'] ?? node['Relation Name'] ?? node['CTE Name'] ?? node.Alias;
    all.push({
      label: `${node['Node Type']}${on ? ` on ${on}` : ''}`,
      // JIT's compile time counts in the top node's time, in no node's own.
      self: Math.max(0, spent(node) - children - cte - (node === root ? jitMs : 0)),
      rows: node['Actual Rows'] ?? 0,
      loops: node['Actual Loops'] ?? 1,
    });
    for (const c of node.Plans ?? []) walk(c);
  };
  walk(root);
  return all
    .sort((a, b) => b.self - a.self)
    .slice(0, n)
    .map((x) => `${fmt(x.self)} ms ${x.label} (${x.rows} rows × ${x.loops} loops)`);
}

/** Reads are explained; transaction control, settings and writes (the search log's counts) are not. */
const READ = /^\s*\(?\s*(select|with)\b/i;

/** What EXPLAIN says of one search: every plan in full, and a summary (statement times, slowest nodes). */
interface Explained {
  full: string[];
  summary: string[];
}

/**
 * One search's statements with their plans: EXPLAIN (ANALYZE, BUFFERS) as text, and the slowest nodes. The summary
 * keeps the statements of 1 ms or more.
 */
async function explain(base: string, shape: Shape, client: pg.Client): Promise<Explained> {
  captured = [];
  await (await fetch(base + searchPath(shape))).arrayBuffer();
  const statements = captured.filter((s) => READ.test(s.text));
  captured = null;
  const title = `### ${shape.name}: \`${shape.q}\`${shape.params ? ` ${JSON.stringify(shape.params)}` : ''}`;
  const full = [title, ''];
  const summary = [title, ''];
  let total = 0;
  for (const [i, s] of statements.entries()) {
    await client.query('begin read only');
    try {
      const { rows: json } = await client.query(`explain (analyze, buffers, format json) ${s.text}`, s.values);
      const plan = (
        json[0]['QUERY PLAN'] as { Plan: PlanNode; 'Execution Time': number; JIT?: { Timing?: { Total?: number } } }[]
      )[0];
      // JIT compiles a statement whose estimated cost passes jit_above_cost: its time is in no node.
      const jit = plan.JIT?.Timing?.Total;
      const { rows: text } = await client.query(`explain (analyze, buffers) ${s.text}`, s.values);
      total += plan['Execution Time'];
      const head = [
        `statement ${i + 1}/${statements.length}: ${fmt(plan['Execution Time'])} ms${jit ? ` (of it JIT ${fmt(jit)} ms)` : ''} — ${s.text.replace(/\s+/g, ' ').slice(0, 140)}…`,
        'slowest nodes (own time):',
        ...slowestNodes(plan.Plan, jit).map((l) => `  ${l}`),
      ];
      full.push(
        ...head,
        `values: ${JSON.stringify(s.values).slice(0, 300)}`,
        '```',
        ...text.map((r) => r['QUERY PLAN'] as string),
        '```',
        '',
      );
      if (plan['Execution Time'] >= 1) summary.push(...head, '');
    } finally {
      await client.query('rollback');
    }
  }
  const all = `${statements.length} statements, ${fmt(total)} ms of execution in all`;
  full.push(all, '');
  summary.push(all, '');
  return { full, summary };
}

// ── The run ──────────────────────────────────────────────────────────────────────────────────────

/**
 * A name (a word outside the vocabulary) of a news title that 2 to 10 records hold in all: the rare word. Names are
 * made from a hash, so it is looked for in the data rather than written here.
 */
async function rareWord(url: string): Promise<{ word: string; records: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const known = new Set(TEXT_WORDS);
    for (let g = 777_777; g < 777_777 + 200; g++) {
      const { rows } = await client.query('select title from news where slug = $1', [`news-item-${g}`]);
      const name = (rows[0]?.title as string | undefined)
        ?.toLowerCase()
        .split(/\s+/)
        .find((w) => !known.has(w));
      if (!name) continue;
      const { rows: c } = await client.query(
        `select (select count(*) from news where is_public and search_vector @@ to_tsquery('simple', $1))
              + (select count(*) from experts where is_public and search_vector @@ to_tsquery('simple', $1))
              + (select count(*) from outlets where is_public and search_vector @@ to_tsquery('simple', $1))
              + (select count(*) from features where is_public and search_vector @@ to_tsquery('simple', $1)) as n`,
        [name],
      );
      const records = Number(c[0].n);
      if (records >= 2 && records <= 10) return { word: name, records };
    }
    throw new Error('no name in 2 to 10 records among the titles looked at');
  } finally {
    await client.end();
  }
}

interface Row {
  shape: string;
  query: string;
  hits: string;
  timing: Timing;
}

function table(rows: Row[]): string {
  return [
    '| shape | query | hits (meta total) | p50 ms | p99 ms | max ms |',
    '|---|---|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.shape} | ${r.query} | ${r.hits} | ${fmt(r.timing.p50)} | ${fmt(r.timing.p99)} | ${fmt(r.timing.max)} |`,
    ),
  ].join('\n');
}

const others = (t: Timing) =>
  t.others.size ? `; answered ${[...t.others].map(([status, n]) => `${status} × ${n}`).join(', ')} of ${REQUESTS}` : '';

async function main(): Promise<number> {
  if (!(REQUESTS > 0)) throw new Error(`SCALE_REQUESTS must be a positive number, not "${process.env.SCALE_REQUESTS}"`);
  const url = process.env.SCALE_DATABASE_URL || DEFAULT_SCALE_URL;
  process.env.NODE_ENV = 'production';
  const info: ScaleInfo = await generateScaleData(url, { regenerate: process.env.BENCH_REGENERATE === '1' });
  out(`database ${info.databaseSize}; public: ${JSON.stringify(info.publicCounts)}`);
  const rare = await rareWord(url);
  out(`rare word: "${rare.word}", in ${rare.records} records`);
  const only = process.env.SCALE_ONLY ? new RegExp(process.env.SCALE_ONLY, 'i') : undefined;
  const list = shapes(rare.word).filter((s) => !only || only.test(s.name));

  if (EXPLAIN) captureStatements();
  const dataDir = mkdtempSync(join(tmpdir(), 'chaupal-search-scale-'));
  const database = await openDatabase({ url });
  const config = loadConfig({
    ...process.env,
    // No rate limit a single address could reach in a run (search-load.ts).
    RATE_LIMIT_FACTOR: '10000',
    NODE_ENV: 'test',
    RESPONSE_CACHE: 'false',
    LOG_LEVEL: 'silent',
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    REDIS_URL: '',
  });
  const app = await buildApp({ config, db: database.db });
  app.get('/bench/hello', { schema: { hide: true } }, async () => ({ hello: 'world' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const rows: Row[] = [];
  const failures: string[] = [];
  const plans: string[] = [];
  try {
    const hello = async (label: string) => {
      const t = await time(`${base}/bench/hello`);
      rows.push({ shape: `hello world (${label})`, query: '`/bench/hello`', hits: '–', timing: t });
      out(`  hello world (${label}): p50 ${fmt(t.p50)} ms, p99 ${fmt(t.p99)} ms, max ${fmt(t.max)} ms${others(t)}`);
    };
    out(`\n${WARMUP} warm-up then ${REQUESTS} timed requests per shape, one at a time, the response cache off:`);
    await hello('first');
    for (const s of list) {
      const res = await fetch(base + searchPath(s));
      const body = (await res.json()) as { meta?: { total?: number }; suggestion?: string | null; data?: unknown[] };
      let hits = String(body.meta?.total ?? '–');
      if (res.status !== 200) {
        hits = `HTTP ${res.status}`;
        failures.push(`${s.name}: the first answer was HTTP ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
      } else if (body.suggestion) hits += ` (did you mean “${body.suggestion}”)`;
      const t = await time(base + searchPath(s));
      if (t.others.size) hits += ` (${[...t.others].map(([status, n]) => `${n} × ${status}`).join(', ')})`;
      const name = s.bar ? `**${s.name}**` : s.name;
      const shown = `\`${s.q}\`${s.params ? ` &${new URLSearchParams(s.params).toString()}` : ''}`;
      rows.push({ shape: name, query: shown, hits, timing: t });
      out(
        `  ${s.name} (${s.q}): ${hits} hits, p50 ${fmt(t.p50)} ms, p99 ${fmt(t.p99)} ms, max ${fmt(t.max)} ms${others(t)}`,
      );
      if (s.bar && !(t.p99 < 20)) failures.push(`${s.name}: p99 ${fmt(t.p99)} ms, over the 20 ms bar`);
    }
    await hello('last');
    if (EXPLAIN) {
      const client = new pg.Client({
        connectionString: url,
        options: Object.entries(SESSION_SETTINGS)
          .map(([name, value]) => `-c ${name}=${value}`)
          .join(' '),
      });
      await client.connect();
      try {
        out('\n## Plans (EXPLAIN (ANALYZE, BUFFERS) of each statement of one search, run again after it)\n');
        for (const s of list) {
          const explained = await explain(base, s, client);
          for (const l of explained.full) out(l);
          plans.push(...explained.summary);
        }
      } finally {
        await client.end();
      }
    }
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const result = table(rows);
  out(`\n${result}\n`);
  const counts = Object.entries(info.publicCounts)
    .map(([k, n]) => `${n.toLocaleString('en')} ${k}`)
    .join(', ');
  const report = [
    '# Search at scale: last run',
    '',
    `- date: ${new Date().toISOString()}`,
    `- Node ${process.version}; ${info.postgresVersion}; ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}`,
    `- data: ${counts} public (\`${new URL(url).pathname.slice(1)}\`, ${info.databaseSize}); generation ${
      info.generatedSeconds === null ? 'time unknown' : `${info.generatedSeconds.toFixed(1)} s`
    }${info.generatedNow ? '' : ' (reused)'}`,
    `- sizes: ${info.tableSizes.map((t) => `${t.table} ${t.heap} + indexes ${t.indexes}`).join('; ')}`,
    `- rare word \`${rare.word}\`: in ${rare.records} records; search code (apps/server/src/modules/search) last changed ${searchCodeChanged()}`,
    `- the app in-process on PostgreSQL, response cache off, rate limits lifted; one client (fetch), ${WARMUP} warm-up then ${REQUESTS} timed requests per shape; **bold**: the five shapes of the bar (p99 under 20 ms)`,
    '',
    result,
    ...(failures.length ? ['', '**Failures:**', ...failures.map((f) => `- ${f}`)] : []),
    ...(plans.length
      ? [
          '',
          '## Plans (summary: statements of 1 ms or more; the full plans are printed with SCALE_EXPLAIN=1)',
          '',
          ...plans,
        ]
      : []),
    '',
  ].join('\n');
  // A partial run (some shapes, fewer requests) leaves the last full run's record as it was.
  if (!only && REQUESTS >= 300) writeFileSync(new URL('./search-scale-last-run.md', import.meta.url), report);
  else out('a partial run (SCALE_ONLY or SCALE_REQUESTS under 300): bench/search-scale-last-run.md left as it was');
  for (const f of failures) process.stderr.write(`bench:search-scale: ${f}\n`);
  return failures.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`bench:search-scale: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);

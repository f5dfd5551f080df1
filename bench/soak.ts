import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import {
  assertLoopback,
  freshPostgres,
  listeningPid,
  memoryOf,
  type Sample,
  type SoakServer,
  startServer,
  watchMemory,
} from './soak-server';
import { contributorWriter, discoverPaths, type Writer } from './soak-targets';

/**
 * `npm run soak`: a bounded load test of the whole site on this machine. Starts the server as `npm start` does (on
 * the embedded database in a fresh DATA_DIR, then on a fresh PostgreSQL database that it drops afterwards), sends
 * --connections concurrent GETs over every public page, API list and detail, feed and sitemap for --duration, with a
 * contributor's edit every few seconds and a contact message now and then, and samples the server process's RSS from
 * /proc. Fails (exit 1) on any error response, on RSS above the mode's ceiling, or on RSS growing more than 10 %
 * from start to end. Writes bench/soak-last-run.md.
 *
 *   npm run soak -- --duration 2m --connections 20 --db pglite
 *   npm run soak -- --url http://127.0.0.1:3000      (a server already running here: loopback only)
 */

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10m' },
    connections: { type: 'string', default: '50' },
    db: { type: 'string', default: 'both' },
    url: { type: 'string' },
    'database-url': {
      type: 'string',
      default: process.env.SOAK_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
    },
    'max-rss': { type: 'string' },
    'write-every': { type: 'string', default: '4' },
    sample: { type: 'string', default: '5' },
    'server-env': { type: 'string', multiple: true, default: [] },
  },
});

/** RSS ceilings in MB, and how much RSS may grow from start to end. */
const CEILING = { pglite: 580, postgres: 400 } as const;
const FLAT = 0.1;
const DEMO_CONTRIBUTOR = { userName: 'aarav.sharma@example.com', password: 'Demo@1234' };
const out = (line = '') => process.stdout.write(`${line}\n`);

function seconds(v: string): number {
  const m = /^(\d+(?:\.\d+)?)(s|m|h)?$/.exec(v.trim());
  if (!m) throw new Error(`--duration must look like 600, 90s or 10m, not "${v}"`);
  return Number(m[1]) * { s: 1, m: 60, h: 3600 }[(m[2] ?? 's') as 's' | 'm' | 'h'];
}
function positive(name: string, v: string): number {
  const n = Number(v);
  if (!(n > 0)) throw new Error(`--${name} must be a positive number, not "${v}"`);
  return n;
}

interface Outcome {
  mode: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  writes: number;
  idle?: number;
  start?: number;
  middle?: number;
  end?: number;
  min?: number;
  max?: number;
  peak?: number;
  failures: string[];
}

const fmt = (n: number | undefined, digits = 0) => (n === undefined || !Number.isFinite(n) ? '–' : n.toFixed(digits));

interface Target {
  mode: string;
  base: string;
  /** The server process, whose RSS is sampled (none: not measured). */
  pid?: number;
  /** RSS in MB the soak must stay below. */
  ceiling?: number;
  /** Our own demo server: a contributor who cannot sign in is a failure, not a soak without writes. */
  requireWrites: boolean;
}

async function soak({ mode, base, pid, ceiling, requireWrites }: Target): Promise<Outcome> {
  const duration = seconds(args.duration);
  const connections = Math.round(positive('connections', args.connections));
  out(`\n[${mode}] finding the public URLs of ${base}…`);
  const paths = await discoverPaths(base, out);
  out(`  ${paths.length} URLs`);
  let writer: Writer | undefined;
  try {
    // A contact message every 5th write: at the default 4 s, 3 a minute, under the form's 5 a minute per address.
    writer = await contributorWriter(base, DEMO_CONTRIBUTOR, 5);
  } catch (err) {
    if (requireWrites) throw err;
    out(`  no writes: ${(err as Error).message}`);
  }
  const idle = pid ? memoryOf(pid)?.rss : undefined;
  out(`  ${connections} connections for ${duration} s; RSS before the load: ${fmt(idle)} MB`);

  const memory = watchMemory(pid, positive('sample', args.sample));
  const writing = writer?.start(positive('write-every', args['write-every']));
  const t0 = Date.now();
  const progress = setInterval(() => {
    const rss = memory.samples.at(-1)?.rss;
    out(`  ${Math.round((Date.now() - t0) / 1000)} s: RSS ${fmt(rss)} MB, ${writer?.done ?? 0} writes`);
  }, 60_000);

  const failedPaths = new Map<string, number>();
  const instance = autocannon({
    url: base,
    connections,
    duration,
    timeout: 10,
    // A timed-out request never reaches 'response': note its path here.
    setupClient: (client) => {
      client.on('timeout', () => {
        const key = `timeout ${String(client.requestIterator?.context?.path ?? '?')}`;
        failedPaths.set(key, (failedPaths.get(key) ?? 0) + 1);
      });
    },
    requests: [
      {
        method: 'GET',
        // A random URL each time; three in four ask for compression, as browsers do.
        setupRequest: (req, context) => {
          const path = paths[Math.floor(Math.random() * paths.length)];
          context.path = path;
          const headers: Record<string, string> =
            Math.random() < 0.75 ? { 'accept-encoding': 'gzip, deflate, br' } : {};
          return { ...req, path, headers };
        },
      },
    ],
  });
  instance.on('response', (client, status) => {
    // A connection reset after a timeout reports a response without a status: the timeout is counted already.
    if (!(status >= 400)) return;
    const key = `${status} ${String(client.requestIterator?.context?.path ?? '?')}`;
    failedPaths.set(key, (failedPaths.get(key) ?? 0) + 1);
  });
  const result = await instance;
  clearInterval(progress);
  const samples = memory.stop();
  await writing?.stop();

  const underLoad = samples.map((s) => s.rss);
  const warm = Math.min(60, duration / 10);
  const at = (t: number) =>
    samples.reduce<Sample | undefined>((b, s) => (!b || Math.abs(s.t - t) < Math.abs(b.t - t) ? s : b), undefined);
  const start = samples.find((s) => s.t >= warm)?.rss ?? samples[0]?.rss;
  const end = samples.at(-1)?.rss;
  const failures = [
    ...[...failedPaths].slice(0, 10).map(([k, n]) => `${n} × ${k}`),
    ...(writer?.failures ?? []).slice(0, 10).map((f) => `write: ${f}`),
  ];
  // autocannon counts a timeout among its errors too.
  const errors = result.non2xx + result.errors + (writer?.failures.length ?? 0);
  if (errors) {
    failures.unshift(
      `${errors} errors (non-2xx ${result.non2xx}, timeouts ${result.timeouts}, other socket errors ${result.errors - result.timeouts}, failed writes ${errors - result.non2xx - result.errors})`,
    );
  }
  const max = underLoad.length ? Math.max(...underLoad) : undefined;
  if (ceiling && max !== undefined && max >= ceiling)
    failures.push(`RSS reached ${fmt(max)} MB (ceiling ${ceiling} MB)`);
  if (start && end && end > start * (1 + FLAT)) {
    failures.push(`RSS grew ${fmt(((end - start) / start) * 100, 1)} % from start to end (at most ${FLAT * 100} %)`);
  }
  return {
    mode,
    requests: result.requests.total,
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors,
    writes: writer?.done ?? 0,
    idle,
    start,
    middle: at(duration / 2)?.rss,
    end,
    min: underLoad.length ? Math.min(...underLoad) : undefined,
    max,
    peak: pid ? memoryOf(pid)?.peak : undefined,
    failures,
  };
}

function table(rows: Outcome[]): string {
  return [
    '| mode | requests | req/s | p50 ms | p99 ms | errors | writes | RSS idle | start | middle | end | min | max | peak since start |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.mode} | ${r.requests} | ${fmt(r.rps)} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${r.errors} | ${r.writes} | ` +
        `${fmt(r.idle)} | ${fmt(r.start)} | ${fmt(r.middle)} | ${fmt(r.end)} | ${fmt(r.min)} | ${fmt(r.max)} | ${fmt(r.peak)} |`,
    ),
  ].join('\n');
}

async function withServer(mode: 'pglite' | 'postgres', env: Record<string, string>): Promise<Outcome> {
  let server: SoakServer | undefined;
  let database: Awaited<ReturnType<typeof freshPostgres>> | undefined;
  // The server runs in its own process group: Ctrl-C reaches only this process, which stops it and drops the database.
  const stop = () => {
    Promise.allSettled([server?.stop(), database?.drop()]).then(() => process.exit(130));
  };
  process.once('SIGINT', stop);
  try {
    if (mode === 'postgres') {
      database = await freshPostgres(args['database-url']);
      env.DATABASE_URL = database.url;
    }
    out(`\n[${mode}] starting the server…`);
    server = await startServer(env);
    const ceiling = args['max-rss'] ? positive('max-rss', args['max-rss']) : CEILING[mode];
    const outcome = await soak({ mode, base: server.base, pid: server.pid, ceiling, requireWrites: true });
    if (outcome.errors) out(`  server log:\n${server.logTail()}`);
    return outcome;
  } finally {
    process.off('SIGINT', stop);
    await server?.stop();
    await database?.drop();
  }
}

async function main(): Promise<number> {
  const env = Object.fromEntries(
    (args['server-env'] ?? []).map((kv) => {
      const i = kv.indexOf('=');
      if (i < 1) throw new Error(`--server-env takes KEY=VALUE, not "${kv}"`);
      return [kv.slice(0, i), kv.slice(i + 1)];
    }),
  );
  const rows: Outcome[] = [];
  if (args.url) {
    const url = assertLoopback(args.url);
    const pid = listeningPid(Number(url.port || 80));
    if (!pid) out(`no process on this machine listens on port ${url.port}: RSS is not measured`);
    const ceiling = args['max-rss'] ? positive('max-rss', args['max-rss']) : undefined;
    rows.push(await soak({ mode: 'given server', base: url.origin, pid, ceiling, requireWrites: false }));
  } else {
    if (!['both', 'pglite', 'postgres'].includes(args.db)) throw new Error('--db is both, pglite or postgres');
    for (const mode of ['pglite', 'postgres'] as const) {
      if (args.db === 'both' || args.db === mode) rows.push(await withServer(mode, { ...env }));
    }
  }
  const result = table(rows);
  out(`\n${result}\n`);
  const failures = rows.flatMap((r) => r.failures.map((f) => `${r.mode}: ${f}`));
  writeFileSync(
    new URL('./soak-last-run.md', import.meta.url),
    [
      '# Soak: last run',
      '',
      `- date: ${new Date().toISOString()}`,
      `- Node ${process.version}; ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}`,
      `- ${args.duration} at ${args.connections} connections; a write every ${args['write-every']} s; RSS (MB) of the server process sampled every ${args.sample} s; start = first sample after ${Math.min(60, seconds(args.duration) / 10)} s`,
      '',
      result,
      ...(failures.length ? ['', '**Failures:**', ...failures.map((f) => `- ${f}`)] : []),
      '',
    ].join('\n'),
  );
  for (const f of failures) process.stderr.write(`soak: ${f}\n`);
  return failures.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`soak: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);

import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { serveDemo } from './demo-server';
import type { LoadJob, LoadResult } from './load';

/**
 * `npm run bench:demo -w @chaupal/server`: the uncached render alone (decision 020), without the PostgreSQL data of
 * `npm run bench` — the demo town on a fresh embedded database, the response cache off, one client, measured as
 * run.ts measures it (compressed as a browser asks, load from a separate process). Knobs: BENCH_SECONDS (default 10).
 */
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const BROWSER = { 'accept-encoding': 'br, gzip', accept: 'text/html,application/json' };
const out = (line = '') => process.stdout.write(`${line}\n`);

async function main() {
  process.env.NODE_ENV = 'production';
  const demo = await serveDemo();
  const child = fork(fileURLToPath(new URL('./load.ts', import.meta.url)));
  const load = (job: LoadJob) =>
    new Promise<LoadResult>((resolve, reject) => {
      child.once('message', (m: { ok: boolean; result?: LoadResult; error?: string }) =>
        m.ok && m.result ? resolve(m.result) : reject(new Error(m.error ?? 'load generator failed')),
      );
      child.send(job);
    });
  const targets = [
    ['hello world', '/bench/hello'],
    ['home page (rendered every time)', '/'],
    ['news page (rendered every time)', `/news/${demo.newsSlug}`],
    ['news API by slug', `/api/backend/v1/newss/slug/${demo.newsSlug}`],
    ['GET /site', '/api/backend/v1/site'],
  ];
  const rows: string[] = [];
  let hello = Number.NaN;
  try {
    for (const [name, path] of targets) {
      await load({ url: demo.base + path, connections: 1, seconds: 2, headers: BROWSER });
      const r = await load({ url: demo.base + path, connections: 1, seconds: SECONDS, headers: BROWSER });
      if (r.non2xx || r.errors) throw new Error(`${name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
      if (name === 'hello world') hello = r.rps;
      rows.push(
        `| ${name} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${(r.rps / hello).toFixed(3)} |`,
      );
      out(`  ${name}: ${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms`);
    }
  } finally {
    child.disconnect();
    await demo.close();
  }
  out(`\n| demo, cache off, 1 connection | requests/s | p50 ms | p99 ms | vs hello world |\n|---|---:|---:|---:|---:|`);
  for (const r of rows) out(r);
}

main().catch((err: unknown) => {
  process.stderr.write(`bench: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});

import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { API_PREFIX, buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { prepareDatabase } from '../apps/server/src/prepare';
import { makeUser } from '../apps/server/src/seed/factories';
import { type WrkResult, wrk } from './wrk';

/**
 * `npm run bench:stampede`: the cached home page at 50 connections (wrk) while an admin holds or approves a news record
 * once a second, against the same run without writes. Each write invalidates every cached page (admin writes do), so
 * every reader waiting on the home page misses it at once; one render must serve them all. On the embedded database
 * and on PostgreSQL (STAMPEDE_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres: a database of its
 * own is made and dropped there), each with the demo town and the cache in memory. Bar: p99 under 50 ms with the
 * writes, and at least half the requests per second of the run without them. Knobs: STAMPEDE_SECONDS (default 15),
 * STAMPEDE_ONLY=embedded|postgres. `npm run bench` runs it too (BENCH_ONLY='writes under load' alone).
 */
/** The name `npm run bench` gives this scenario (BENCH_ONLY matches it). */
export const STAMPEDE = 'writes under load';

interface Served {
  base: string;
  token: string;
  newsId: string;
  close(): Promise<void>;
}

async function serve(databaseUrl?: string): Promise<Served> {
  const dataDir = mkdtempSync(join(tmpdir(), 'chaupal-stampede-'));
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    RESPONSE_CACHE: 'true',
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl ?? '',
    DATA_DIR: dataDir,
    REDIS_URL: '',
    SEED_DEMO: 'true',
    RATE_LIMIT_FACTOR: '1000',
  });
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await prepareDatabase(database, config, () => {});
  process.env.NODE_ENV = 'production';
  const app = await buildApp({ config, db: database.db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const token = await app.tokens.issue(await makeUser(database.db, { role: 'admin' }));
  const news = (await (await fetch(`${base}${API_PREFIX}/newss/view?pageSize=1`)).json()) as { data: { id: string }[] };
  return {
    base,
    token,
    newsId: news.data[0].id,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The cached home page under load, with an admin write every second if `writes`; the writes made and failed. */
async function run(s: Served, writes: boolean, seconds: number) {
  let made = 0;
  let failed = 0;
  let stop = false;
  const writer = (async () => {
    for (let i = 0; writes && !stop; i++) {
      await new Promise((r) => setTimeout(r, 1000));
      if (stop) break;
      const action = i % 2 === 0 ? 'hold' : 'approve';
      const res = await fetch(`${s.base}${API_PREFIX}/admin/records/news/${s.newsId}/${action}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(action === 'hold' ? { reason: 'Checking a detail.' } : {}),
      });
      await res.arrayBuffer();
      if (res.ok) made++;
      else failed++;
    }
  })();
  const result = await wrk(`${s.base}/`, { accept: 'text/html', connections: 50, seconds });
  stop = true;
  await writer;
  return { result, made, failed };
}

async function measure(name: string, s: Served, seconds: number) {
  await wrk(`${s.base}/`, { accept: 'text/html', connections: 50, seconds: 5 });
  const quiet = await run(s, false, seconds);
  const busy = await run(s, true, seconds);
  const row = (label: string, r: WrkResult, w: string) =>
    `| ${name} | ${label} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.errors} | ${w} |`;
  const ratio = busy.result.rps / quiet.result.rps;
  const holds = busy.result.p99 < 50 && ratio >= 0.5 && busy.failed === 0;
  return {
    rows: [
      row('no writes', quiet.result, '–'),
      row('a hold or approve each second', busy.result, `${busy.made} (${busy.failed} failed)`),
    ],
    verdict: `${name}: p99 ${busy.result.p99.toFixed(1)} ms with writes, ${(ratio * 100).toFixed(0)} % of the throughput without: ${holds ? 'holds' : 'FAILS'} the bar`,
    holds,
  };
}

/** A fresh database on the PostgreSQL server `url` names, dropped when done. */
async function freshPostgres(url: string) {
  const name = `chaupal_stampede_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  const at = new URL(url);
  at.pathname = `/${name}`;
  return {
    url: at.toString(),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/**
 * The scenario on each database STAMPEDE_ONLY allows: a markdown table, a line per database saying whether it holds
 * the bar, and whether all do.
 */
export async function measureStampede(seconds: number): Promise<{ report: string; ok: boolean }> {
  const only = process.env.STAMPEDE_ONLY;
  const rows: string[] = [];
  const verdicts: string[] = [];
  let ok = true;
  if (!only || only === 'embedded') {
    const s = await serve();
    try {
      const m = await measure('embedded', s, seconds);
      rows.push(...m.rows);
      verdicts.push(m.verdict);
      ok &&= m.holds;
    } finally {
      await s.close();
    }
  }
  if (!only || only === 'postgres') {
    const db = await freshPostgres(process.env.STAMPEDE_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
    const s = await serve(db.url);
    try {
      const m = await measure('PostgreSQL', s, seconds);
      rows.push(...m.rows);
      verdicts.push(m.verdict);
      ok &&= m.holds;
    } finally {
      await s.close();
      await db.drop();
    }
  }
  const report = [
    `The cached home page, wrk -t1 -c50 -d${seconds}s, cache in memory, demo town:`,
    '',
    '| database | writes | requests/s | p50 ms | p99 ms | errors | writes made |',
    '|---|---|---:|---:|---:|---:|---|',
    ...rows,
    '',
    ...verdicts,
  ].join('\n');
  return { report, ok };
}

if (process.argv[1]?.endsWith('stampede.ts')) {
  measureStampede(Number(process.env.STAMPEDE_SECONDS || 15)).then(
    ({ report, ok }) => {
      process.stdout.write(`\n${report}\n`);
      process.exit(ok ? 0 : 1);
    },
    (err: unknown) => {
      process.stderr.write(`bench:stampede: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      process.exit(1);
    },
  );
}

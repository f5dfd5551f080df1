import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_PREFIX, buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { serveDemo } from './demo-server';
import { type WrkResult, wrk } from './wrk';

/**
 * Searches beside cached pages: 20 connections asking for searches no cache has seen (eight words each, drawn at
 * random) while 50 connections read the cached home page, whose p99 is compared with the same 50 connections alone.
 * On the bench data in PostgreSQL and on the demo town in the embedded database, the response cache on. The rate
 * limits are lifted (RATE_LIMIT_FACTOR), as for a stream of searches from many addresses: what is measured is how
 * the gate and the bounds on a search's words and time keep the searches from the pages. Load comes from wrk (a
 * process of its own, lighter than autocannon at 50 connections on a small machine).
 */

/** The name BENCH_ONLY matches to run this scenario. */
export const SEARCH_LOAD = 'search load';
const PAGE_CONNECTIONS = 50;
const SEARCH_CONNECTIONS = 20;
const WORDS_PER_SEARCH = 8;
/** Words a town's searches are made of; eight drawn at random make a search nobody made before. */
const VOCABULARY = (
  'doctor school market water road festival plumber electrician temple park ' +
  'news police bus rain hospital shop food tailor lawyer teacher ' +
  'clinic repair station library college bank garden fire power health ' +
  'cricket music bakery sweets tea city ward village feature edition'
).split(' ');

/**
 * wrk's script for the searches: a new query for every request, and with `pauseMs` a pause before each, so that the
 * 20 connections offer about 9 searches a second (the stream that took the embedded home page's p99 to 3 s) however
 * fast they are answered; without it each connection asks again as soon as it has its answer, a refusal included.
 */
const searchScript = (pauseMs: number) => `
local words = { ${VOCABULARY.map((w) => `"${w}"`).join(', ')} }
math.randomseed(os.time())
request = function()
  local q = {}
  for i = 1, ${WORDS_PER_SEARCH} do q[i] = words[math.random(#words)] end
  return wrk.format("GET", "${API_PREFIX}/search?q=" .. table.concat(q, "+"))
end
${pauseMs ? `delay = function() return ${pauseMs} end` : ''}
`;
/** Searches a second the paced stream offers. */
const OFFERED_PER_SECOND = 9;

const fmt = (n: number, digits: number) => (Number.isFinite(n) ? n.toFixed(digits) : '–');

/** The cached home page alone, then beside the searches; one table row each. */
async function measure(name: string, base: string, seconds: number, out: (line: string) => void): Promise<string[]> {
  // The first request renders and keeps the home page; the rest are the cache's.
  await (await fetch(`${base}/`, { headers: { 'accept-encoding': 'br, gzip', accept: 'text/html' } })).arrayBuffer();
  const home = `${base}/`;
  const alone = await wrk(home, { connections: PAGE_CONNECTIONS, seconds, accept: 'text/html' });
  out(`  ${name}: home page alone: p50 ${fmt(alone.p50, 2)} ms, p99 ${fmt(alone.p99, 2)} ms`);

  const row = (label: string, r: WrkResult, search: string) =>
    `| ${name} | ${label} | ${fmt(r.rps, 0)} | ${fmt(r.p50, 2)} | ${fmt(r.p99, 2)} | ${search} |`;
  const rows = [row('none', alone, '–')];
  const dir = mkdtempSync(join(tmpdir(), 'chaupal-search-load-'));
  try {
    const streams: [string, number][] = [
      [`${OFFERED_PER_SECOND} a second offered`, Math.round((1000 * SEARCH_CONNECTIONS) / OFFERED_PER_SECOND)],
      ['no pause', 0],
    ];
    for (const [label, pauseMs] of streams) {
      const script = join(dir, `search-${pauseMs}.lua`);
      writeFileSync(script, searchScript(pauseMs));
      // The searches start first and end last, so the pages are measured under them throughout.
      const searches = wrk(`${base}/`, { connections: SEARCH_CONNECTIONS, seconds: seconds + 4, script });
      await new Promise((r) => setTimeout(r, 2000));
      const beside = await wrk(home, { connections: PAGE_CONNECTIONS, seconds, accept: 'text/html' });
      const s = await searches;
      const refused = s.requests ? (100 * s.non2xx) / s.requests : Number.NaN;
      out(
        `  ${name}: home page beside searches (${label}): p50 ${fmt(beside.p50, 2)} ms, p99 ${fmt(beside.p99, 2)} ms; ` +
          `searches ${fmt(s.rps, 1)}/s, ${fmt(refused, 1)} % refused, p99 ${fmt(s.p99, 1)} ms`,
      );
      const answered = s.rps * (1 - refused / 100);
      rows.push(
        row(
          `${SEARCH_CONNECTIONS} connections, ${label}`,
          beside,
          `${fmt(s.rps, 1)}/s: ${fmt(answered, 1)}/s answered, ${fmt(refused, 1)} % refused (503); p50 ${fmt(s.p50, 1)} ms, p99 ${fmt(s.p99, 1)} ms`,
        ),
      );
    }
    return rows;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** No rate limit a single address could reach in a run. */
const UNLIMITED = { RATE_LIMIT_FACTOR: '10000' };

/**
 * The scenario on both databases; the markdown table of the results. `url` is the bench data's PostgreSQL database
 * (already generated by run.ts).
 */
export async function measureSearchLoad(url: string, seconds: number, out: (line: string) => void): Promise<string> {
  out(`\n${SEARCH_LOAD}: the cached home page at ${PAGE_CONNECTIONS} connections, alone and beside searches:`);
  const rows: string[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'chaupal-bench-'));
  const database = await openDatabase({ url });
  try {
    const config = loadConfig({
      ...process.env,
      ...UNLIMITED,
      NODE_ENV: 'test',
      RESPONSE_CACHE: 'true',
      LOG_LEVEL: 'silent',
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      REDIS_URL: '',
    });
    const app = await buildApp({ config, db: database.db });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      rows.push(...(await measure('PostgreSQL, bench data', base, seconds, out)));
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const demo = await serveDemo({ ...UNLIMITED, RESPONSE_CACHE: 'true' });
  try {
    rows.push(...(await measure('embedded, demo town', demo.base, seconds, out)));
  } finally {
    await demo.close();
  }
  return [
    `| database | searches beside | home page req/s | p50 ms | p99 ms | searches (${WORDS_PER_SEARCH} random words each) |`,
    '|---|---|---:|---:|---:|---|',
    ...rows,
  ].join('\n');
}

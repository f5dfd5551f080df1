import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { type Db, openDatabase } from '../apps/server/src/db/client';
import * as schema from '../apps/server/src/db/schema';
import { PublicChanges } from '../apps/server/src/modules/content';
import { KIND_LIST } from '../apps/server/src/modules/kinds';
import { DATA_STATEMENTS, NEWS_COUNT, OTHER_COUNT } from './data-sql';

export const DEFAULT_BENCH_URL = 'postgres://postgres@127.0.0.1:5432/chaupal_bench';

/** What the benchmark queries, and what their answers must say. */
export interface BenchTargets {
  editionId: string;
  circleId: string;
  serviceId: string;
  newsSlug: string;
  /** Public news in the edition and the circle: the list's `meta.total`. */
  newsTotal: number;
  /** Public experts in the service and the circle. */
  expertsTotal: number;
  postgresVersion: string;
  /** Seconds spent generating, or null when the data was already there. */
  generatedSeconds: number | null;
}

export interface GenerateOptions {
  /** Drop the database and build it again. */
  regenerate?: boolean;
  log?: (line: string) => void;
}

const quoteIdent = (s: string) => `"${s.replace(/"/g, '""')}"`;

/** CREATE DATABASE cannot run inside the target database, so connect to a maintenance one (`postgres`, else `test`). */
export async function ensureDatabase(url: string, regenerate: boolean, log: (l: string) => void) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  let lastError: unknown;
  for (const admin of ['postgres', 'test']) {
    const adminUrl = new URL(url);
    adminUrl.pathname = `/${admin}`;
    const client = new pg.Client({ connectionString: adminUrl.toString() });
    try {
      await client.connect();
    } catch (err) {
      lastError = err;
      continue;
    }
    try {
      if (regenerate) {
        log(`dropping database ${name}`);
        await client.query(`drop database if exists ${quoteIdent(name)} with (force)`);
      }
      const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
      if (!rowCount) {
        log(`creating database ${name}`);
        await client.query(`create database ${quoteIdent(name)}`);
      }
      return;
    } finally {
      await client.end();
    }
  }
  throw new Error(`cannot reach a maintenance database to create ${name}: ${(lastError as Error)?.message}`);
}

async function targets(client: pg.Client): Promise<Omit<BenchTargets, 'generatedSeconds'>> {
  const one = async (q: string, params: unknown[] = []) => (await client.query(q, params)).rows[0];
  const { id: editionId } = await one('select id from editions where position = 1');
  const { id: circleId } = await one('select id from circles where position = 1');
  const { id: serviceId } = await one('select id from services where position = 1');
  // A public news record with a document, so the detail exercises every relation.
  const { slug: newsSlug } = await one(
    `select n.slug from news n join documents d on d.owner_kind = 'news' and d.owner_id = n.id where n.is_public order by n.slug limit 1`,
  );
  const { c: newsTotal } = await one(
    `select count(*)::int c from news n where n.is_public and n.edition_id = $1
       and exists (select 1 from news_circles j where j.news_id = n.id and j.circle_id = $2)`,
    [editionId, circleId],
  );
  const { c: expertsTotal } = await one(
    `select count(*)::int c from experts e where e.is_public
       and exists (select 1 from expert_services j where j.expert_id = e.id and j.service_id = $1)
       and exists (select 1 from expert_circles j where j.expert_id = e.id and j.circle_id = $2)`,
    [serviceId, circleId],
  );
  const { v: postgresVersion } = await one(`select split_part(version(), ' on ', 1) v`);
  return { editionId, circleId, serviceId, newsSlug, newsTotal, expertsTotal, postgresVersion };
}

/** Creates, migrates and fills the benchmark database unless it is already filled; returns what to query. */
export async function generateBenchData(
  url: string = process.env.BENCH_DATABASE_URL || DEFAULT_BENCH_URL,
  opts: GenerateOptions = {},
): Promise<BenchTargets> {
  const log = opts.log ?? ((l: string) => process.stdout.write(`${l}\n`));
  await ensureDatabase(url, opts.regenerate ?? false, log);
  const database = await openDatabase({ url });
  await database.migrate();
  await database.close();

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    let generatedSeconds: number | null = null;
    const { rows } = await client.query('select count(*)::int c from news');
    if (rows[0].c !== 0 && rows[0].c !== NEWS_COUNT) {
      throw new Error(
        `the bench database holds ${rows[0].c} news rows, not ${NEWS_COUNT}: run with BENCH_REGENERATE=1`,
      );
    }
    if (rows[0].c === 0) {
      const started = performance.now();
      log(`generating ${NEWS_COUNT} news and ${OTHER_COUNT} each of experts, outlets and features…`);
      // One transaction: an interrupted run leaves an empty database, never a half-filled one that looks done.
      await client.query('begin');
      for (const statement of DATA_STATEMENTS) await client.query(statement);
      const changes = new PublicChanges(drizzle(client, { schema }) as unknown as Db, KIND_LIST);
      changes.allRecords();
      await changes.flush();
      await client.query('commit');
      // VACUUM (not only ANALYZE) sets the visibility map, which index-only scans need, as autovacuum would.
      await client.query('vacuum analyze');
      generatedSeconds = (performance.now() - started) / 1000;
      log(`generated in ${generatedSeconds.toFixed(1)} s`);
    } else log('bench data already present (BENCH_REGENERATE=1 rebuilds it)');
    const t = await targets(client);
    log(`news in edition and circle: ${t.newsTotal}; experts in service and circle: ${t.expertsTotal}`);
    if (t.newsTotal < 1200)
      throw new Error(`only ${t.newsTotal} news match the edition and circle; expected at least 1200`);
    return { ...t, generatedSeconds };
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
}

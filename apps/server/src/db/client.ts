import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { installJobSchema } from './job-schema';
import { preparingClient } from './pglite-statements';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A handle services take: the database or a transaction inside it. */
export type DbOrTx = Db | Tx;

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

export interface Database {
  db: Db;
  kind: 'pglite' | 'pg';
  migrate(): Promise<void>;
  /**
   * Runs `work` while holding a PostgreSQL advisory lock named `name`, so instances starting together take turns
   * (migrations, first admin, demo seed). The embedded database belongs to one process and needs none.
   */
  exclusively<T>(name: string, work: () => Promise<T>): Promise<T>;
  /**
   * Takes the advisory lock `name` for as long as this process lives (or until `close`); false when another
   * process holds it. The embedded database belongs to one process, so it always has it.
   */
  claim(name: string): Promise<boolean>;
  /**
   * The embedded database only: a gzipped tar of its data directory, taken between two statements (a consistent
   * copy while the server runs; docs/decisions/013).
   */
  dump?(): Promise<Blob>;
  /**
   * Runs SQL text as the job queue's library writes it (platform/jobs.ts): one statement with `$n` parameters, or
   * several statements without any (its schema's installs and upgrades).
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
}

export class DatabaseError extends Error {}

/** The advisory lock every start-up and `npm run db:migrate` takes while it changes the schema or seeds. */
export const PREPARE_LOCK = 'chaupal:prepare';

/**
 * Settings every session of the app runs with, applied when a connection opens. Site search
 * (docs/decisions/011-site-search.md) matches a misspelt word to a title from pg_trgm word similarity 0.5 (its default,
 * 0.6, misses `electrcian` → Electricians); nothing else uses the `<%` operator. A placeholder until pg_trgm loads.
 */
export const SESSION_SETTINGS: Readonly<Record<string, string>> = { 'pg_trgm.word_similarity_threshold': '0.5' };
const settingsAsSql = () =>
  Object.entries(SESSION_SETTINGS)
    .map(([name, value]) => `set ${name} = ${value};`)
    .join(' ');
/** As a connection's start-up options (`-c name=value`), so they hold before its first query. */
const settingsAsOptions = () =>
  Object.entries(SESSION_SETTINGS)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');

/** PostgreSQL through `pg` when a URL is given, else the embedded PGlite (in `dataDir`, or in memory). */
export async function openDatabase(opts: { url?: string; dataDir?: string; pglite?: PGlite }): Promise<Database> {
  if (opts.url) return openPg(opts.url);
  const client = opts.pglite ?? (await openPglite(opts.dataDir));
  await client.exec(settingsAsSql());
  const executePglite = async (text: string, values?: unknown[]) => {
    if (values?.length) return client.query(text, values);
    // Several statements go through the simple protocol, which answers with each one's result.
    const results = await client.exec(text);
    return { rows: results.at(-1)?.rows ?? [] };
  };
  // The app's statements are prepared once and run from their plans (pglite-statements.ts); migrations use PGlite's.
  const db = drizzlePglite(preparingClient(client) as unknown as PGlite, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
      await installJobSchema(executePglite);
    },
    exclusively: (_name, work) => work(),
    claim: async () => true,
    // Between two statements the files and the WAL are what a crash would leave: the copy recovers like one.
    dump: () => client.dumpDataDir('gzip'),
    executeSql: executePglite,
    close: () => (opts.pglite ? Promise.resolve() : client.close()),
  };
}

/**
 * PostgreSQL's default 128 MB of shared buffers sits in PGlite's WebAssembly memory, which is touched at start and
 * never shrinks; 16 MB holds the pages a town's site reads, and the OS caches its files (docs/performance.md).
 * Every PGlite the app or its tests open carries the contrib extensions the migrations create (pg_trgm: search).
 */
export const PGLITE_OPTIONS = {
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
  extensions: { pg_trgm },
} satisfies PGliteOptions;

/**
 * Creates a new data directory in a short-lived process: initdb runs in a second WebAssembly instance that peaks
 * near 600 MB, and a server that ran it would keep much of that resident long after it is freed.
 */
async function initPglite(dir: string) {
  const script = 'require(process.argv[1]).PGlite.create(process.argv[2]).then((db) => db.close())';
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  await promisify(execFile)(process.execPath, ['-e', script, pglite, dir]);
}

async function openPglite(dataDir?: string): Promise<PGlite> {
  if (!dataDir) return PGlite.create(PGLITE_OPTIONS);
  const dir = join(dataDir, 'db');
  mkdirSync(dir, { recursive: true });
  try {
    if (!existsSync(join(dir, 'PG_VERSION'))) await initPglite(dir);
    return await PGlite.create(dir, PGLITE_OPTIONS);
  } catch (err) {
    throw new DatabaseError(`cannot open the embedded database in ${dir}: ${(err as Error).message}`);
  }
}

async function openPg(url: string): Promise<Database> {
  let pool: pg.Pool;
  try {
    pool = new pg.Pool({
      connectionString: url,
      max: Number(process.env.DATABASE_POOL_MAX ?? 10),
      options: settingsAsOptions(),
    });
  } catch (err) {
    throw new DatabaseError(`DATABASE_URL is not a usable PostgreSQL URL: ${(err as Error).message}`);
  }
  // An idle client's network error must not crash the process; the next query reports it.
  pool.on('error', () => {});
  try {
    const c = await pool.connect();
    c.release();
  } catch (err) {
    await pool.end().catch(() => {});
    throw new DatabaseError(`cannot connect to the database at DATABASE_URL: ${(err as Error).message}`);
  }
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  const claims: pg.PoolClient[] = [];
  return {
    db,
    kind: 'pg',
    migrate: async () => {
      await migrateNodePg(drizzleNodePg(pool, { schema }), { migrationsFolder: MIGRATIONS_DIR });
      await installJobSchema((text, values) => pool.query(text, values));
    },
    exclusively: async (name, work) => {
      // A session-level lock on a connection of its own; the work runs on the pool's other connections.
      const holder = await pool.connect();
      try {
        await holder.query('select pg_advisory_lock(hashtext($1))', [name]);
        try {
          return await work();
        } finally {
          await holder.query('select pg_advisory_unlock(hashtext($1))', [name]);
        }
      } finally {
        holder.release();
      }
    },
    claim: async (name) => {
      const holder = await pool.connect();
      const { rows } = await holder.query<{ ok: boolean }>('select pg_try_advisory_lock(hashtext($1)) as ok', [name]);
      if (rows[0]?.ok) claims.push(holder);
      else holder.release();
      return Boolean(rows[0]?.ok);
    },
    executeSql: (text, values) => pool.query(text, values as unknown[]),
    close: async () => {
      // Ending a session releases its locks.
      for (const holder of claims.splice(0)) holder.release(true);
      await pool.end();
    },
  };
}

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
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
  close(): Promise<void>;
}

export class DatabaseError extends Error {}

/** PostgreSQL through `pg` when a URL is given, else the embedded PGlite (in `dataDir`, or in memory). */
export async function openDatabase(opts: { url?: string; dataDir?: string; pglite?: PGlite }): Promise<Database> {
  if (opts.url) return openPg(opts.url);
  const client = opts.pglite ?? (await openPglite(opts.dataDir));
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_DIR }),
    close: () => (opts.pglite ? Promise.resolve() : client.close()),
  };
}

async function openPglite(dataDir?: string): Promise<PGlite> {
  if (!dataDir) return PGlite.create();
  const dir = join(dataDir, 'db');
  mkdirSync(dir, { recursive: true });
  try {
    return await PGlite.create(dir);
  } catch (err) {
    throw new DatabaseError(`cannot open the embedded database in ${dir}: ${(err as Error).message}`);
  }
}

async function openPg(url: string): Promise<Database> {
  let pool: pg.Pool;
  try {
    pool = new pg.Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL_MAX ?? 10) });
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
  return {
    db,
    kind: 'pg',
    migrate: () => migrateNodePg(drizzleNodePg(pool, { schema }), { migrationsFolder: MIGRATIONS_DIR }),
    close: () => pool.end(),
  };
}

import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { loadConfig } from '../config';
import { PGLITE_OPTIONS } from '../db/client';
import { pingControlSocket } from '../db/control-socket';
import { listTables, nonEmptyTables } from '../db/transfer';
import { megabytes, progressLine } from './progress';
import { RefusedError, runCli, UsageError, userPath } from './run';

const USAGE = 'usage: npm run db:restore -- --from FILE.tar.gz [--force]';

/**
 * `npm run db:restore -- --from FILE`: makes DATA_DIR's embedded database the one in a `db:backup` file. It loads
 * the copy beside the database first and swaps only when it opened; an existing database is replaced only with
 * --force and is kept aside, never deleted. A running server is never touched.
 */
async function run() {
  const { values } = parseArgs({ options: { from: { type: 'string' }, force: { type: 'boolean' } }, strict: true });
  if (!values.from) throw new UsageError(USAGE);
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new UsageError('DATABASE_URL is set: restore a PostgreSQL server with pg_restore (docs/operations.md)');
  }
  const file = userPath(values.from);
  if (!existsSync(file)) throw new UsageError(`no backup file at ${file}`);
  const dataDir = resolve(config.dataDir);
  const dir = join(dataDir, 'db');
  if (await pingControlSocket(dataDir)) throw new RefusedError(`a server is running on ${dataDir}: stop it first`);
  const occupied = existsSync(dir) && readdirSync(dir).length > 0;
  if (occupied && !values.force) {
    throw new RefusedError(
      `${dir} already holds a database: restore into an empty DATA_DIR, or add --force to replace it`,
    );
  }

  const stamp = new Date().toISOString().slice(0, 19).replace(/[T:]/g, '-');
  const loading = `${dir}.restoring-${stamp}`;
  const line = progressLine();
  line.update(`loading ${megabytes(statSync(file).size)} from ${file}…`);
  mkdirSync(dataDir, { recursive: true });
  let summary: string;
  try {
    const dump = new Blob([await readFile(file)], { type: 'application/x-gzip' });
    const client = await PGlite.create(loading, { ...PGLITE_OPTIONS, loadDataDir: dump });
    try {
      const tables = await listTables(client);
      const rows = (await nonEmptyTables(client, tables)).reduce((n, t) => n + t.rows, 0);
      summary = `${tables.length} tables, ${rows} rows`;
    } finally {
      await client.close();
    }
  } catch (err) {
    line.done();
    rmSync(loading, { recursive: true, force: true });
    throw new RefusedError(
      `${file} is not a database backup this tool can load: ${(err as Error).message.split('\n')[0]}`,
    );
  }
  line.done();
  const aside = `${dir}.replaced-${stamp}`;
  if (occupied) renameSync(dir, aside);
  else rmSync(dir, { recursive: true, force: true });
  renameSync(loading, dir);
  process.stdout.write(
    `Restored ${dir} from ${file}: ${summary}.${occupied ? ` The database it replaced is in ${aside}.` : ''}\n`,
  );
}

runCli(run);

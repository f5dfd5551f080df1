import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Config, loadConfig } from '../config';
import { DatabaseError, openDatabase, PGLITE_OPTIONS, PREPARE_LOCK } from '../db/client';
import { pingControlSocket } from '../db/control-socket';
import {
  copyTable,
  inForeignKeyOrder,
  listTables,
  nonEmptyTables,
  pinTextOutput,
  resetSequences,
  type SqlSession,
  type TableInfo,
  type TableSum,
  tableSums,
} from '../db/transfer';
import { createStorage } from '../platform/storage';
import { progressLine } from './progress';
import { RefusedError, runCli, UsageError, userPath } from './run';

const USAGE = 'usage: npm run db:move -- --to postgres://… [--from DATA_DIR]';

/**
 * `npm run db:move -- --to postgres://…`: copies the embedded database into an empty PostgreSQL database migrated
 * with the app's own migrations, in one transaction that commits only when every table's row count and checksum
 * match the source; with STORAGE=s3 the uploads go to the bucket first. Prints the sums and what to set next.
 */
async function run() {
  const { values } = parseArgs({ options: { to: { type: 'string' }, from: { type: 'string' } }, strict: true });
  if (!values.to || !/^postgres(ql)?:\/\//.test(values.to)) throw new UsageError(USAGE);
  const config = loadConfig();
  const dataDir = values.from ? userPath(values.from) : resolve(config.dataDir);
  if (!existsSync(join(dataDir, 'db', 'PG_VERSION'))) throw new UsageError(`no embedded database in ${dataDir}/db`);
  if (await pingControlSocket(dataDir)) {
    throw new RefusedError(`a server is running on ${dataDir}: stop it first, so the copy misses no write`);
  }

  const source = await PGlite.create(join(dataDir, 'db'), PGLITE_OPTIONS);
  const target = new pg.Client({ connectionString: values.to });
  try {
    // The source gets the migrations this version's server would give it at start, so both schemas are the same.
    await (await openDatabase({ pglite: source })).migrate();
    const tables = inForeignKeyOrder(await listTables(source));
    await target.connect().catch((err: Error) => {
      throw new DatabaseError(`cannot connect to the target database: ${err.message}`);
    });
    const targetSession = session(target);
    await refuseNonEmpty(
      targetSession,
      tables.map((t) => t.name),
    );
    await migrateTarget(values.to);
    await assertSameSchema(tables, await listTables(targetSession));

    const files = config.storage === 's3' ? await copyUploads(config, dataDir) : null;
    const sums = await copyDatabase(source, targetSession, tables);
    printReport(sums, { url: values.to, dataDir, config, files });
  } finally {
    await target.end().catch(() => {});
    await source.close();
  }
}

function session(client: pg.Client): SqlSession {
  return { query: (text, params) => client.query(text, params) as never };
}

/** Never touches a database that holds any of the app's rows, not even to migrate it. */
async function refuseNonEmpty(target: SqlSession, names: string[]) {
  const present = (await listTables(target)).filter((t) => names.includes(t.name));
  const full = await nonEmptyTables(target, present);
  if (full.length) {
    const shown = full.slice(0, 3).map((t) => `${t.table}: ${t.rows} rows`);
    const list = full.length > 3 ? `${shown.join(', ')} and ${full.length - 3} more tables` : shown.join(', ');
    throw new RefusedError(`the target database is not empty (${list}): db:move copies only into an empty database`);
  }
}

async function migrateTarget(url: string) {
  const database = await openDatabase({ url });
  try {
    await database.exclusively(PREPARE_LOCK, () => database.migrate());
  } finally {
    await database.close();
  }
}

async function assertSameSchema(source: TableInfo[], target: TableInfo[]) {
  const shape = (t: TableInfo) => `${t.name}(${t.columns.map((c) => c.name).join(',')})`;
  const theirs = new Map(target.map((t) => [t.name, shape(t)]));
  const differ = source.filter((t) => theirs.get(t.name) !== shape(t)).map((t) => t.name);
  if (differ.length) {
    throw new DatabaseError(`the target's tables differ from the source's after migrating: ${differ.join(', ')}`);
  }
}

/**
 * One transaction on the target: it commits only when every table's count and checksum equal the source's (read
 * in one snapshot), so a failed move leaves the target as empty as it was. The target's own triggers (the listings'
 * fills, search's lexicon) are off while rows are copied: every value they derive is copied as the source holds it,
 * and the checksums prove it; they are on again before the commit.
 */
async function copyDatabase(source: PGlite, target: SqlSession, tables: TableInfo[]): Promise<TableSum[]> {
  const line = progressLine();
  await pinTextOutput(source);
  await pinTextOutput(target);
  await source.query('begin isolation level repeatable read');
  await target.query('begin');
  try {
    await refuseNonEmpty(
      target,
      tables.map((t) => t.name),
    );
    for (const table of tables) await target.query(`alter table "${table.name}" disable trigger user`);
    for (const [i, table] of tables.entries()) {
      await copyTable(source, target, table, (rows) =>
        line.update(`copying ${i + 1}/${tables.length} ${table.name}: ${rows} rows`),
      );
    }
    for (const table of tables) await target.query(`alter table "${table.name}" enable trigger user`);
    line.done();
    await resetSequences(target, tables);
    const expected = await tableSums(source, tables);
    const copied = await tableSums(target, tables);
    const wrong = expected.filter((s, i) => s.rows !== copied[i].rows || s.md5 !== copied[i].md5);
    if (wrong.length) {
      throw new DatabaseError(
        `the copy differs from the source in ${wrong.map((s) => s.table).join(', ')}: nothing was written`,
      );
    }
    await target.query('commit');
    return copied;
  } catch (err) {
    line.done();
    await target.query('rollback').catch(() => {});
    throw err;
  } finally {
    await source.query('rollback');
  }
}

/** Puts every file of DATA_DIR/uploads in the bucket under the same key (the same key always holds the same bytes). */
async function copyUploads(config: Config, dataDir: string) {
  const root = join(dataDir, 'uploads');
  if (!existsSync(root)) return 0;
  const storage = createStorage(config);
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile() && !e.name.endsWith('.part'));
  const line = progressLine();
  for (const [i, file] of files.entries()) {
    const path = join(file.parentPath, file.name);
    await storage.put(relative(root, path), await readFile(path), contentType(file.name));
    line.update(`uploading ${i + 1}/${files.length} files`);
  }
  line.done();
  return files.length;
}

const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
};
const contentType = (name: string) => TYPES[name.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';

function printReport(sums: TableSum[], opts: { url: string; dataDir: string; config: Config; files: number | null }) {
  const width = Math.max(...sums.map((s) => s.table.length));
  const out = [`${'table'.padEnd(width)}  ${'rows'.padStart(8)}  md5 (same on both sides)`];
  for (const s of sums) out.push(`${s.table.padEnd(width)}  ${String(s.rows).padStart(8)}  ${s.md5}`);
  const url = new URL(opts.url);
  if (url.password) url.password = '***';
  const secretFile = join(opts.dataDir, 'jwt-secret');
  out.push(
    '',
    `Moved ${sums.reduce((n, s) => n + s.rows, 0)} rows in ${sums.length} tables. Next, set for the server:`,
    `  DATABASE_URL=${url.toString()}`,
    opts.config.jwtSecret
      ? '  JWT_SECRET: keep the value it has now'
      : existsSync(secretFile)
        ? `  JWT_SECRET=<the contents of ${secretFile}> (keeps everyone signed in; production requires it)`
        : '  JWT_SECRET=<a new random value of 32+ characters> (everyone signs in again)',
    opts.files === null
      ? `  keep DATA_DIR=${opts.dataDir}: the uploads stay in ${join(opts.dataDir, 'uploads')} (or set STORAGE=s3 and S3_* and run db:move into a fresh database to copy them to the bucket)`
      : `  STORAGE=s3 and the same S3_* settings: ${opts.files} uploaded files are in the bucket under their keys; the copied rows still link them as /uploads/…, so keep DATA_DIR=${opts.dataDir} or route /uploads/ to the bucket`,
    'The embedded database is left as it was; start the server with these settings and check the site before removing it.',
  );
  process.stdout.write(`${out.join('\n')}\n`);
}

runCli(run);

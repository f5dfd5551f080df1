import { createWriteStream, existsSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { loadConfig } from '../config';
import { openDatabase, PGLITE_OPTIONS } from '../db/client';
import { controlSocketFits, pingControlSocket, requestBackup } from '../db/control-socket';
import { megabytes, progressLine } from './progress';
import { RefusedError, runCli, UsageError, userPath } from './run';

const USAGE = 'usage: npm run db:backup -- [--to FILE.tar.gz]';

/**
 * `npm run db:backup`: a consistent copy of the embedded database as one gzipped tar (PGlite's own dump). A running
 * server takes it between two of its statements and hands it over DATA_DIR's control socket; with no server running
 * the tool opens the database itself (docs/decisions/013). Uploads are files: the tool says where they are.
 */
async function run() {
  const { values } = parseArgs({ options: { to: { type: 'string' } }, strict: true });
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new UsageError('DATABASE_URL is set: back up a PostgreSQL server with pg_dump (docs/operations.md, Backups)');
  }
  const dataDir = resolve(config.dataDir);
  const file = userPath(values.to ?? `chaupal-${new Date().toISOString().slice(0, 19).replace(/[T:]/g, '-')}.tar.gz`);
  if (!file.endsWith('.tar.gz')) throw new UsageError(USAGE);
  if (existsSync(file)) throw new RefusedError(`${file} already exists: name another file`);
  if (!controlSocketFits(dataDir)) {
    throw new RefusedError(`DATA_DIR's path is too long to ask a running server for a copy: use a shorter DATA_DIR`);
  }
  const running = await pingControlSocket(dataDir);
  const { size, body, done } = running ? await fromServer(dataDir) : await fromFiles(dataDir);
  const line = progressLine();
  let copied = 0;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, next) {
      copied += chunk.length;
      line.update(`copying ${megabytes(copied)} of ${megabytes(size)}`);
      next(null, chunk);
    },
  });
  try {
    await pipeline(body, count, createWriteStream(`${file}.part`, { flags: 'wx', mode: 0o600 }));
    renameSync(`${file}.part`, file);
  } catch (err) {
    rmSync(`${file}.part`, { force: true });
    throw err;
  } finally {
    line.done();
    await done();
  }
  process.stdout.write(
    `${file}: ${megabytes(copied)}, the database in ${join(dataDir, 'db')} ` +
      `(${running ? 'copied by the running server' : 'no server was running'}).\n` +
      `Uploads are files: copy ${join(dataDir, 'uploads')} too (e.g. rsync -a ${join(dataDir, 'uploads')}/ <backup>/uploads/).\n`,
  );
}

async function fromServer(dataDir: string) {
  const { size, body } = await requestBackup(dataDir);
  return { size, body, done: async () => {} };
}

async function fromFiles(dataDir: string) {
  if (!existsSync(join(dataDir, 'db', 'PG_VERSION'))) throw new UsageError(`no embedded database in ${dataDir}/db`);
  const client = await PGlite.create(join(dataDir, 'db'), PGLITE_OPTIONS);
  const database = await openDatabase({ pglite: client });
  const blob = await (database.dump as () => Promise<Blob>)();
  return {
    size: blob.size,
    body: Readable.fromWeb(blob.stream() as Parameters<typeof Readable.fromWeb>[0]),
    done: () => client.close(),
  };
}

runCli(run);

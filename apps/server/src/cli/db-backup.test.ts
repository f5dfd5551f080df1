import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { openDatabase, PGLITE_OPTIONS } from '../db/client';
import { inForeignKeyOrder, listTables, pinTextOutput, tableSums } from '../db/transfer';
import { prepareDatabase } from '../prepare';
import { makeCircle, makeUser } from '../seed/factories';

const root = mkdtempSync(join(tmpdir(), 'chaupal-backup-'));
const dataDir = join(root, 'site');
afterAll(() => rmSync(root, { recursive: true, force: true }));

const tool = (name: string, args: string[], dir = dataDir) =>
  spawnSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, `${name}.ts`), ...args], {
    env: { PATH: process.env.PATH, DATA_DIR: dir },
    encoding: 'utf8',
    timeout: 120_000,
  });

async function sumsOf(dir: string) {
  const client = await PGlite.create(join(dir, 'db'), PGLITE_OPTIONS);
  try {
    await pinTextOutput(client);
    return await tableSums(client, inForeignKeyOrder(await listTables(client)));
  } finally {
    await client.close();
  }
}

function freePort(): Promise<number> {
  return new Promise((done) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** `npm start` on DATA_DIR: the real main.ts in a process of its own, until it answers /healthz. */
async function startServer(): Promise<{ child: ChildProcess; exited: Promise<number | null> }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '..', 'main.ts')], {
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const exited = new Promise<number | null>((done) => child.once('exit', done));
  for (let tries = 0; tries < 240; tries++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return { child, exited };
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill();
  throw new Error('the server did not start');
}

/** A backup of the stopped site in a file of the test's own (`name`), made the way an operator makes one. */
function backupOfStoppedSite(name: string) {
  const file = join(root, name);
  const backup = tool('db-backup', ['--to', file]);
  expect([backup.status, backup.stderr]).toEqual([0, '']);
  return file;
}
/** A new empty DATA_DIR named `restored`, in a folder of the test's own. */
const emptyDataDir = () => join(mkdtempSync(join(root, 'test-')), 'restored');

// The tools work on the embedded database in their own processes; running them once (in the PGlite project) is enough.
describe.skipIf(process.env.TEST_DB_KIND === 'pg')('npm run db:backup and db:restore', () => {
  beforeAll(async () => {
    const database = await openDatabase({ dataDir });
    await prepareDatabase(database, loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SEED_DEMO: 'false' }), () => {});
    await makeCircle(database.db, { name: 'North' });
    await makeUser(database.db, { name: 'Asha' });
    await database.close();
  }, 120_000);

  it('copies the database from a running server, which the other tools and a second server leave alone', async () => {
    const server = await startServer();
    try {
      const backup = tool('db-backup', ['--to', join(root, 'live.tar.gz')]);
      expect(backup.stderr).toBe('');
      expect(backup.status).toBe(0);
      expect(backup.stdout).toMatch(
        /^\/.*live\.tar\.gz: [\d.]+ MB, the database in .* \(copied by the running server\)\./,
      );

      const restore = tool('db-restore', ['--from', join(root, 'live.tar.gz'), '--force']);
      expect([restore.status, restore.stderr]).toEqual([
        1,
        `chaupal: a server is running on ${dataDir}: stop it first\n`,
      ]);
      const move = tool('db-move', ['--to', 'postgres://nobody@127.0.0.1:1/none']);
      expect(move.status).toBe(1);
      expect(move.stderr).toBe(
        `chaupal: a server is running on ${dataDir}: stop it first, so the copy misses no write\n`,
      );
      const admin = tool('admin-create', ['--email', 'boss@example.com', '--password', 'Strong123']);
      expect([admin.status, admin.stderr]).toEqual([
        2,
        `chaupal: a server is running on the embedded database in ${dataDir}\n`,
      ]);
      const second = spawnSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '..', 'main.ts')], {
        env: { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect([second.status, second.stderr]).toEqual([
        1,
        `chaupal: a server is running on the embedded database in ${dataDir}\n`,
      ]);
    } finally {
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    }
    expect(existsSync(join(dataDir, 'control.sock'))).toBe(false);
  }, 240_000);

  it('restores a backup into an empty DATA_DIR with the same tables, and replaces one only with --force', async () => {
    const file = backupOfStoppedSite('to-restore.tar.gz');
    const restored = emptyDataDir();
    const restore = tool('db-restore', ['--from', file], restored);
    expect(restore.status).toBe(0);
    expect(restore.stdout).toMatch(/^Restored .*\/restored\/db from .*to-restore\.tar\.gz: \d+ tables, \d+ rows\.\n$/);
    const original = await sumsOf(dataDir);
    expect(original.find((s) => s.table === 'users')?.rows).toBe(2);
    expect(await sumsOf(restored)).toEqual(original);

    const again = tool('db-restore', ['--from', file], restored);
    expect([again.status, again.stderr]).toEqual([
      1,
      `chaupal: ${restored}/db already holds a database: restore into an empty DATA_DIR, or add --force to replace it\n`,
    ]);
    const forced = tool('db-restore', ['--from', file, '--force'], restored);
    expect(forced.status).toBe(0);
    const aside = /The database it replaced is in (\S+)\.\n$/.exec(forced.stdout)?.[1] as string;
    expect(existsSync(join(aside, 'PG_VERSION'))).toBe(true);
  }, 240_000);

  it('copies a stopped site’s database itself, never over a file, and refuses a file that is no backup', async () => {
    const backup = tool('db-backup', ['--to', join(root, 'stopped.tar.gz')]);
    expect(backup.status).toBe(0);
    expect(backup.stdout).toContain('(no server was running)');
    const over = tool('db-backup', ['--to', join(root, 'stopped.tar.gz')]);
    expect([over.status, over.stderr]).toEqual([
      1,
      `chaupal: ${join(root, 'stopped.tar.gz')} already exists: name another file\n`,
    ]);

    // A site restored from that backup, which the junk must leave as it is.
    const restored = emptyDataDir();
    expect(tool('db-restore', ['--from', join(root, 'stopped.tar.gz')], restored).status).toBe(0);
    writeFileSync(join(root, 'junk.tar.gz'), 'not a backup');
    const before = await sumsOf(restored);
    const junk = tool('db-restore', ['--from', join(root, 'junk.tar.gz'), '--force'], restored);
    expect(junk.status).toBe(1);
    expect(junk.stderr).toMatch(/^chaupal: .*junk\.tar\.gz is not a database backup this tool can load: /);
    expect(await sumsOf(restored)).toEqual(before);
  }, 240_000);
});

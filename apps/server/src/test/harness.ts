import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { withDatabase } from './global-setup';

export interface TestContext {
  app: FastifyInstance;
  db: Database['db'];
  config: Config;
  close(): Promise<void>;
}

/** A database for one test file: the migrated PGlite dump, or a clone of the PostgreSQL template. */
export async function testDatabase(): Promise<Database> {
  if (process.env.TEST_DB_KIND === 'pg') {
    const url = process.env.TEST_DATABASE_URL as string;
    const name = `${inject('pgTemplate')}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('pgTemplate')}`);
    const database = await openDatabase({ url: withDatabase(url, name) });
    return {
      ...database,
      close: async () => {
        await database.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const dump = new Blob([readFileSync(inject('pgliteDump'))]);
  const client = await PGlite.create({ loadDataDir: dump });
  const database = await openDatabase({ pglite: client });
  return { ...database, close: () => client.close() };
}

/** The whole app on a fresh database, configured as in production but for the test environment. */
export async function testApp(env: Record<string, string> = {}): Promise<TestContext> {
  const database = await testDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'chaupal-test-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, RESPONSE_CACHE: 'false', ...env });
  const app = await buildApp({ config, db: database.db });
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

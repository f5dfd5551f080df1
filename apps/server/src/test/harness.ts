import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type AppDeps, buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { type Database, openDatabase, PGLITE_OPTIONS } from '../db/client';
import { withDatabase } from './global-setup';

export interface TestContext {
  app: FastifyInstance;
  db: Database['db'];
  config: Config;
  close(): Promise<void>;
}

/** A database for one test file: the migrated PGlite dump, or a clone of the PostgreSQL template (with its URL). */
export async function testDatabase(): Promise<Database & { url?: string }> {
  if (process.env.TEST_DB_KIND === 'pg') {
    const url = process.env.TEST_DATABASE_URL as string;
    const name = `${inject('pgTemplate')}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('pgTemplate')}`);
    const database = await openDatabase({ url: withDatabase(url, name) });
    return {
      ...database,
      url: withDatabase(url, name),
      close: async () => {
        await database.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const dump = new Blob([readFileSync(inject('pgliteDump'))]);
  const client = await PGlite.create({ extensions: PGLITE_OPTIONS.extensions, loadDataDir: dump });
  const database = await openDatabase({ pglite: client });
  return { ...database, close: () => client.close() };
}

/**
 * The whole app on a fresh database, configured as in production but for the test environment; `deps` replaces
 * the file store, the human check or the messenger.
 */
export async function testApp(
  env: Record<string, string> = {},
  deps: Pick<AppDeps, 'storage' | 'captcha' | 'messenger' | 'jobs'> = {},
): Promise<TestContext> {
  const database = await testDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'chaupal-test-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, RESPONSE_CACHE: 'false', ...env });
  // With the database's job queue, as the app runs; running jobs get a second to finish when a test closes it.
  const app = await buildApp({
    ...deps,
    jobs: { stopTimeoutMs: 1_000, ...deps.jobs },
    config,
    db: database.db,
    executeSql: database.executeSql,
  });
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

export type TFormValue = string | { filename: string; bytes: Buffer; type?: string };

/** A multipart/form-data request body, encoded the way a browser's FormData is sent. */
export async function multipartBody(entries: [string, TFormValue][]) {
  const form = new FormData();
  for (const [name, value] of entries) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([value.bytes], { type: value.type ?? 'application/octet-stream' }), value.filename);
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') as string },
  };
}

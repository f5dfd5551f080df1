import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, PGLITE_OPTIONS } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    pgTemplate: string;
  }
}

/**
 * Migrates once per run: a PGlite data directory dumped to a file (a fresh instance loads it in a fraction of
 * the time a migration takes), or a template database on the PostgreSQL server that each test file clones.
 */
export default async function setup(project: TestProject) {
  if (project.config.env?.TEST_DB_KIND === 'pg') return setupPostgres(project);
  const client = await PGlite.create({ extensions: PGLITE_OPTIONS.extensions });
  const database = await openDatabase({ pglite: client });
  await database.migrate();
  const dump = await client.dumpDataDir('none');
  const file = join(tmpdir(), `chaupal-pglite-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide('pgliteDump', file);
}

async function setupPostgres(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const template = `chaupal_tpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${template}`);
  await admin.query(`create database ${template}`);
  const database = await openDatabase({ url: withDatabase(url, template) });
  await database.migrate();
  await database.close();
  project.provide('pgTemplate', template);
  return async () => {
    const left = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like $1 || '\\_%' or datname = $1`,
      [template],
    );
    for (const { datname } of left.rows) await admin.query(`drop database if exists ${datname} with (force)`);
    await admin.end();
  };
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

import { PGlite } from '@electric-sql/pglite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { preparingClient } from './pglite-statements';

// The embedded database only; the PostgreSQL project has nothing to add.
describe.skipIf(process.env.TEST_DB_KIND === 'pg')('prepared statements on the embedded database', () => {
  let pglite: PGlite;
  // A database for each test: the tests count the statements prepared and the rows, and change both.
  beforeEach(async () => {
    pglite = await PGlite.create();
    await pglite.exec(`create table t (id int primary key, name text, at timestamptz, doc json, ok boolean);
      insert into t values (1, 'one', '2026-11-25T10:00:00Z', '{"a":[1,2]}', true), (2, null, null, null, false);`);
  });
  afterEach(() => pglite.close());
  const prepared = async () =>
    (await pglite.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map(
      (r) => r.name,
    );

  it('answers as PGlite does, in both row modes, and prepares each statement once', async () => {
    const client = preparingClient(pglite);
    const text = 'select * from t where ok = $1 or id = $2 order by id';
    for (const rowMode of ['object', 'array'] as const) {
      // With a parser of the caller's, as Drizzle passes them.
      const options = { rowMode, parsers: { 1184: (x: string) => `at ${x}` } };
      const ours = await client.query(text, [true, 2], options);
      expect(ours).toEqual(await pglite.query(text, [true, 2], options));
      expect(ours.rows[0]).toMatchObject(rowMode === 'array' ? { 3: { a: [1, 2] } } : { doc: { a: [1, 2] }, ok: true });
    }
    expect(await prepared()).toHaveLength(1);
    const insert = await client.query('insert into t (id, name) values ($1, $2)', [3, 'three']);
    expect(insert).toEqual({ rows: [], fields: [], command: 'INSERT', affectedRows: 1, rowCount: 1 });
    const update = await client.query('update t set ok = $1 where id > $2', [false, 0]);
    expect(update).toMatchObject({ command: 'UPDATE', affectedRows: 3 });
    expect((await client.query('select name from t where id = $1', [3])).rows).toEqual([{ name: 'three' }]);
    expect(await prepared()).toHaveLength(4);
  });

  it('reads a reply larger than PGlite hands over at once, in any script, as PGlite does', async () => {
    const client = preparingClient(pglite);
    // A megabyte of Devanagari (three bytes a letter) in one field: PGlite passes it on in several pieces.
    const text = "select repeat('समाचार ', $1::int) as long, 'सड़क' as short";
    const ours = await client.query<{ long: string; short: string }>(text, [50_000]);
    expect(ours).toEqual(await pglite.query(text, [50_000]));
    expect(ours.rows[0].long).toHaveLength(350_000);
    expect(ours.rows[0].short).toBe('सड़क');
  });

  it('reports a database error as PGlite does, and goes on', async () => {
    const client = preparingClient(pglite);
    const err = await client.query('insert into t (id) values ($1)', [1]).catch((e) => e);
    expect(err).toMatchObject({ code: '23505', query: 'insert into t (id) values ($1)', params: [1] });
    await expect(client.query('selec 1')).rejects.toMatchObject({ code: '42601' });
    expect((await client.query('select count(*)::int as n from t')).rows).toEqual([{ n: 2 }]);
  });

  it('prepares again a statement deallocated or whose table changed its columns', async () => {
    const client = preparingClient(pglite);
    const text = 'select * from t where id = $1';
    expect((await client.query(text, [2])).rows).toHaveLength(1);
    await pglite.exec('deallocate all');
    expect((await client.query(text, [2])).rows).toHaveLength(1);
    await pglite.exec('alter table t add column extra text');
    expect((await client.query<{ extra: null }>(text, [2])).rows[0].extra).toBeNull();
  });

  it('keeps at most `max` statements, closing the least recently used', async () => {
    const client = preparingClient(pglite, { max: 2 });
    for (const n of [1, 2, 1, 3]) await client.query(`select ${n} as n`);
    expect((await client.query('select 1 as n')).rows).toEqual([{ n: 1 }]);
    expect(await prepared()).toHaveLength(2);
  });

  it('waits for a transaction to end', async () => {
    const client = preparingClient(pglite);
    const order: string[] = [];
    await Promise.all([
      pglite.transaction(async (tx) => {
        await tx.query('update t set name = $1 where id = $2', ['uno', 1]);
        await new Promise((r) => setTimeout(r, 20));
        order.push('transaction');
      }),
      client
        .query('select name from t where id = $1', [1])
        .then((r) => order.push(String(r.rows[0] && (r.rows[0] as { name: string }).name))),
    ]);
    expect(order).toEqual(['transaction', 'uno']);
  });
});

import {
  type messages,
  type PGlite,
  parse as pgParse,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
  type types,
} from '@electric-sql/pglite';
import { Parser } from 'pg-protocol/dist/parser';

/** What Drizzle's PGlite driver calls on its client. */
export interface PgliteClient {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
}

/**
 * How many statements one database keeps prepared; the least recently used beyond this are closed. A content record's
 * read with its relations, the largest, holds about 80 KB of PGlite's memory prepared: a hundred stay under 8 MB.
 */
export const PREPARED_MAX = 100;

const { serialize } = protocol;
/** "prepared statement does not exist" (someone ran DEALLOCATE ALL) and "cached plan must not change result type". */
const STALE = new Set(['26000', '0A000']);

interface Prepared {
  name: string;
  paramTypes: number[];
}

const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

/**
 * One statement's result from its messages, as PGlite's `parseResults` gives it, without merging the caller's type
 * parsers into a copy of PGlite's several hundred for every call (Drizzle passes its own on each query).
 */
function resultOf<T>(
  list: messages.BackendMessage[],
  defaults: Record<number | string, types.Parser>,
  options?: QueryOptions,
) {
  const own = options?.parsers;
  const asArray = options?.rowMode === 'array';
  let fields: { name: string; dataTypeID: number }[] = [];
  let parsers: (types.Parser | undefined)[] = [];
  const rows: unknown[] = [];
  const result: Results<T> = { rows: rows as T[], fields, affectedRows: 0 };
  for (const message of list) {
    if (message.name === 'rowDescription') {
      fields = (message as messages.RowDescriptionMessage).fields.map((f) => ({
        name: f.name,
        dataTypeID: f.dataTypeID,
      }));
      parsers = fields.map((f) => own?.[f.dataTypeID] ?? defaults[f.dataTypeID]);
      result.fields = fields;
    } else if (message.name === 'dataRow') {
      const values = (message as messages.DataRowMessage).fields.map((x, i) => {
        const parse = parsers[i];
        return x === null || !parse ? x : parse(x, fields[i].dataTypeID);
      });
      if (asArray) rows.push(values);
      else {
        const row: Record<string, unknown> = {};
        for (let i = 0; i < fields.length; i++) row[fields[i].name] = values[i];
        rows.push(row);
      }
    } else if (message.name === 'commandComplete') {
      // "SELECT 2", "UPDATE 3", "INSERT 0 5": the count ends the tag; "CREATE TABLE" has none.
      const parts = (message as messages.CommandCompleteMessage).text.split(' ');
      const command = parts[0];
      const rowCount = Number.parseInt(parts[parts.length - 1], 10);
      result.command = command;
      if (['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command)) result.affectedRows = rowCount;
      if (!Number.isNaN(rowCount)) result.rowCount = rowCount;
    }
  }
  return result;
}

/** One registry of prepared statements per database session (a PGlite is one session), whoever wraps it. */
const registries = new WeakMap<PGlite, { statements: Map<string, Prepared>; next: number }>();

/**
 * The embedded database with its statements prepared once. PGlite's own `query` sends every statement as
 * an unnamed one, so PostgreSQL parses and plans it again each time: for a page's reads that is most of their time
 * (a news item with its relations: 1.2 ms planned afresh, 0.2 ms from its prepared statement). Here each statement
 * text is parsed once under a name, and later runs only bind and execute it — what `pg` does for a named query and
 * postgres.js for every query. Plans, not results, are kept: every call reads the database, and PostgreSQL replans
 * a prepared statement itself when a table it reads changes. Transactions keep PGlite's own path.
 *
 * Everything runs under PGlite's own query and transaction locks, as its `query` does, and each call's messages go in
 * one batch ending with Sync, so nothing interleaves with another statement.
 */
export function preparingClient(pglite: PGlite, { max = PREPARED_MAX } = {}): PgliteClient {
  let registry = registries.get(pglite);
  if (!registry) {
    registry = { statements: new Map(), next: 0 };
    registries.set(pglite, registry);
  }
  const { statements } = registry;
  const reg = registry;

  /**
   * One batch's replies, read from PGlite's raw bytes by node-postgres's parser (pg-protocol, whose messages PGlite's
   * own parser was ported from): PGlite's reads each field through down-levelled private class fields, which was a
   * third of a page's time in the database. The first error reply is thrown, as PGlite's own would be.
   */
  async function exec(parts: Uint8Array[]) {
    const chunks: Buffer[] = [];
    await pglite.execProtocolRawStream(concat(parts), {
      syncToFs: false,
      onRawData: (data) => chunks.push(Buffer.from(data)),
    });
    const replies: messages.BackendMessage[] = [];
    let error: unknown;
    new Parser().parse(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks), (message) => {
      if (message.name === 'error') error ??= message;
      else replies.push(message as unknown as messages.BackendMessage);
    });
    if (error) throw error;
    return replies;
  }

  async function prepare(text: string, options?: QueryOptions): Promise<Prepared> {
    const close: Uint8Array[] = [];
    // The Map keeps insertion order and a used statement is moved to its end: the first is the least recent.
    for (const [oldText, old] of statements) {
      if (statements.size < max) break;
      statements.delete(oldText);
      close.push(serialize.close({ type: 'S', name: old.name }));
    }
    const name = `chaupal_${reg.next++}`;
    const messages = await exec([
      ...close,
      serialize.parse({ name, text, types: options?.paramTypes }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    ]);
    const prepared = { name, paramTypes: pgParse.parseDescribeStatementResults(messages) };
    statements.set(text, prepared);
    return prepared;
  }

  async function run<T>(text: string, params: unknown[], options: QueryOptions | undefined, retried = false) {
    let prepared = statements.get(text);
    if (prepared) {
      statements.delete(text);
      statements.set(text, prepared);
    } else prepared = await prepare(text, options);
    const { paramTypes } = prepared;
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const serializer = options?.serializers?.[paramTypes[i]] ?? pglite.serializers[paramTypes[i]];
      return serializer ? serializer(param) : String(param);
    });
    try {
      const replies = await exec([
        serialize.bind({ statement: prepared.name, values: values as (string | null)[] }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]);
      return resultOf<T>(replies, pglite.parsers, options);
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (retried || !code || !STALE.has(code)) throw err;
      // The statement was deallocated, or a table it reads changed its columns: prepared afresh, once.
      statements.delete(text);
      await exec([serialize.close({ type: 'S', name: prepared.name }), serialize.sync()]);
      return run<T>(text, params, options, true);
    }
  }

  return {
    async query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
      if (options?.blob) return pglite.query<T>(text, params, options);
      await pglite._checkReady();
      return pglite._runExclusiveTransaction(() =>
        pglite._runExclusiveQuery(async () => {
          try {
            return await run<T>(text, params, options);
          } catch (err) {
            // As PGlite's own query reports a database error: with the statement and its parameters.
            if (err && typeof err === 'object' && 'code' in err)
              Object.assign(err, { query: text, params, queryOptions: options });
            throw err;
          } finally {
            await pglite.syncToFs();
          }
        }),
      );
    },
    transaction: (fn) => pglite.transaction(fn),
  };
}

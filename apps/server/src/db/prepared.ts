import type { DbOrTx } from './client';

const built = new WeakMap<DbOrTx, Map<string, unknown>>();

/**
 * A query Drizzle builds once per database handle: `build` makes it with placeholders for its values and
 * calls `.prepare(name)`, and every later call runs that: its SQL text is not rebuilt, and PostgreSQL keeps its plan
 * (on `pg` a named statement each connection parses once; on PGlite every statement is, db/pglite-statements.ts).
 * What is kept is the statement, never a result: each call reads the database.
 */
export function preparedOnce<T>(db: DbOrTx, name: string, build: () => T): T {
  let queries = built.get(db);
  if (!queries) {
    queries = new Map();
    built.set(db, queries);
  }
  let query = queries.get(name) as T | undefined;
  if (!query) {
    query = build();
    queries.set(name, query);
  }
  return query;
}

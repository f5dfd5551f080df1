import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './client';

/**
 * The rows of a raw statement. Both drivers (node-postgres and PGlite) answer `execute` with `{ rows }`, which
 * Drizzle types only as its driver-independent result: the statement's author names the row shape here, once.
 */
export async function rowsOf<Row>(db: DbOrTx, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as { rows?: Row[] };
  return result.rows ?? [];
}

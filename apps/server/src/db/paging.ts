import { and, count, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

/** A page of a list as the API asks for it (DESIGN §4): 1-based page number and its size. */
export interface PageRequest {
  page: number;
  pageSize: number;
}

export interface PageWindow {
  limit: number;
  offset: number;
}

/**
 * One page of a table's rows matching `where`, and how many match in all, queried in parallel (the admin lists).
 * `select` builds the page's query from the combined condition and the window.
 */
export async function pageWithTotal<T>(
  db: DbOrTx,
  table: PgTable,
  where: SQL[],
  page: PageRequest,
  select: (where: SQL | undefined, window: PageWindow) => Promise<T[]>,
): Promise<{ rows: T[]; total: number }> {
  const condition = and(...where);
  const [rows, [{ total }]] = await Promise.all([
    select(condition, { limit: page.pageSize, offset: (page.page - 1) * page.pageSize }),
    db.select({ total: count() }).from(table).where(condition),
  ]);
  return { rows, total };
}

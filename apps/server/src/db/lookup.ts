import { type AnyColumn, eq, or, type SQL, sql } from 'drizzle-orm';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (v: string) => UUID.test(v);

/** DESIGN §4: an `{id}` accepts the id or the slug; a non-UUID never reaches the uuid column. */
export function idOrSlug(table: { id: AnyColumn; slug: AnyColumn }, ref: string): SQL {
  return isUuid(ref) ? (or(eq(table.id, ref), eq(table.slug, ref)) as SQL) : eq(table.slug, ref);
}

/** Case-insensitive "contains", with LIKE's wildcards taken literally. */
export function ilikeContains(column: AnyColumn, q: string): SQL {
  const escaped = q.replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql`${column} ilike ${`%${escaped}%`}`;
}

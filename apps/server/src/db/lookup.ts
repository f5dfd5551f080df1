import { type AnyColumn, eq, or, type SQL, sql } from 'drizzle-orm';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (v: string) => UUID.test(v);

/** DESIGN §4: an `{id}` accepts the id or the slug; a non-UUID never reaches the uuid column. */
export function idOrSlug(table: { id: AnyColumn; slug: AnyColumn }, ref: string): SQL {
  return isUuid(ref) ? (or(eq(table.id, ref), eq(table.slug, ref)) as SQL) : eq(table.slug, ref);
}

/** Case-insensitive "contains", with LIKE's wildcards taken literally. */
export function ilikeContains(column: AnyColumn, q: string): SQL {
  return sql`${column} ilike ${containsPattern(q)}`;
}

/** The LIKE pattern `ilikeContains` matches with, for a raw SQL fragment that needs it. */
export const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Any of the columns contains `q` (case-insensitive). */
export const anyContains = (columns: AnyColumn[], q: string): SQL =>
  or(...columns.map((c) => ilikeContains(c, q))) as SQL;

import { randomBytes } from 'node:crypto';
import slugify from '@sindresorhus/slugify';
import { and, eq, ne, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';

const MAX = 80;

/** Lowercase, transliterated, hyphenated; never empty and never digits only (DESIGN §4). */
export function slugFrom(text: string): string {
  let s = slugify(text, { decamelize: false }).slice(0, MAX).replace(/-+$/, '');
  if (!s) s = `item-${randomBytes(3).toString('hex')}`;
  if (/^\d+$/.test(s)) s = `n-${s}`;
  return s;
}

/** `base`, else `base-2`, `base-3`…: the first slug no other row of the table holds. */
export async function uniqueSlug(
  db: DbOrTx,
  table: PgTable & { slug: AnyPgColumn; id: AnyPgColumn },
  base: string,
  exceptId?: string,
): Promise<string> {
  const root = slugFrom(base);
  for (let n = 1; n < 1000; n++) {
    const candidate = n === 1 ? root : `${root.slice(0, MAX - 5)}-${n}`;
    const where: SQL[] = [eq(table.slug, candidate)];
    if (exceptId) where.push(ne(table.id, exceptId));
    const taken = await db
      .select({ id: table.id })
      .from(table)
      .where(and(...where))
      .limit(1);
    if (!taken.length) return candidate;
  }
  return `${root.slice(0, MAX - 8)}-${randomBytes(3).toString('hex')}`;
}

import { getTableColumns, getTableName, is } from 'drizzle-orm';
import { type AnyPgColumn, getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { KIND_LIST } from '../kinds';
import { type TAdminTaxonomyKind, tableOf, USES } from './taxonomy-admin.service';

const name = (c: AnyPgColumn) => `${getTableName(c.table)}.${c.name}`;

/**
 * Circle-listing columns that copy a record's parent (kept in step by the public-write step, decision 002): a listing
 * row exists only beside its record, whose own column USES counts.
 */
const MIRRORS = new Map<string, string>(
  KIND_LIST.flatMap((k) =>
    k.listing && !k.parent.many ? [[name(k.listing.parentId), name(k.parent.column)] as const] : [],
  ),
);

/** Every `onDelete: 'restrict'` foreign key of the schema, as "table.column" → "referenced table". */
function restrictReferences() {
  const refs: { from: string; to: string }[] = [];
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable)) continue;
    for (const fk of getTableConfig(table).foreignKeys) {
      if (fk.onDelete !== 'restrict') continue;
      const ref = fk.reference();
      refs.push({ from: name(ref.columns[0]), to: getTableName(ref.foreignTable) });
    }
  }
  return refs;
}

describe('the taxonomy delete guard', () => {
  it('counts every restricting reference to each taxonomy table, so a delete in use is a 400 and never a 500', () => {
    const kinds = Object.keys(USES) as TAdminTaxonomyKind[];
    const refs = restrictReferences();
    expect(refs.length).toBeGreaterThan(10);
    for (const kind of kinds) {
      const target = getTableName(tableOf(kind));
      const counted = new Set(USES[kind].map((u) => name(u.column)));
      const restricting = refs.filter((r) => r.to === target).map((r) => r.from);
      const uncounted = restricting.filter((from) => !counted.has(from) && !counted.has(MIRRORS.get(from) ?? ''));
      expect(uncounted, kind).toEqual([]);
      // And nothing counted that does not restrict (a stale entry would refuse deletes for no reason).
      for (const c of counted) expect(restricting, `${kind}: ${c}`).toContain(c);
    }
    // Every column a guard counts really is a column of its table.
    for (const kind of kinds)
      for (const u of USES[kind]) expect(Object.values(getTableColumns(u.table))).toContain(u.column);
  });
});

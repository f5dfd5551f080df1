import { LIMITS } from '@chaupal/contract';
import { and, eq, getTableColumns, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { isUuid } from '../../db/lookup';
import { preparedOnce } from '../../db/prepared';
import { notFound } from '../../platform/errors';
import type { ContentKind, ContentRow, LoadedRow } from './content-kind';
import { loadRows, preparedLoaded } from './content-query';

/**
 * Up to six public records sharing an active parent with a record (never itself), newest first by the kind's order:
 * their own columns only. A card shows none of the circles, localities, documents or parents a whole record joins.
 */
const relatedCards = <Row extends ContentRow>(db: DbOrTx, def: ContentKind<Row>) => {
  const name = `${def.spec.name}_related_cards`;
  const query = preparedOnce(db, name, () => {
    const t = def.table;
    const link = def.parent;
    const parents = sql.placeholder('parents');
    const sameParent = link.many
      ? sql`exists (select 1 from ${link.join} where ${link.join.recordId} = ${t.id} and ${link.join.taxonId} = any(${parents}))`
      : sql`${link.column} = any(${parents})`;
    const { searchVector: _s, titleVector: _t, content: _c, ...columns } = getTableColumns(t);
    return db
      .select(columns)
      .from(t)
      .where(and(eq(t.isPublic, true), ne(t.id, sql.placeholder('id')), sameParent))
      .orderBy(...def.order)
      .limit(LIMITS.relatedMax)
      .prepare(name);
  });
  // The driver's rows, typed as the kind's; a card shows no body, so none is read.
  return async (values: { id: string; parents: string[] }) =>
    ((await query.execute(values)) as Omit<Row, 'content'>[]).map((row) => ({ ...row, content: '' }) as Row);
};

/** A public record by slug or id, and the cards of up to six public records related to it: two statements. */
export async function getPublicWithRelated<Row extends ContentRow>(db: DbOrTx, def: ContentKind<Row>, ref: string) {
  const t = def.table;
  const byId = isUuid(ref);
  const [loaded] = await preparedLoaded(
    db,
    def,
    byId ? 'public_by_id_or_slug' : 'public_by_slug',
    () => {
      const at = sql.placeholder('ref');
      return and(byId ? or(eq(t.id, at), eq(t.slug, at)) : eq(t.slug, at), eq(t.isPublic, true));
    },
    { limit: 1 },
  )({ ref });
  if (!loaded) throw notFound();
  return { record: loaded, related: await relatedTo(db, def, loaded) };
}

/**
 * A record by id in any status (what a preview link shows, decision 033), with the same related cards its public page
 * would show: two statements.
 */
export async function getAnyWithRelated<Row extends ContentRow>(db: DbOrTx, def: ContentKind<Row>, id: string) {
  const [loaded] = isUuid(id) ? await loadRows(db, def, [id]) : [];
  if (!loaded) throw notFound();
  return { record: loaded, related: await relatedTo(db, def, loaded) };
}

/** The cards of up to six public records sharing one of a record's active parents. */
async function relatedTo<Row extends ContentRow>(db: DbOrTx, def: ContentKind<Row>, loaded: LoadedRow<Row>) {
  const parentIds = loaded.parents.filter((p) => p.status === 'active').map((p) => p.id);
  if (!parentIds.length) return [];
  return relatedCards(db, def)({ id: loaded.row.id, parents: parentIds });
}

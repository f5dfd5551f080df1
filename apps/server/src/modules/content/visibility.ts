import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { CONTENT_KIND_DEFS, type ContentKind } from './content-kinds';

/** Which records to recompute: some ids, one owner's, or all of a kind. */
export type VisibilityScope = { ids: string[] } | { userId: string } | 'all';

/**
 * Recomputes the denormalised `is_public` flag (DESIGN §5): the record is active, its owner is active, and at least
 * one of its taxonomy parents is active. Services call this after every write that can change any of those.
 */
export async function refreshVisibility(db: DbOrTx, def: ContentKind, scope: VisibilityScope): Promise<void> {
  const t = def.table;
  const link = def.parent;
  const parentActive = link.many
    ? sql`exists (select 1 from ${link.join} j join ${link.table} p on p.id = j.${sql.identifier(link.join.childId.name)}
                  where j.${sql.identifier(link.join.parentId.name)} = ${t.id} and p.status = 'active')`
    : sql`exists (select 1 from ${link.table} p where p.id = ${link.column} and p.status = 'active')`;
  const visible = sql`(${t.status} = 'active' and ${users.status} = 'active' and ${parentActive})`;
  let scoped: SQL = sql`true`;
  if (scope !== 'all' && 'ids' in scope) {
    if (!scope.ids.length) return;
    scoped = sql`${t.id} in (${sql.join(
      scope.ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`;
  } else if (scope !== 'all') scoped = sql`${t.userId} = ${scope.userId}::uuid`;
  await db.execute(sql`
    update ${t} set is_public = ${visible}
    from ${users}
    where ${users.id} = ${t.userId} and ${scoped} and ${t.isPublic} is distinct from ${visible}`);
}

/** After a change to a user's status or to taxonomy: recompute every kind in scope. */
export async function refreshAllVisibility(db: DbOrTx, scope: { userId: string } | 'all' = 'all'): Promise<void> {
  for (const def of Object.values(CONTENT_KIND_DEFS)) await refreshVisibility(db, def, scope);
}

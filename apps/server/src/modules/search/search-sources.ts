import type { TSearchKind } from '@chaupal/contract';
import { type AnyColumn, asc, type SQL, sql } from 'drizzle-orm';
import { pages } from '../../db/schema';
import type { ContentKind, ContentTable, TaxonTable } from '../content';
import { KIND_LIST } from '../kinds';

/** A table search reads: a content kind's or a taxonomy's (both carry title, description and the two vectors). */
type SearchTable = ContentTable | TaxonTable;

/** Where one kind of record is searched and how a hit of it is shown. */
export interface SearchSource {
  kind: TSearchKind;
  table: SearchTable;
  /** The site path of the record's public page, before its slug (SPEC §2). */
  path: string;
  /** Only public records: the content flag (DESIGN §5), or an active taxonomy row. */
  visible: SQL;
  image: AnyColumn | null;
  /** Publishing time, for news and features. */
  date: AnyColumn | null;
  /** The rich text a snippet may come from besides the description. */
  content: AnyColumn | null;
  /** Content kinds live in circles and localities; taxonomy kinds are not bound to a place. */
  place: ContentKind | null;
  /** The order candidates are read in when more match than a search ranks: the kind's public list order. */
  order: SQL[];
  /** Between hits of the same score: a verified business first (listings), then the fresher. */
  verified: SQL;
  fresh: SQL;
}

const taxon = (kind: TSearchKind, table: TaxonTable, path: string): SearchSource => ({
  kind,
  table,
  path,
  visible: sql`${table.status} = 'active'`,
  image: table.image,
  date: null,
  content: table === pages ? pages.content : null,
  place: null,
  order: [asc(table.title), asc(table.id)],
  verified: sql`false`,
  fresh: sql`${table.updatedAt}`,
});

const content = (def: ContentKind): SearchSource => ({
  kind: def.spec.name,
  table: def.table,
  path: def.spec.detailPath,
  visible: sql`${def.table.isPublic}`,
  image: def.image,
  date: def.searchDate,
  content: def.table.content,
  place: def,
  order: def.order,
  verified: 'verifiedBusinessAt' in def.table ? sql`(${def.table.verifiedBusinessAt} is not null)` : sql`false`,
  fresh: def.searchDate ? sql`coalesce(${def.searchDate}, ${def.table.updatedAt})` : sql`${def.table.updatedAt}`,
});

/**
 * Every searchable kind: each content kind of the registry after the taxonomy it is filed under (the contract's facet
 * order, SEARCH_KINDS).
 */
export const SEARCH_SOURCES: readonly SearchSource[] = KIND_LIST.flatMap((def) => [
  taxon(def.spec.parent.noun as TSearchKind, def.parent.table, def.spec.parent.listPath),
  content(def),
]);

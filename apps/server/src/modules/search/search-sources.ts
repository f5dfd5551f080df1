import type { TSearchKind } from '@chaupal/contract';
import { type AnyColumn, asc, type SQL, sql } from 'drizzle-orm';
import { categories, editions, experts, features, news, outlets, pages, services } from '../../db/schema';
import { type ContentKind, EXPERT, FEATURE, NEWS, OUTLET } from '../content';

type SearchTable =
  | typeof services
  | typeof categories
  | typeof editions
  | typeof pages
  | typeof experts
  | typeof outlets
  | typeof news
  | typeof features;

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
}

const taxon = (
  kind: TSearchKind,
  table: typeof services | typeof categories | typeof editions | typeof pages,
  path: string,
): SearchSource => ({
  kind,
  table,
  path,
  visible: sql`${table.status} = 'active'`,
  image: table.image,
  date: null,
  content: 'content' in table ? (table as typeof pages).content : null,
  place: null,
  order: [asc(table.title), asc(table.id)],
});

const content = (kind: TSearchKind, def: ContentKind, path: string, image: AnyColumn, date: AnyColumn | null) => ({
  kind,
  table: def.table,
  path,
  visible: sql`${def.table.isPublic}`,
  image,
  date,
  content: def.table.content,
  place: def,
  order: def.order,
});

/** Every searchable kind, in the contract's facet order (SEARCH_KINDS). */
export const SEARCH_SOURCES: readonly SearchSource[] = [
  taxon('service', services, '/service/'),
  content('expert', EXPERT, '/experts/', experts.image, null),
  taxon('category', categories, '/category/'),
  content('outlet', OUTLET, '/outlets/', outlets.image, null),
  taxon('edition', editions, '/edition/'),
  content('news', NEWS, '/news/', news.image, news.publishingTime),
  taxon('page', pages, '/page/'),
  content('feature', FEATURE, '/article/', features.photo, features.publishedDate),
];

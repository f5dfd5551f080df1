import type { TSearchBody, TSearchHit, TSearchKind } from '@chaupal/contract';
import { iso } from '../content';
import type { SearchResult } from './search.service';
import { SEARCH_SOURCES } from './search-sources';
import { type Matcher, makeSnippet, marksIn, matcher, plainOf } from './search-text';

/** A hit's row as the search reads it: description and content with their tags already replaced by spaces. */
export interface SearchRow {
  kind: TSearchKind;
  id: string;
  slug: string;
  title: string;
  description: string;
  content: string;
  image: string | null;
  date: Date | string | null;
  circles: string[];
}

const PATHS = new Map(SEARCH_SOURCES.map((s) => [s.kind, s.path]));

/** The contract's hit: the public page's path, a marked title and a snippet around the best match. */
export function presentHit(r: SearchRow, match: Matcher): TSearchHit {
  const { snippet, snippetMarks } = makeSnippet([plainOf(r.description), plainOf(r.content)], match);
  return {
    kind: r.kind,
    id: r.id,
    slug: r.slug,
    title: r.title,
    url: `${PATHS.get(r.kind)}${r.slug}`,
    snippet,
    titleMarks: marksIn(r.title, match),
    snippetMarks,
    image: r.image,
    circles: r.circles,
    date: r.date === null ? null : iso(r.date),
  };
}

/** The search's answer: hits, the page, counts per kind and the suggestion. */
export function presentSearch(
  r: SearchResult,
  page: { page: number; pageSize: number },
  words: readonly string[],
  place: TSearchBody['place'] = null,
): TSearchBody {
  const match = matcher(words);
  return {
    success: true,
    data: r.rows.map((row) => presentHit(row, match)),
    meta: { ...page, total: r.total },
    facets: r.facets,
    suggestion: r.suggestion,
    place,
  };
}

import { z } from 'zod';
import { SEARCH_KIND_ORDER } from './content-kinds';
import { ZPageMeta } from './envelope';
import { LIMITS } from './limits';
import { ZPageNumber, ZPageSize } from './queries';

/**
 * Site-wide search (decision 011): one ranked list across every public kind of record. `GET /api/backend/v1/search`.
 * The kinds in the order the facets list them.
 */
export const SEARCH_KINDS = SEARCH_KIND_ORDER;
export const ZSearchKind = z.enum(SEARCH_KINDS);
export type TSearchKind = z.infer<typeof ZSearchKind>;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const placeName = z.preprocess(
  blankToUndefined,
  z.string().trim().max(LIMITS.titleMax, `Must be at most ${LIMITS.titleMax} characters`).optional(),
);

/** The content lists' sorts live with the list queries; named here too, where the search first put them. */
export { LIST_SORTS, type TListSort, ZListSort } from './queries';

export const ZSearchQuery = z.object({
  q: z.preprocess(
    (v) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : v),
    z.string().trim().min(1, 'Required').max(LIMITS.searchMax, `Must be at most ${LIMITS.searchMax} characters`),
  ),
  kind: z.preprocess(blankToUndefined, ZSearchKind.optional()),
  /** A circle's name, as the list pages carry it in the URL (SPEC §2). An unknown name finds nothing. */
  circleName: placeName,
  /** A locality's name. */
  blockName: placeName,
  page: ZPageNumber,
  pageSize: ZPageSize,
});
export type TSearchQuery = z.infer<typeof ZSearchQuery>;

/** A matched stretch of a hit's title or snippet: `text.slice(start, end)`, in UTF-16 code units. */
export const ZSearchMark = z.object({ start: z.number().int(), end: z.number().int() });
export type TSearchMark = z.infer<typeof ZSearchMark>;

export const ZSearchHit = z.object({
  kind: ZSearchKind,
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  /** The site path of the hit's public page, e.g. `/experts/dr-sharma`, `/service/plumbers`, `/article/…`. */
  url: z.string(),
  /** Plain text (no HTML) around the best match, at most ~200 characters. */
  snippet: z.string(),
  /** Where the query's words stand in `title` and `snippet`; the client wraps them in <mark>. */
  titleMarks: z.array(ZSearchMark),
  snippetMarks: z.array(ZSearchMark),
  image: z.string().nullable(),
  /** Names of the record's active circles (empty for taxonomy kinds). */
  circles: z.array(z.string()),
  /** Publishing time of news and features, ISO 8601; null for the others. */
  date: z.string().nullable(),
});
export type TSearchHit = z.infer<typeof ZSearchHit>;

export const ZSearchFacet = z.object({ kind: ZSearchKind, count: z.number().int() });
export type TSearchFacet = z.infer<typeof ZSearchFacet>;

export const ZSearchBody = z.object({
  success: z.literal(true),
  data: z.array(ZSearchHit),
  meta: ZPageMeta,
  /** Hits per kind for the same words and place, whatever `kind` asks: the facets. Kinds with none are left out. */
  facets: z.array(ZSearchFacet),
  /** A spelling of the query that finds more, from the words of public titles (did-you-mean), or null. */
  suggestion: z.string().nullable(),
  /**
   * The place the words named, taken as where to search ("plumber riverside"): the circle's or locality's name, and
   * the words searched for there; null when the words were searched as written.
   */
  place: z.object({ circleName: z.string().nullable(), blockName: z.string().nullable(), q: z.string() }).nullable(),
});
export type TSearchBody = z.infer<typeof ZSearchBody>;

import { SEARCH_KIND_ORDER as SEARCH_KINDS } from '@chaupal/contract/content-kinds';
import { data, type LoaderFunctionArgs } from 'react-router';
import { ApiError } from '../../api/client';
import type { SearchParams } from '../../api/queries';
import type { LoaderTools } from '../../app/loader-tools';

/** Hits on a page of /search. */
export const SEARCH_PAGE_SIZE = 10;

/** The search of a /search URL, the same for the route's loader and the page (so they share one cache entry). */
export function searchOf(sp: URLSearchParams): SearchParams {
  const kind = sp.get('kind') ?? '';
  return {
    q: (sp.get('q') ?? '').trim(),
    kind: SEARCH_KINDS.find((k) => k === kind),
    circleName: sp.get('circleName') || undefined,
    blockName: sp.get('blockName') || undefined,
    page: Number(sp.get('page')) || 1,
    pageSize: SEARCH_PAGE_SIZE,
  };
}

/**
 * Words the API refuses (too long) find nothing: the page says so, it is not an error. A search refused for now (the
 * server busy, or too many searches) is the page's status instead, so the server does not keep it as a page of no hits.
 */
function nothingFound(err: unknown): null {
  if (err instanceof ApiError && (err.status === 429 || err.status >= 500)) throw data(null, { status: err.status });
  return null;
}

/** /search prefetches its hits (none for an empty box) and the circles and localities of its filters. */
export const searchLoader =
  (toolsOf: (args: LoaderFunctionArgs) => LoaderTools) => async (args: LoaderFunctionArgs) => {
    const { ensure, queries, resolvePlaces } = toolsOf(args);
    const p = searchOf(new URL(args.request.url).searchParams);
    await Promise.all([
      p.q ? ensure(queries.search(p)).catch(nothingFound) : null,
      ensure(queries.circles()),
      resolvePlaces(p.circleName, p.blockName),
    ]);
    return null;
  };

import type { TSearchKind } from '@chaupal/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import type { PublicQueries, SearchParams } from '../../api/queries';

/** Hits on a page of /search. */
export const SEARCH_PAGE_SIZE = 10;

/** The search of a /search URL, the same for the route's loader and the page (so they share one cache entry). */
export function searchOf(sp: URLSearchParams): SearchParams {
  const kind = sp.get('kind') ?? '';
  return {
    q: (sp.get('q') ?? '').trim(),
    kind: /^(service|expert|category|outlet|edition|news|page|feature)$/.test(kind) ? (kind as TSearchKind) : undefined,
    circleName: sp.get('circleName') || undefined,
    blockName: sp.get('blockName') || undefined,
    page: Number(sp.get('page')) || 1,
    pageSize: SEARCH_PAGE_SIZE,
  };
}

interface LoaderDeps {
  ensure: QueryClient['ensureQueryData'];
  queries: PublicQueries;
  /** The route table's name-to-id resolution, which also loads the localities the Locality filter lists. */
  resolvePlaces(circleName?: string, blockName?: string): Promise<unknown>;
}

/** /search prefetches its hits (none for an empty box) and the circles and localities of its filters. */
export const searchLoader =
  ({ ensure, queries, resolvePlaces }: LoaderDeps) =>
  async ({ request }: LoaderFunctionArgs) => {
    const p = searchOf(new URL(request.url).searchParams);
    await Promise.all([
      // Words the API refuses (too long) find nothing: the page says so, it is not an error.
      p.q ? ensure(queries.search(p)).catch(() => null) : null,
      ensure(queries.circles()),
      resolvePlaces(p.circleName, p.blockName),
    ]);
    return null;
  };

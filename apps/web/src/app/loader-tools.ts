import type { QueryClient } from '@tanstack/react-query';
import type { ApiFetch } from '../api/client';
import type { PublicQueries } from '../api/queries';
import { placesOf } from '../components/places';

/** What a route loader reads with: its request's query cache and the public API's queries. */
export interface RouteDeps {
  queryClient: QueryClient;
  queries: PublicQueries;
  /** The server's in-process API, for what a page reads only when the server renders it (a listing's beacon token). */
  serverFetch?: ApiFetch;
}

/** The query cache's `ensureQueryData`, and circle and locality names resolved to ids (see placesOf). */
export function loaderTools({ queryClient, queries }: RouteDeps) {
  const ensure = queryClient.ensureQueryData.bind(queryClient);
  async function resolvePlaces(circleName?: string, blockName?: string) {
    if (!circleName && !blockName) return {};
    const circles = await ensure(queries.circles());
    const circle = circles.find((c) => c.name === circleName);
    const blocks = blockName && (circle || !circleName) ? await ensure(queries.blocks(circle?.id)) : [];
    return placesOf(circles, blocks, circleName, blockName);
  }
  return { ensure, queries, resolvePlaces };
}
export type LoaderTools = ReturnType<typeof loaderTools>;

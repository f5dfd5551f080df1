import type { TListingKind } from '@chaupal/contract';
import { queryOptions, skipToken } from '@tanstack/react-query';
import { type ApiFetch, callApi } from '../../api/client';

/**
 * The token a listing's page carries for its views and contact clicks to be counted (app/insight-script.ts,
 * docs/decisions/025-insight-counts.md); no kind: a record that is not a listing, which has none. The server reads it
 * into the page with the listing (routes.tsx); a listing opened in the app fetches it after the page shows. Not among
 * the public queries, so the app's entry does not carry it.
 */
export const beaconTokenQuery = (apiFetch: ApiFetch, kind: TListingKind | undefined, id: string) =>
  queryOptions({
    queryKey: ['beacon-token', kind, id],
    queryFn: kind
      ? () => callApi<{ data: { token: string } }>(apiFetch, `/insight/${kind}/${id}/token`).then((r) => r.data.token)
      : skipToken,
  });

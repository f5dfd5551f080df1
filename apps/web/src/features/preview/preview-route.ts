import type { TContentKind, TPreview } from '@chaupal/contract';
import { queryOptions } from '@tanstack/react-query';
import type { ComponentType, LazyExoticComponent } from 'react';
import { data, type LoaderFunctionArgs } from 'react-router';
import { ApiError, type ApiFetch, browserFetch, callApi } from '../../api/client';
import { lazyPart } from '../../app/lazy-part';
import type { RouteDeps } from '../../app/loader-tools';

/**
 * What a link shows (decision 033). Its own query, not one of the app's public queries (api/queries.ts), which every
 * page's first load carries: the loader and the page read it through the same API as those.
 */
export const previewQuery = (apiFetch: ApiFetch, token: string) =>
  queryOptions({
    queryKey: ['preview', token],
    queryFn: () => callApi<{ data: TPreview }>(apiFetch, `/preview/${encodeURIComponent(token)}`).then((r) => r.data),
  });

/** A kind's own public view of what a link shows, in a chunk of its own (the shell's KIND_PAGES names it). */
export type OwnView = ComponentType<{ preview: TPreview }>;
/** Where a kind that draws its own public page loads that view from; undefined for the shared kinds. */
export type OwnViews = (kind: TContentKind) => (() => Promise<{ default: OwnView }>) | undefined;

const parts = new Map<TContentKind, LazyExoticComponent<OwnView> | null>();
/**
 * A kind's own view as a part the server renders into the page (lazyPart), made once per kind: by the loader on the
 * server, so its chunk loads beside the preview's data, and by the page in the browser, which hydrates it when it
 * arrives.
 */
export function ownView(kind: TContentKind, views: OwnViews) {
  if (!parts.has(kind)) {
    const load = views(kind);
    parts.set(kind, load ? lazyPart(load) : null);
  }
  return parts.get(kind) ?? null;
}

/**
 * `/preview/:token`: what the link shows; an unknown, expired or revoked link is the route's 404. Read through the
 * server's in-process API when the server renders the page, else the browser's.
 */
export const previewLoader =
  (depsOf: (args: LoaderFunctionArgs) => RouteDeps, views: OwnViews) => async (args: LoaderFunctionArgs) => {
    const { queryClient, serverFetch } = depsOf(args);
    try {
      const preview = await queryClient.ensureQueryData(
        previewQuery(serverFetch ?? browserFetch, args.params.token as string),
      );
      ownView(preview.kind, views);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) throw data(null, { status: 404 });
      throw err;
    }
    return null;
  };

import type {
  TBlock,
  TCircle,
  TContentKind,
  THome,
  TPageMeta,
  TPolicy,
  TSearchBody,
  TSearchKind,
  TSite,
  TTaxon,
} from '@chaupal/contract';
import {
  apiPath,
  CONTENT_KINDS,
  TAXONOMIES,
  type TContentShapes,
  type TTaxonKind,
} from '@chaupal/contract/content-kinds';
import { queryOptions } from '@tanstack/react-query';
import { type ApiFetch, callApi, qs } from './client';

type Ok<T> = { success: true; data: T };
export type Page<T> = { success: true; data: T[]; meta: TPageMeta };
export type Detail<T, C> = { success: true; data: T; related: C[] };

/** A record of a content kind as the API answers it. */
export type ContentOf<K extends TContentKind> = TContentShapes[K]['item'];

/** A record of a content kind as a card shows it: a list's whole record or a detail's related card. */
export type CardOf<K extends TContentKind> = TContentShapes[K]['card'];

export interface ListFilters {
  parent?: string;
  circle?: string;
  block?: string;
  q?: string;
  page?: number;
  /** `newest`, `az` or `updated` (the contract's ZListSort), or `near` with `near` or `rating` (experts and outlets). */
  sort?: string;
  /** Experts and outlets rated this or more on average ("4 ★ and up"). */
  minRating?: string;
  /** The point of `sort=near`, as the URL carries it (`lat`, `lng`). */
  near?: TPoint;
  /** A kind's own list parameters (an events list's `when`, `from` and `to`). */
  extra?: Record<string, string | undefined>;
}
export interface TPoint {
  lat: number | string;
  lng: number | string;
}

/** A `sort=` from the URL the lists know (the contract's ZListSort), or none: an unknown one is the list's own order. */
export const listSort = (v: string | null) =>
  v === 'newest' || v === 'az' || v === 'updated' || v === 'near' || v === 'rating' ? v : undefined;

/** A "4 ★ and up" from the URL (`minRating=4`), or none. */
export const minRatingOf = (v: string | null) => (v === '4' ? v : undefined);

const DEGREES = /^-?\d{1,3}(\.\d{1,6})?$/;
/** The point of a "Near me" list in the URL (`lat`, `lng`; the API checks their range), or none. */
export function nearPoint(sp: URLSearchParams): TPoint | undefined {
  const lat = sp.get('lat') ?? '';
  const lng = sp.get('lng') ?? '';
  return DEGREES.test(lat) && DEGREES.test(lng) ? { lat, lng } : undefined;
}

/**
 * A list's filters as its address carries them (`circleInPath`: the circle a news list names in its path): the route's
 * loader and the list page read them alike, so the page shows what the server rendered.
 */
export function listFiltersOf(circleInPath: string | undefined, sp: URLSearchParams) {
  return {
    circleName: circleInPath ?? sp.get('circleName') ?? undefined,
    blockName: sp.get('blockName') ?? undefined,
    q: sp.get('q') ?? undefined,
    page: Number(sp.get('page') ?? 1) || 1,
    sort: listSort(sp.get('sort')),
    minRating: minRatingOf(sp.get('minRating')),
    near: nearPoint(sp),
  };
}

/**
 * The order of a list and the directory's own parameters: `sort=near` (with a point), `sort=rating` and `minRating`
 * only on the directory's lists; elsewhere the list's own order.
 */
const sortOf = (kind: TContentKind, f: ListFilters) =>
  CONTENT_KINDS[kind].family !== 'directory'
    ? f.sort === 'near' || f.sort === 'rating'
      ? {}
      : { sort: f.sort }
    : { minRating: f.minRating, ...(f.sort !== 'near' ? { sort: f.sort } : f.near && { sort: 'near', ...f.near }) };

/** A site-wide search (decision 011): the words, the kind facet, the place by name, and the page. */
export interface SearchParams {
  q: string;
  kind?: TSearchKind;
  circleName?: string;
  blockName?: string;
  page?: number;
  pageSize?: number;
}

/**
 * Query options for every public read: the route loaders prefetch them (on the server through the in-process API)
 * and the components read them, so both sides share one cache and one way to fetch.
 */
export function publicQueries(apiFetch: ApiFetch) {
  const get = <T>(path: string) => callApi<T>(apiFetch, path);
  return {
    home: () =>
      queryOptions({
        queryKey: ['home'],
        queryFn: () => get<Ok<THome>>('/home').then((r) => r.data),
        staleTime: 20_000,
      }),
    /** The header, footer and share tags of every page: the settings part of the home content. */
    site: () =>
      queryOptions({
        queryKey: ['site'],
        queryFn: () => get<Ok<TSite>>('/site').then((r) => r.data),
        staleTime: 20_000,
      }),
    /** Every active service, category, edition or publishing page. */
    index: (kind: TTaxonKind) =>
      queryOptions({
        queryKey: ['index', kind],
        queryFn: () => get<Ok<TTaxon[]>>(TAXONOMIES[kind].api.list).then((r) => r.data),
      }),
    taxon: (kind: TTaxonKind, ref: string) =>
      queryOptions({
        queryKey: ['taxon', kind, ref],
        queryFn: () => get<Ok<TTaxon>>(apiPath(TAXONOMIES[kind].api.detail, { id: ref })).then((r) => r.data),
      }),
    circles: () =>
      queryOptions({ queryKey: ['circles'], queryFn: () => get<Ok<TCircle[]>>('/circles/view').then((r) => r.data) }),
    blocks: (circleId?: string) =>
      queryOptions({
        queryKey: ['blocks', circleId ?? 'all'],
        queryFn: () => get<Ok<TBlock[]>>(`/blocks/view${qs({ 'circles[]': circleId })}`).then((r) => r.data),
      }),
    list: <K extends TContentKind>(kind: K, f: ListFilters) =>
      queryOptions({
        queryKey: ['list', kind, f],
        queryFn: () => {
          const { api, parent } = CONTENT_KINDS[kind];
          return get<Page<ContentOf<K>>>(
            `${api.list}${qs({ ...f.extra, [parent.parameter]: f.parent, circle: f.circle, block: f.block, q: f.q, page: f.page, ...sortOf(kind, f) })}`,
          );
        },
      }),
    detail: <K extends TContentKind>(kind: K, slug: string) =>
      queryOptions({
        queryKey: ['detail', kind, slug],
        queryFn: () => get<Detail<ContentOf<K>, CardOf<K>>>(apiPath(CONTENT_KINDS[kind].api.detail, { slug })),
      }),
    /** Ranked hits of every public kind with their facets and a did-you-mean (the header's suggestions, /search). */
    search: (p: SearchParams) =>
      queryOptions({
        queryKey: ['search', p],
        queryFn: ({ signal }) => callApi<TSearchBody>(apiFetch, `/search${qs({ ...p })}`, { signal }),
        staleTime: 60_000,
      }),
    policies: () =>
      queryOptions({
        queryKey: ['policies'],
        queryFn: () => get<Ok<TPolicy[]>>('/policy/viewall/public').then((r) => r.data),
      }),
    policy: (id: string) =>
      queryOptions({
        queryKey: ['policy', id],
        queryFn: () => get<Ok<TPolicy>>(`/policy/view/${encodeURIComponent(id)}/public`).then((r) => r.data),
      }),
  };
}
export type PublicQueries = ReturnType<typeof publicQueries>;

import type {
  TBlock,
  TCircle,
  TExpert,
  TFeature,
  THome,
  TNews,
  TOutlet,
  TPageMeta,
  TPolicy,
  TSearchBody,
  TSearchKind,
  TTaxon,
} from '@chaupal/contract';
import { queryOptions } from '@tanstack/react-query';
import { type ApiFetch, callApi, qs } from './client';

type Ok<T> = { success: true; data: T };
export type Page<T> = { success: true; data: T[]; meta: TPageMeta };
export type Detail<T> = { success: true; data: T; related: T[] };

/** The content lists and their parent filter parameter. */
export const CONTENT = {
  experts: { list: '/experts/view', slug: '/experts/slug/', parent: 'service' },
  outlets: { list: '/outlets/view', slug: '/outlets/slug/', parent: 'category' },
  news: { list: '/newss/view', slug: '/newss/slug/', parent: 'edition' },
  features: { list: '/blog', slug: '/blog/slug/', parent: 'publishing_Page' },
} as const;
export type TContentArea = keyof typeof CONTENT;
export type ContentOf<A extends TContentArea> = {
  experts: TExpert;
  outlets: TOutlet;
  news: TNews;
  features: TFeature;
}[A];

export interface ListFilters {
  parent?: string;
  circle?: string;
  block?: string;
  q?: string;
  page?: number;
  /** `newest`, `az` or `updated` (the contract's ZListSort); none is the list's own order. */
  sort?: string;
}

/** A `sort=` from the URL the lists know (the contract's ZListSort), or none: an unknown one is the list's own order. */
export const listSort = (v: string | null) => (v === 'newest' || v === 'az' || v === 'updated' ? v : undefined);

/** A site-wide search (issue 14): the words, the kind facet, the place by name, and the page. */
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
    /** Every active service, category, edition or publishing page. */
    index: (kind: 'services' | 'categories' | 'editions' | 'pages') =>
      queryOptions({
        queryKey: ['index', kind],
        queryFn: () => get<Ok<TTaxon[]>>(kind === 'pages' ? '/pages' : `/${kind}/view`).then((r) => r.data),
      }),
    taxon: (kind: 'services' | 'categories' | 'editions' | 'pages', ref: string) =>
      queryOptions({
        queryKey: ['taxon', kind, ref],
        queryFn: () => get<Ok<TTaxon>>(kind === 'pages' ? `/pages/${ref}` : `/${kind}/view/${ref}`).then((r) => r.data),
      }),
    circles: () =>
      queryOptions({ queryKey: ['circles'], queryFn: () => get<Ok<TCircle[]>>('/circles/view').then((r) => r.data) }),
    blocks: (circleId?: string) =>
      queryOptions({
        queryKey: ['blocks', circleId ?? 'all'],
        queryFn: () => get<Ok<TBlock[]>>(`/blocks/view${qs({ 'circles[]': circleId })}`).then((r) => r.data),
      }),
    list: <A extends TContentArea>(area: A, f: ListFilters) =>
      queryOptions({
        queryKey: ['list', area, f],
        queryFn: () =>
          get<Page<ContentOf<A>>>(
            `${CONTENT[area].list}${qs({ [CONTENT[area].parent]: f.parent, circle: f.circle, block: f.block, q: f.q, page: f.page, sort: f.sort })}`,
          ),
      }),
    detail: <A extends TContentArea>(area: A, slug: string) =>
      queryOptions({
        queryKey: ['detail', area, slug],
        queryFn: () => get<Detail<ContentOf<A>>>(`${CONTENT[area].slug}${encodeURIComponent(slug)}`),
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

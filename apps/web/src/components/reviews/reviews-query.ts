import type { TListingKind, TReviewsBody } from '@chaupal/contract';
import { REVIEW_SORTS, type TReviewSort } from '@chaupal/contract/review-values';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { type ApiFetch, callApi, qs } from '../../api/client';
import { useServices } from '../../app/services';

/** A listing's page shows this many reviews at a time: fifty reviews do not make a heavy page. */
export const REVIEWS_PAGE_SIZE = 10;

/** Which reviews a listing's page shows: their order and page, as its URL says (`?sort=helpful&page=2`). */
export interface TReviewsPage {
  sort: TReviewSort;
  page: number;
}

/** The reviews' order and page from a listing's URL; anything unknown is the first page of the newest. */
export function reviewsPageOf(search: URLSearchParams): TReviewsPage {
  const sort = REVIEW_SORTS.find((s) => s === search.get('sort')) ?? 'newest';
  const page = Number(search.get('page'));
  return { sort, page: Number.isInteger(page) && page > 1 ? page : 1 };
}

/** The query keys of a listing's reviews: every page and order, and the signed-in person's own state. */
export const reviewsKey = (kind: TListingKind, id: string) => ['reviews', kind, id] as const;

/**
 * A page of a listing's published reviews with its rating summary. The server's detail loader reads it into the page
 * (routes.tsx); in the browser the reviews section asks for it when its order or page changes.
 */
export const reviewsQuery = (apiFetch: ApiFetch, kind: TListingKind, id: string, p: TReviewsPage) =>
  queryOptions({
    queryKey: [...reviewsKey(kind, id), p],
    queryFn: () =>
      callApi<TReviewsBody>(
        apiFetch,
        `/reviews/${kind}/${encodeURIComponent(id)}${qs({
          sort: p.sort === 'newest' ? undefined : p.sort,
          page: p.page > 1 ? p.page : undefined,
          pageSize: REVIEWS_PAGE_SIZE,
        })}`,
      ),
  });

/**
 * The reviews a listing's page shows (the order and page its URL names), for its reviews section and its JSON-LD:
 * both read the same query, which the server's loader filled. While another order or page is on its way the last one
 * stays (`loading`). Kept out of the detail page's own module, so its first load does not carry the reviews.
 */
export function useListingReviews(kind: TListingKind, id: string) {
  const { apiFetch } = useServices();
  const [search] = useSearchParams();
  const page = reviewsPageOf(search);
  const q = useQuery({ ...reviewsQuery(apiFetch, kind, id, page), placeholderData: keepPreviousData });
  return { page, body: q.data, loading: q.isPlaceholderData };
}

import type { TListingKind, TReview, TReviewsBody } from '@chaupal/contract';
import { type QueryClient, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useServices } from '../../../app/services';
import { type Session, useSession } from '../../../app/session';
import { jsonBody, signedInCall } from '../../../app/signed-in';
import { reviewsKey } from '../../../components/reviews/reviews-query';

/**
 * The signed-in calls of reviews: the person's own state on a listing, writing, deleting, the owner's reply and
 * "Helpful". Only the lazy chunks of the review form, the reply form and the signed-in review controls import this,
 * so a visitor who reads reviews downloads none of it.
 */

/** What the signed-in person may do on a listing's reviews (the contract's ZMyReviewState). */
export interface TMyReviewState {
  /** Their own review of the listing, in any status, or null. */
  mine: TReview | null;
  /** The reviews they marked helpful. */
  helpful: string[];
  /** Why they may not review it: their own listing, or their phone is not verified; null when they may. */
  cannot: 'owner' | 'phone' | null;
}

/** A review as the API answers a write of it. */
type TSaved = { success: true; data: TReview; message?: string };

const pathOf = (kind: TListingKind, id: string) => `/reviews/${kind}/${encodeURIComponent(id)}`;
/** The person's state on a listing, under its own key: a write of helpfulness updates the pages, not this shape. */
const mineKey = (kind: TListingKind, id: string) => ['reviews-mine', kind, id] as const;

export function reviewsApi(call: ReturnType<typeof signedInCall>, userId: string) {
  return {
    mine: (kind: TListingKind, id: string) =>
      queryOptions({
        queryKey: [...mineKey(kind, id), userId],
        queryFn: () => call<{ data: TMyReviewState }>(`${pathOf(kind, id)}/mine`).then((r) => r.data),
      }),
    /** Writes the person's review: a new one (POST), or a change of theirs (PUT). */
    save: (kind: TListingKind, id: string, body: { rating: number; text: string }, change: boolean) =>
      call<TSaved>(pathOf(kind, id), jsonBody(body, change ? 'PUT' : 'POST')),
    remove: (kind: TListingKind, id: string) =>
      call<{ success: true; message?: string }>(pathOf(kind, id), { method: 'DELETE' }),
    /** The listing owner's one reply to a review, set or changed. */
    reply: (kind: TListingKind, id: string, reviewId: string, text: string) =>
      call<TSaved>(`${pathOf(kind, id)}/${encodeURIComponent(reviewId)}/reply`, jsonBody({ text }, 'PUT')),
    /** Marks a review helpful (POST) or takes the mark back (DELETE). */
    helpful: (kind: TListingKind, id: string, reviewId: string, on: boolean) =>
      call<{ success: true }>(`${pathOf(kind, id)}/${encodeURIComponent(reviewId)}/helpful`, {
        method: on ? 'POST' : 'DELETE',
      }),
  };
}
export type ReviewsApi = ReturnType<typeof reviewsApi>;

/** The signed-in calls for this session, through SPEC §8's shared session handler; null when nobody is signed in. */
export function useReviewsApi(session: Session): ReviewsApi;
export function useReviewsApi(session: Session | null): ReviewsApi | null;
export function useReviewsApi(session: Session | null): ReviewsApi | null {
  const { apiFetch } = useServices();
  const navigate = useNavigate();
  return useMemo(
    () => (session ? reviewsApi(signedInCall(apiFetch, session, navigate), session.user.id) : null),
    [apiFetch, session, navigate],
  );
}

/** The session, its calls, and the person's state on the listing (asked for once they are signed in). */
export function useMyReviews(kind: TListingKind, id: string) {
  const session = useSession();
  const api = useReviewsApi(session);
  const state = useQuery<TMyReviewState, Error, TMyReviewState, string[]>(
    api?.mine(kind, id) ?? { queryKey: [...mineKey(kind, id), ''], queryFn: skipToken },
  );
  return { session, api, state };
}

/** After the person's review changed: its listing's pages and their state are read again, and the lists' ratings. */
export function forgetReviews(queryClient: QueryClient, kind: TListingKind, id: string) {
  queryClient.removeQueries({ queryKey: reviewsKey(kind, id) });
  queryClient.removeQueries({ queryKey: mineKey(kind, id) });
  void queryClient.invalidateQueries({ queryKey: ['list', kind] });
}

/**
 * Marks a review helpful (or not) in what the page holds: the person's state and the count on every page of the
 * listing's reviews that shows it. Done before the call, and undone if it fails.
 */
export function markHelpful(
  queryClient: QueryClient,
  at: { kind: TListingKind; id: string; userId: string },
  reviewId: string,
  on: boolean,
) {
  queryClient.setQueryData<TMyReviewState>(
    [...mineKey(at.kind, at.id), at.userId],
    (s) => s && { ...s, helpful: on ? [...s.helpful, reviewId] : s.helpful.filter((h) => h !== reviewId) },
  );
  queryClient.setQueriesData<TReviewsBody>(
    { queryKey: reviewsKey(at.kind, at.id) },
    (body) =>
      body && {
        ...body,
        data: body.data.map((r) => (r.id === reviewId ? { ...r, helpful: Math.max(0, r.helpful + (on ? 1 : -1)) } : r)),
      },
  );
}

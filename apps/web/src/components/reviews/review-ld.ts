import type { TRatingBrief, TReview } from '@chaupal/contract';

/** What a listing's JSON-LD says of its reviews: its rating, and the reviews its page shows. */
export interface TReviewsLd {
  rating: TRatingBrief;
  reviews: readonly TReview[];
}

/** How many reviews a listing's JSON-LD carries. */
const LD_REVIEWS = 5;

const scale = { bestRating: 5, worstRating: 1 } as const;

/**
 * A LocalBusiness's `aggregateRating` and `review` (schema.org, Google's review snippets): the rating only where the
 * page shows an average (three reviews or more), and up to five reviews by a named person, each with its stars, its
 * words and when it was written. A review whose author's account is gone names nobody, so it is left out.
 */
export function reviewsLd({ rating, reviews }: TReviewsLd): Record<string, unknown> {
  const ld: Record<string, unknown> = {};
  if (rating.average !== null) {
    ld.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: rating.average,
      reviewCount: rating.count,
      ...scale,
    };
  }
  const named = reviews.filter((r) => r.author).slice(0, LD_REVIEWS);
  if (named.length) {
    // JSON leaves out an undefined reviewBody: a review of stars alone has none.
    ld.review = named.map((r) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: r.author?.name },
      reviewRating: { '@type': 'Rating', ratingValue: r.rating, ...scale },
      reviewBody: r.text || undefined,
      datePublished: r.createdAt,
    }));
  }
  return ld;
}

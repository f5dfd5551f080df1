/**
 * The plain values of reviews and ratings (reviews.ts), without zod, so the browser's public chunks can import them by
 * file (`@chaupal/contract/review-values`), as trust-values.ts does for trust. The web's tests check they are the
 * schemas' own.
 */

export const REVIEW_TEXT_MAX = 2000;
export const REVIEW_REPLY_MAX = 1000;
export const REVIEW_SORTS = ['newest', 'highest', 'lowest', 'helpful'] as const;
export type TReviewSort = (typeof REVIEW_SORTS)[number];

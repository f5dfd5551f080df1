/** Reviews and ratings of experts and outlets, and visitors' suggested edits (what other modules may use). */
export { averageOf, REVIEWED_TABLES, ratingBrief, ratingSummary, refreshRating } from './ratings';
export { forgetReviewer, personalReviewData } from './reviews-privacy.service';

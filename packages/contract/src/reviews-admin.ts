import { z } from 'zod';
import { ZPageNumber, ZPageSize } from './queries';
import { REVIEW_STATUSES } from './reviews';
import { LISTING_KINDS } from './trust-values';

/**
 * Reviews as the console sees them: every status, with the listing and the reviewer (name and e-mail), and the
 * removal's reason, admin and time. Only an admin publishes, removes (always with a reason) or restores a review.
 */

export const ZAdminReviewQuery = z.object({
  page: ZPageNumber,
  pageSize: ZPageSize,
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(REVIEW_STATUSES).optional()),
});

export const ZAdminReview = z.object({
  id: z.string(),
  kind: z.enum(LISTING_KINDS),
  /** The reviewed listing; null once it was deleted. */
  listing: z.object({ id: z.string(), slug: z.string(), title: z.string() }).nullable(),
  /** Null once the reviewer's account was deleted and the review kept anonymised. */
  reviewer: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  rating: z.number().int(),
  text: z.string(),
  status: z.enum(REVIEW_STATUSES),
  helpful: z.number().int(),
  reply: z.object({ text: z.string(), createdAt: z.string(), editedAt: z.string().nullable() }).nullable(),
  removedReason: z.string().nullable(),
  /** The admin who removed it (null once that account is gone, or while the review is not removed). */
  removedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  removedAt: z.string().nullable(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
});
export type TAdminReview = z.infer<typeof ZAdminReview>;

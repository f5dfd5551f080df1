import { z } from 'zod';
import { formFields } from './content-forms';
import { ZPageMeta } from './envelope';
import { checkPin, placeFormFields } from './place';
import { ZPageNumber, ZPageSize } from './queries';
import { LISTING_KINDS } from './trust-values';

/**
 * Reviews and ratings of experts and outlets, honest by construction: one per person per listing, never by its owner,
 * every rating counted whatever its score, removed only by an admin with a reason; and visitors' corrections of a
 * listing's details (suggest an edit), which its owner accepts or rejects field by field.
 */

export const REVIEW_TEXT_MAX = 2000;
export const REVIEW_REPLY_MAX = 1000;
/** A listing with fewer reviews shows how many, not an average: two ratings are not a standing. */
export const RATING_AVERAGE_MIN = 3;
export const REVIEW_SORTS = ['newest', 'highest', 'lowest', 'helpful'] as const;
export type TReviewSort = (typeof REVIEW_SORTS)[number];
/** A review is published at once, or waits for an admin (the console's setting, `reviews`). */
export const REVIEW_MODERATION = ['publish', 'hold'] as const;
export const ZReviewSettings = z.object({
  moderation: z.enum(REVIEW_MODERATION, { error: 'Must be publish or hold' }).default('publish'),
});
export type TReviewSettings = z.infer<typeof ZReviewSettings>;
export const REVIEW_STATUSES = ['published', 'pending', 'removed'] as const;
export type TReviewStatus = (typeof REVIEW_STATUSES)[number];

/** Plain text only: a review is shown as text, so markup in it is refused rather than guessed at. */
const plain = (max: number, required: boolean) =>
  z
    .string({ error: 'Required' })
    .trim()
    .max(max, `At most ${max} characters`)
    .refine((s) => !required || s.length > 0, 'Required')
    .refine((s) => !/<\/?[a-z][^>]*>/i.test(s), 'Write plain text, without HTML');

export const ZReviewForm = z.object({
  rating: z.coerce
    .number({ error: 'Choose 1 to 5 stars' })
    .int('Choose 1 to 5 stars')
    .min(1, 'Choose 1 to 5 stars')
    .max(5, 'Choose 1 to 5 stars'),
  text: plain(REVIEW_TEXT_MAX, false).optional().default(''),
});
export type TReviewForm = z.input<typeof ZReviewForm>;

export const ZReviewReplyForm = z.object({ text: plain(REVIEW_REPLY_MAX, true) });
export const ZReviewRemoval = z.object({ reason: plain(500, true) });

export const ZListingReviewParams = z.object({ kind: z.enum(LISTING_KINDS), id: z.uuid('Unknown record') });
/** One review of a listing: its owner's reply, and "helpful". */
export const ZReviewParams = ZListingReviewParams.extend({ reviewId: z.uuid('Unknown review') });

/** What the review calls answer people (a toast each), the same in server, web and tests. */
export const REVIEW_MESSAGES = {
  published: 'Thank you, your review is published',
  pending: 'Thank you, your review will be shown once a moderator has read it',
  updated: 'Your review is updated',
  deleted: 'Your review is deleted',
  replied: 'Your reply is published',
  helpful: 'Marked as helpful',
  unhelpful: 'No longer marked as helpful',
  phoneUnverified: 'Verify your phone number to write a review',
  ownListing: 'You cannot review your own listing',
  already: 'You have already reviewed this listing',
  notReviewed: 'You have not reviewed this listing',
  removed: 'This review was removed by the moderators and cannot be changed',
  notOwner: "Only the listing's owner can reply to its reviews",
  ownReview: 'You cannot mark your own review helpful',
  ownerVote: 'You cannot mark reviews of your own listing helpful',
  alreadyHelpful: 'You already found this review helpful',
  notHelpful: 'You have not marked this review helpful',
} as const;

export const ZReviewsQuery = z.object({
  sort: z.preprocess((v) => (v === '' ? undefined : v), z.enum(REVIEW_SORTS).default('newest')),
  page: ZPageNumber,
  pageSize: ZPageSize,
});

/** A listing's ratings: how many, their mean (null under RATING_AVERAGE_MIN), and how many of each star, 1 to 5. */
export const ZRatingSummary = z.object({
  count: z.number().int(),
  average: z.number().nullable(),
  histogram: z.tuple([z.number(), z.number(), z.number(), z.number(), z.number()]),
});
export type TRatingSummary = z.infer<typeof ZRatingSummary>;

/** What a card shows: the count, and the mean when there are enough. */
export const ZRatingBrief = ZRatingSummary.pick({ count: true, average: true });
export type TRatingBrief = z.infer<typeof ZRatingBrief>;

/** The mean of `count` ratings summing to `sum`, to one decimal; null under RATING_AVERAGE_MIN ratings. */
export function averageOf(count: number, sum: number): number | null {
  return count >= RATING_AVERAGE_MIN ? Math.round((sum / count) * 10) / 10 : null;
}

/** A card's rating from the listing's own columns (its published reviews' count and sum of stars). */
export const ratingBrief = (row: { ratingCount: number; ratingSum: number }): TRatingBrief => ({
  count: row.ratingCount,
  average: averageOf(row.ratingCount, row.ratingSum),
});

export const ZReview = z.object({
  id: z.string(),
  rating: z.number().int(),
  text: z.string(),
  /** The reviewer's public name; null once their account is gone and the review kept anonymised. */
  author: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  /** When the reviewer last changed it, or null. */
  editedAt: z.string().nullable(),
  helpful: z.number().int(),
  reply: z.object({ text: z.string(), createdAt: z.string(), editedAt: z.string().nullable() }).nullable(),
  /** Only in a reviewer's own view: published, or waiting for an admin. */
  status: z.enum(REVIEW_STATUSES).optional(),
});
export type TReview = z.infer<typeof ZReview>;

export const ZReviewsBody = z.object({
  success: z.literal(true),
  data: z.array(ZReview),
  meta: ZPageMeta,
  summary: ZRatingSummary,
});
export type TReviewsBody = z.infer<typeof ZReviewsBody>;

/** What the signed-in person may do on a listing's reviews: their own review, and the reviews they found helpful. */
export const ZMyReviewState = z.object({
  mine: ZReview.nullable(),
  helpful: z.array(z.string()),
  /** Why they may not review it (their own listing, phone not verified), or null when they may. */
  cannot: z.enum(['owner', 'phone']).nullable(),
});

// ── Suggest an edit ─────────────────────────────────────────────────────────────────────────────

/**
 * The details a visitor may correct: phone, WhatsApp, street address and PIN code, opening hours, the map pin, and
 * "permanently closed". Each is decided on its own.
 */
export const SUGGESTION_FIELDS = [
  'call_now',
  'whatsapp_no',
  'street_address',
  'pin_code',
  'opening_hours',
  'pin',
  'closed',
] as const;
export type TSuggestionField = (typeof SUGGESTION_FIELDS)[number];
export const SUGGESTION_DECISIONS = ['open', 'accepted', 'rejected'] as const;
export type TSuggestionDecision = (typeof SUGGESTION_DECISIONS)[number];

const { optionalCallNumber } = formFields;

/**
 * A visitor's corrections (signed in or not, with the contact form's human check): at least one field. `name` and
 * `contact` are for the site's thanks; the owner sees the name only.
 */
export const ZSuggestionForm = z
  .object({
    call_now: optionalCallNumber,
    whatsapp_no: optionalCallNumber,
    street_address: placeFormFields.street_address,
    pin_code: placeFormFields.pin_code,
    opening_hours: placeFormFields.opening_hours,
    latitude: placeFormFields.latitude,
    longitude: placeFormFields.longitude,
    closed: z.preprocess((v) => v === true || v === 'true' || v === '1' || undefined, z.literal(true).optional()),
    message: z.string().trim().max(1000, 'At most 1000 characters').optional().default(''),
    name: z.string().trim().max(100, 'At most 100 characters').optional(),
    contact: z.string().trim().max(200, 'At most 200 characters').optional(),
    g_recaptcha_response: z.string().max(4000).optional(),
  })
  .superRefine(checkPin)
  .refine(
    (f) =>
      f.call_now !== undefined ||
      f.whatsapp_no !== undefined ||
      f.street_address !== undefined ||
      f.pin_code !== undefined ||
      f.opening_hours != null ||
      f.latitude !== undefined ||
      f.longitude !== undefined ||
      f.closed === true,
    { message: 'Suggest at least one change', path: ['call_now'] },
  );
export type TSuggestionForm = z.input<typeof ZSuggestionForm>;

/** One proposed change as its owner decides it: the value now, the value proposed, and the decision so far. */
export const ZSuggestedChange = z.object({
  field: z.enum(SUGGESTION_FIELDS),
  current: z.unknown(),
  proposed: z.unknown(),
  decision: z.enum(SUGGESTION_DECISIONS),
});

export const ZSuggestion = z.object({
  id: z.string(),
  kind: z.enum(LISTING_KINDS),
  listing: z.object({ id: z.string(), slug: z.string(), title: z.string() }),
  /** The suggester's name as they gave it, or null. Never their contact. */
  name: z.string().nullable(),
  message: z.string(),
  changes: z.array(ZSuggestedChange),
  status: z.enum(['open', 'done']),
  createdAt: z.string(),
});
export type TSuggestion = z.infer<typeof ZSuggestion>;

/** The owner's (or an admin's) decision on some of a suggestion's fields. */
export const ZSuggestionDecisionForm = z.object({
  decisions: z
    .partialRecord(z.enum(SUGGESTION_FIELDS), z.enum(['accept', 'reject']))
    .refine((d) => Object.keys(d).length > 0, 'Decide at least one change'),
});
export type TSuggestionDecisionForm = z.infer<typeof ZSuggestionDecisionForm>;

/**
 * The console's open suggestions, newest first: by default those of listings without an active owner (held), which
 * no owner will decide; `scope=all`, every open one.
 */
export const ZAdminSuggestionQuery = z.object({
  page: ZPageNumber,
  pageSize: ZPageSize,
  scope: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['ownerless', 'all']).default('ownerless')),
});

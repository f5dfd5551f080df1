import { z } from 'zod';
import { CONTENT_KIND_NAMES } from './content-kinds';
import { ZPageNumber, ZPageSize, ZSearch } from './queries';
import { INSIGHT_EVENTS, LISTING_KINDS, REPORT_REASONS, REPORT_STATUSES, type TInsightEvent } from './trust-values';

export * from './trust-values';

/**
 * Trust, reports and owners' insight (docs/decisions/016-listing-trust.md): the shapes the public pages,
 * the owners' dashboard and the console share.
 */

/** A listing's trust marks as its public page shows them. */
export const ZTrust = z.object({
  /** The listing's Call Us number is its owner's own phone, and the owner verified that phone. */
  verifiedPhone: z.boolean(),
  /** When an admin marked the business verified, or null. */
  verifiedBusinessAt: z.string().nullable(),
  /** When the owner last confirmed the details are current, or null. */
  confirmedAt: z.string().nullable(),
  /** The later of the last edit and the last confirmation: "Updated on …". */
  updatedOn: z.string(),
});
export type TTrust = z.infer<typeof ZTrust>;

// ── Reports ─────────────────────────────────────────────────────────────────────────────────────

/** What a visitor may report: a public record of any content kind, or a published review of a listing. */
export const REPORT_KINDS = [...CONTENT_KIND_NAMES, 'review'] as const;
export type TReportKind = (typeof REPORT_KINDS)[number];

/** A visitor's report of a public record (the form on every detail page). */
export const ZReportForm = z.object({
  kind: z.enum(REPORT_KINDS, 'Choose what you report'),
  id: z.uuid('Unknown record'),
  reason: z.enum(REPORT_REASONS, 'Choose a reason'),
  message: z.string().trim().max(2000, 'At most 2000 characters').optional().default(''),
  contact: z
    .string()
    .trim()
    .max(200, 'At most 200 characters')
    .optional()
    .transform((v) => v || null),
  g_recaptcha_response: z.string().max(4000).optional(),
});
export type TReportForm = z.input<typeof ZReportForm>;

export const ZAdminReport = z.object({
  id: z.string(),
  kind: z.enum(REPORT_KINDS),
  recordId: z.string(),
  /**
   * The record as it is now; null once it was deleted. A review is shown as its listing's title and "review by" its
   * author, with the listing's slug and kind (its page shows the review) and the review's own status.
   */
  record: z
    .object({
      title: z.string(),
      slug: z.string(),
      status: z.string(),
      listingKind: z.enum(LISTING_KINDS).optional(),
    })
    .nullable(),
  reason: z.enum(REPORT_REASONS),
  message: z.string(),
  contact: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  resolvedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  resolvedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TAdminReport = z.infer<typeof ZAdminReport>;

export const ZAdminReportQuery = z.object({
  page: ZPageNumber,
  pageSize: ZPageSize,
  q: ZSearch,
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(REPORT_STATUSES).optional()),
});
export const ZReportStatusBody = z.object({ status: z.enum(REPORT_STATUSES, 'Choose new, acted or dismissed') });

// ── Verified business and stale listings (console) ──────────────────────────────────────────────

export const ZListingParams = z.object({ kind: z.enum(LISTING_KINDS), id: z.uuid('Unknown record') });
export const ZVerifyBusinessBody = z.object({ verified: z.boolean() });

/** A listing's trust as the console shows it: who verified the business and when. */
export const ZAdminTrust = z.object({
  kind: z.enum(LISTING_KINDS),
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  owner: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  verifiedPhone: z.boolean(),
  verifiedBusiness: z
    .object({ at: z.string(), by: z.object({ id: z.string(), name: z.string() }).nullable() })
    .nullable(),
  confirmedAt: z.string().nullable(),
  updatedAt: z.string(),
  /** When the owner was reminded that the listing went stale, or null. */
  remindedAt: z.string().nullable(),
});
export type TAdminTrust = z.infer<typeof ZAdminTrust>;
export const ZStaleQuery = z.object({ page: ZPageNumber, pageSize: ZPageSize });

// ── Owners' insight ─────────────────────────────────────────────────────────────────────────────

/**
 * What the browser's beacon sends: one event of one listing, with the token the listing's page carried. A beacon
 * without a valid token is answered like any other and not counted (docs/decisions/025-insight-counts.md).
 */
export const ZBeacon = z.object({
  kind: z.enum(LISTING_KINDS),
  id: z.uuid(),
  event: z.enum(INSIGHT_EVENTS),
  token: z.string().max(100).optional(),
});
export type TBeacon = z.infer<typeof ZBeacon>;

/** A public listing's beacon token: its page carries it, and its views and contact clicks send it back. */
export const ZBeaconToken = z.object({ token: z.string() });

export const ZInsightCounts = z.object(
  Object.fromEntries(INSIGHT_EVENTS.map((e) => [e, z.number().int()])) as Record<TInsightEvent, z.ZodNumber>,
);
export type TInsightCounts = z.infer<typeof ZInsightCounts>;

/** A listing's counts: this calendar month's totals and the last 30 days, oldest first (days in SITE_TZ). */
export const ZInsight = z.object({
  month: ZInsightCounts,
  days: z.array(ZInsightCounts.extend({ day: z.string() })),
});
export type TInsight = z.infer<typeof ZInsight>;

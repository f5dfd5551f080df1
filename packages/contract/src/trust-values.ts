/**
 * The plain values of trust, reports and insight (decision 016), without zod, so the browser's public chunks can import
 * them by file (`@chaupal/contract/trust-values`).
 */

/** How long a listing stays fresh without an edit or a confirmation. */
export const STALE_AFTER_MONTHS = 12;

export const LISTING_KINDS = ['expert', 'outlet'] as const;
export type TListingKind = (typeof LISTING_KINDS)[number];

export const REPORT_REASONS = ['wrong', 'closed', 'spam', 'offensive', 'other'] as const;
export const REPORT_REASON_LABELS: Record<(typeof REPORT_REASONS)[number], string> = {
  wrong: 'Wrong details',
  closed: 'Closed',
  spam: 'Spam',
  offensive: 'Offensive',
  other: 'Other',
};
export const REPORT_STATUSES = ['new', 'acted', 'dismissed'] as const;
export type TReportStatus = (typeof REPORT_STATUSES)[number];

export const INSIGHT_EVENTS = ['view', 'call', 'whatsapp', 'web', 'direction'] as const;
export type TInsightEvent = (typeof INSIGHT_EVENTS)[number];
/** How the owner's cards name each count. */
export const INSIGHT_LABELS: Record<TInsightEvent, string> = {
  view: 'views',
  call: 'calls',
  whatsapp: 'WhatsApp',
  web: 'website visits',
  direction: 'directions',
};

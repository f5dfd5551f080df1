import { z } from 'zod';
import { CONTENT_KIND_NAMES, type TContentKind, type TContentShapes } from './content-kinds';

/**
 * Preview links (decision 033): a secret address at which a record that is not public yet (a draft, pending or held)
 * shows as its public page, for the people its owner sends it to.
 */

/** How long a link works: 1 to 30 days, a week unless asked. */
export const PREVIEW_DAYS = { min: 1, max: 30, default: 7 } as const;
/** The lifetimes the dashboard offers. */
export const PREVIEW_DAY_CHOICES = [1, 7, 30] as const;

export const PREVIEW_MESSAGES = {
  created: 'Preview link created',
  revoked: 'Preview link revoked',
  alreadyPublic: 'This page is already public',
} as const;

const ZKindName = z.enum(CONTENT_KIND_NAMES, 'Choose a content kind');
/** A record's id as sent: anything that is no record's id is a 404, as on the contributor routes. */
const ZRecordId = z.string({ error: 'Required' }).trim().min(1, 'Required').max(200);

export const ZPreviewCreate = z.object({
  kind: ZKindName,
  id: ZRecordId,
  days: z
    .number({ error: `Days must be a number from ${PREVIEW_DAYS.min} to ${PREVIEW_DAYS.max}` })
    .int(`Days must be a whole number from ${PREVIEW_DAYS.min} to ${PREVIEW_DAYS.max}`)
    .min(PREVIEW_DAYS.min, `At least ${PREVIEW_DAYS.min} day`)
    .max(PREVIEW_DAYS.max, `At most ${PREVIEW_DAYS.max} days`)
    .default(PREVIEW_DAYS.default),
});

/** A new link: the only time its address (and so its token) is shown. */
export const ZPreviewCreated = z.object({ id: z.string(), url: z.string(), expiresAt: z.string() });
export type TPreviewCreated = z.infer<typeof ZPreviewCreated>;

/** The record whose links are listed. */
export const ZPreviewQuery = z.object({ kind: ZKindName, id: ZRecordId });

/** One of a record's links, without its token: whether it still works, and until when. */
export const ZPreviewLink = z.object({
  id: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  active: z.boolean(),
});
export type TPreviewLink = z.infer<typeof ZPreviewLink>;

export const ZPreviewTokenParams = z.object({ token: z.string() });

/**
 * What a link shows: the record in its public detail shape with the cards of its related public records (as its
 * public page would), and when the link stops working. The server's schema is one of these per kind.
 */
export type TPreviewOf<K extends TContentKind> = {
  kind: K;
  item: TContentShapes[K]['item'];
  related: TContentShapes[K]['card'][];
  expiresAt: string;
};
export type TPreview = { [K in TContentKind]: TPreviewOf<K> }[TContentKind];

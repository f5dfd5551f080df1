import { z } from 'zod';
import { ZFieldChange } from './admin';
import { CONTENT_KIND_NAMES } from './content-kinds';

/**
 * Revisions (decision 033): every save that changes a record's form values keeps the values after it, who saved them
 * and which fields changed. The owner, admins and the editors who may edit the record read a record's history, see what each revision changed and restore
 * one, which is an edit like any other.
 */

/** How many revisions a record keeps (the newest), and after how many days a revision goes (all but a record's newest). */
export const REVISIONS_KEPT = 50;
export const REVISION_MAX_AGE_DAYS = 365;

export const REVISION_MESSAGES = { restored: 'Revision restored' } as const;

/** The record whose history is read: its kind by the contract's name, and its id. */
export const ZRevisionParams = z.object({
  kind: z.enum(CONTENT_KIND_NAMES, { error: `Must be one of: ${CONTENT_KIND_NAMES.join(', ')}` }),
  id: z.string().trim().min(1).max(200),
});
export const ZRevisionItemParams = ZRevisionParams.extend({ revisionId: z.string().trim().min(1).max(200) });

/** A form value as a revision keeps it (dates as ISO text, lists of ids or URLs). */
export const ZFormValue = z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.string())]);

/** One revision in a record's history: when, by whom (null once their account is deleted), which fields changed. */
export const ZRevision = z.object({
  id: z.string(),
  createdAt: z.string(),
  by: z.object({ id: z.string(), name: z.string() }).nullable(),
  fields: z.array(z.string()),
});
export type TRevision = z.infer<typeof ZRevision>;

/**
 * One revision whole: its values, and field by field what it changed from the revision before it (the oldest one kept:
 * from empty values), ids shown as names and rich text as plain text.
 */
export const ZRevisionDetail = ZRevision.extend({
  values: z.record(z.string(), ZFormValue),
  changes: z.array(ZFieldChange),
});
export type TRevisionDetail = z.infer<typeof ZRevisionDetail>;

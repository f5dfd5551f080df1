import { z } from 'zod';
import { CONTENT_KIND_NAMES, type TContentKind } from './content-kinds';
import { MESSAGES } from './messages';
import { LISTING_KINDS } from './trust-values';

/**
 * A person's own data (decision 017): the download of everything the site holds about them, and deleting
 * the account with a one-time code sent to their e-mail.
 */

/** What happens to a deleted person's records: removed with the account, or kept under "Former member". */
export const ACCOUNT_DELETION_MODES = ['remove', 'anonymise'] as const;
export type TAccountDeletionMode = (typeof ACCOUNT_DELETION_MODES)[number];

/** How many sign-ins an account's history keeps (the newest). */
export const LOGIN_HISTORY_MAX = 20;

/** The name records of a deleted account are kept under when the site anonymises them. */
export const FORMER_MEMBER_NAME = 'Former member';

export const ZPrivacySettings = z.object({
  accountDeletion: z.enum(ACCOUNT_DELETION_MODES, { error: 'Must be remove or anonymise' }),
});
export type TPrivacySettings = z.infer<typeof ZPrivacySettings>;

/** The answer to "send me a code to delete my account". */
export const ZDeletionCode = z.object({
  verificationId: z.string(),
  /** The e-mail the code went to, partly hidden (a•••@example.com). */
  sentTo: z.string(),
});

export const ZAccountDeleteBody = z.object({
  verificationId: z.string({ error: MESSAGES.required }).uuid('Unknown verification'),
  /** A blank code is an invalid code, not a missing field (as in verification). */
  token: z.string().max(20).optional().default(''),
});

/** One stored record of the person, every column the site keeps, with its places, parents and documents by name. */
export const ZPersonalRecord = z
  .object({
    id: z.string(),
    slug: z.string(),
    title: z.string(),
    status: z.string(),
    circles: z.array(z.string()),
    localities: z.array(z.string()),
    parents: z.array(z.string()),
    documents: z.array(z.string()),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .catchall(z.unknown());

/** A review the person wrote: the listing (its title, null once deleted), stars, text, dates and the owner's reply. */
export const ZPersonalReview = z.object({
  id: z.string(),
  kind: z.enum(LISTING_KINDS),
  listingId: z.string(),
  listingTitle: z.string().nullable(),
  rating: z.number().int(),
  text: z.string(),
  status: z.string(),
  /** Why an admin removed it, when one did. */
  removedReason: z.string().nullable(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  reply: z.object({ text: z.string(), createdAt: z.string(), editedAt: z.string().nullable() }).nullable(),
});

/** A review the person found helpful. */
export const ZPersonalVote = z.object({
  reviewId: z.string(),
  listingTitle: z.string().nullable(),
  createdAt: z.string(),
});

/** A correction the person suggested while signed in, with the name and contact they gave. */
export const ZPersonalSuggestion = z.object({
  id: z.string(),
  kind: z.enum(LISTING_KINDS),
  listingId: z.string(),
  listingTitle: z.string().nullable(),
  /** Field → what was proposed, the value then, and the decision, as stored. */
  changes: z.unknown(),
  message: z.string(),
  name: z.string().nullable(),
  contact: z.string().nullable(),
  status: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});

/**
 * A revision of one of the person's records, or one they saved of someone else's (decision 033): which fields it
 * changed and, for their own record, its form values after that save. The values of someone else's record are that
 * person's (their phone, address, words) and are not given (null). Who saved a revision of their record is only said
 * as "you" or not.
 */
export const ZPersonalRevision = z.object({
  id: z.string(),
  kind: z.enum(CONTENT_KIND_NAMES),
  recordId: z.string(),
  /** Whether the record is the person's own. */
  yourRecord: z.boolean(),
  /** Whether the person saved this revision. */
  savedByYou: z.boolean(),
  fields: z.array(z.string()),
  values: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});

export const ZPersonalData = z.object({
  exportedAt: z.string(),
  site: z.string(),
  profile: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    role: z.string(),
    status: z.string(),
    emailVerified: z.boolean(),
    phoneVerified: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
  consents: z.array(
    z.object({
      policyId: z.string().nullable(),
      policyTitle: z.string(),
      policyVersion: z.string(),
      acceptedAt: z.string(),
    }),
  ),
  logins: z.array(z.object({ at: z.string(), agent: z.string() })),
  records: z.object(
    Object.fromEntries(CONTENT_KIND_NAMES.map((k) => [k, z.array(ZPersonalRecord)])) as Record<
      TContentKind,
      z.ZodArray<typeof ZPersonalRecord>
    >,
  ),
  uploads: z.array(
    z.object({ url: z.string(), originalName: z.string(), mime: z.string(), size: z.number(), createdAt: z.string() }),
  ),
  reviews: z.array(ZPersonalReview),
  helpfulVotes: z.array(ZPersonalVote),
  suggestions: z.array(ZPersonalSuggestion),
  revisions: z.array(ZPersonalRevision),
});
export type TPersonalData = z.infer<typeof ZPersonalData>;

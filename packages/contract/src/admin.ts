import { z } from 'zod';
import { formFields, UNSAFE_IN_URL, ZHttpUrl } from './content-forms';
import { CONTENT_KIND_NAMES, TAXONOMY_NAMES, type TContentKind } from './content-kinds';
import { ZAbout, ZAlert, ZContactUs, ZKeywords, ZNamedRef, ZPolicy } from './entities';
import { ACCOUNT_STATUSES, CONTENT_STATUSES, ROLES, TAXONOMY_STATUSES } from './enums';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';
import { ZPrivacySettings } from './personal-data';
import { ZPageNumber, ZPageSize, ZSearch } from './queries';
import { ZReviewSettings } from './reviews';

/**
 * The admin console's API (decision 007): shapes and forms under /api/backend/v1/admin. The server validates with these
 * and the console's forms check with the same schemas before sending.
 */

const { text, requiredText, slug, optionalUrl, ids } = formFields;
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

export const ADMIN_TAXON_KINDS = TAXONOMY_NAMES;
export type TAdminTaxonKind = (typeof ADMIN_TAXON_KINDS)[number];

const taxonomyStatus = z.preprocess(blank, z.enum(TAXONOMY_STATUSES).default('active'));
const position = z.preprocess(
  blank,
  z.coerce
    .number({ error: 'Must be a number' })
    .int('Must be a whole number')
    .min(0, 'Must be 0 or more')
    .max(100_000, 'Must be 100000 or less')
    .default(0),
);
/** An image field: a URL /uploadFile answered, or nothing. */
const imageUrl = z.preprocess(blank, z.string().trim().max(2000).nullable().default(null));

// ── Lists ───────────────────────────────────────────────────────────────────────────────────────

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(blank, z.enum(values).optional());

export const ZAdminListQuery = z.object({
  page: ZPageNumber,
  pageSize: ZPageSize,
  q: ZSearch,
  status: optionalEnum(TAXONOMY_STATUSES),
});
export const ZAdminUserQuery = z.object({
  page: ZPageNumber,
  pageSize: ZPageSize,
  q: ZSearch,
  status: optionalEnum(ACCOUNT_STATUSES),
  role: optionalEnum(ROLES),
});
export const ZAdminRecordQuery = z.object({
  page: ZPageNumber,
  pageSize: ZPageSize,
  q: ZSearch,
  kind: optionalEnum(CONTENT_KIND_NAMES),
  status: optionalEnum(CONTENT_STATUSES),
  /** Only records whose owner edited them since they were approved. */
  edited: z.preprocess((v) => v === true || v === 'true' || v === '1', z.boolean()).default(false),
});
export const ZAdminContactQuery = z.object({
  page: ZPageNumber,
  pageSize: ZPageSize,
  q: ZSearch,
  status: optionalEnum(['new', 'done'] as const),
});
export const ZAdminAuditQuery = z.object({
  page: ZPageNumber,
  pageSize: ZPageSize,
  entity: z.preprocess(blank, z.string().trim().max(40).optional()),
  entityId: z.preprocess(blank, z.string().trim().max(200).optional()),
});
export const ZKindIdParams = z.object({ kind: z.enum(CONTENT_KIND_NAMES), id: z.string().max(200) });
export const ZTaxonKindParams = z.object({ kind: z.enum(ADMIN_TAXON_KINDS) });
export const ZTaxonKindIdParams = ZTaxonKindParams.extend({ id: z.string().max(200) });

// ── Forms ───────────────────────────────────────────────────────────────────────────────────────

export const ZCircleForm = z.object({
  name: requiredText(LIMITS.titleMax),
  slug,
  status: taxonomyStatus,
  position,
});
export const ZBlockForm = ZCircleForm.extend({ circles: ids(1) });

export const ZTaxonForm = z.object({
  title: requiredText(LIMITS.titleMax),
  slug,
  description: text(2000).transform((v) => v ?? ''),
  image: imageUrl,
  status: taxonomyStatus,
  position,
  metaTitle: text(LIMITS.metaMax).transform((v) => v ?? ''),
  metaDescription: text(LIMITS.metaMax).transform((v) => v ?? ''),
  metaKeywords: text(LIMITS.metaMax).transform((v) => v ?? ''),
  /** Publishing pages only: rich text, sanitized by the server. */
  content: text(200_000).transform((v) => v ?? ''),
});

const POLICY_TYPE_RULE = 'Must be 1 (Policies), 2 (Terms & Conditions) or 3 (Copyright)';

export const ZPolicyForm = z.object({
  title: requiredText(LIMITS.titleMax),
  slug,
  content: text(200_000).transform((v) => v ?? ''),
  type: z
    .preprocess(
      blank,
      z.coerce
        .number({ error: POLICY_TYPE_RULE })
        .refine((v) => v === 1 || v === 2 || v === 3, POLICY_TYPE_RULE)
        .optional(),
    )
    .transform((v, ctx) => {
      if (v !== undefined) return v;
      ctx.addIssue({ code: 'custom', message: MESSAGES.required });
      return z.NEVER;
    }),
  status: taxonomyStatus,
  position,
});

/** A page of this site (`/services`): one leading slash, nothing that could carry markup or another host. */
const isSitePath = (v: string) => /^\/(?!\/)/.test(v) && !UNSAFE_IN_URL.test(v);

export const ZBannerForm = z.object({
  image: requiredText(2000),
  title: text(200).transform((v) => v ?? ''),
  subtitle: text(300).transform((v) => v ?? ''),
  /** Where the banner leads: a page of this site (/services) or an http(s) link. */
  link: z
    .preprocess(
      blank,
      z
        .string()
        .trim()
        .max(2000)
        .refine((v) => isSitePath(v) || ZHttpUrl.safeParse(v).success, MESSAGES.urlNotValid)
        .optional(),
    )
    .transform((v) => v ?? null),
  status: taxonomyStatus,
  position,
});

const settingText = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`);
/** A link setting: an http(s) URL, or empty for none. */
const settingUrl = (alsoValid: (v: string) => boolean = () => false) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || alsoValid(v) || ZHttpUrl.safeParse(v).success, MESSAGES.urlNotValid)
    .default('');
/** The contact details' links, checked when written; WhatsApp may also be a bare number (the footer links it). */
const CONTACT_LINKS = {
  fblink: settingUrl(),
  instagram: settingUrl(),
  twitter: settingUrl(),
  linkedin: settingUrl(),
  youtube: settingUrl(),
  whatsapp_link: settingUrl((v) => /^\+?[\d\s()-]{10,20}$/.test(v)),
  developedby_url: settingUrl(),
  managedby_url: settingUrl(),
} satisfies Partial<Record<keyof typeof ZContactUs.shape, unknown>>;
export const ZContactUsForm = z.object({
  ...(Object.fromEntries(Object.keys(ZContactUs.shape).map((k) => [k, settingText(2000).default('')])) as Record<
    keyof typeof ZContactUs.shape,
    z.ZodDefault<z.ZodString>
  >),
  ...CONTACT_LINKS,
});
/** The home content documents an admin edits, each sent whole to PUT /admin/home/{key}. */
export const ADMIN_SETTING_FORMS = {
  site: z.object({ siteName: requiredText(100) }),
  contactUs: ZContactUsForm,
  logo: z.object({ Logo: imageUrl }),
  keywords: z.object({
    page_title: requiredText(LIMITS.titleMax),
    page_Description: settingText(LIMITS.metaMax).default(''),
    page_keywords: settingText(LIMITS.metaMax).default(''),
  }),
  alert: z
    .object({
      title: settingText(LIMITS.titleMax).default(''),
      view_type: z.enum(['image', 'video', 'text']),
      image: imageUrl,
      videolink: optionalUrl.transform((v) => v ?? null),
      content: settingText(20_000).default(''),
      enabled: z.boolean().default(true),
    })
    .superRefine((a, ctx) => {
      if (a.view_type === 'image' && !a.image) ctx.addIssue({ code: 'custom', path: ['image'], message: 'Required' });
      if (a.view_type === 'video' && !a.videolink)
        ctx.addIssue({ code: 'custom', path: ['videolink'], message: 'Required' });
      if (a.view_type === 'text' && !a.content)
        ctx.addIssue({ code: 'custom', path: ['content'], message: 'Required' });
    }),
  about: z.object({
    title: requiredText(LIMITS.titleMax),
    content: settingText(200_000).default(''),
    image: imageUrl,
  }),
  /** What deleting an account does to the person's records (decision 017). */
  privacy: ZPrivacySettings,
  /** Whether a new review is published at once or waits for an admin (`hold`). */
  reviews: ZReviewSettings,
} as const;
export type TAdminSettingKey = keyof typeof ADMIN_SETTING_FORMS;
export const ADMIN_SETTING_KEYS = Object.keys(ADMIN_SETTING_FORMS) as TAdminSettingKey[];

/**
 * The content kinds an editor looks after (decision 033): features, and the news of their editions (every edition
 * when none are chosen). The console's records, queue and moderation show an editor these and no other kind.
 */
export const EDITOR_KINDS = ['news', 'feature'] as const satisfies readonly TContentKind[];

export const ZUserPatch = z
  .object({
    status: z.enum(ACCOUNT_STATUSES).optional(),
    role: z.enum(ROLES).optional(),
    /** An editor's editions, by id; empty: every edition. Only for an account that is (or becomes) an editor. */
    editorEditions: z.array(z.string().trim().max(200)).max(100).optional(),
    emailVerified: z.boolean().optional(),
    phoneVerified: z.boolean().optional(),
  })
  .refine(
    (v) => Object.values(v).some((x) => x !== undefined),
    'Send at least one of status, role, editorEditions, emailVerified, phoneVerified',
  );

export const ZHoldBody = z.object({ reason: requiredText(1000) });
export const ZContactPatch = z.object({ status: z.enum(['new', 'done']) });

// ── Items ───────────────────────────────────────────────────────────────────────────────────────

export const ZAdminCircle = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  status: z.enum(TAXONOMY_STATUSES),
  position: z.number().int(),
  /** Records (and, for a circle, localities) that use it. */
  used: z.number().int(),
  updatedAt: z.string(),
});
export const ZAdminBlock = ZAdminCircle.extend({ circles: z.array(ZNamedRef) });

export const ZAdminTaxon = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  status: z.enum(TAXONOMY_STATUSES),
  position: z.number().int(),
  metaTitle: z.string(),
  metaDescription: z.string(),
  metaKeywords: z.string(),
  content: z.string(),
  used: z.number().int(),
  updatedAt: z.string(),
});

export const ZAdminPolicy = ZPolicy.extend({
  slug: z.string(),
  position: z.number().int(),
  updatedAt: z.string(),
});

export const ZAdminBanner = z.object({
  id: z.string(),
  image: z.string(),
  title: z.string(),
  subtitle: z.string(),
  link: z.string().nullable(),
  status: z.enum(TAXONOMY_STATUSES),
  position: z.number().int(),
});

export const ZAdminSettings = z.object({
  site: z.object({ siteName: z.string() }),
  contactUs: ZContactUs,
  logo: z.object({ Logo: z.string().nullable() }),
  keywords: ZKeywords,
  alert: ZAlert.nullable(),
  about: ZAbout,
  privacy: ZPrivacySettings,
  reviews: ZReviewSettings,
});

export const ZAdminUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  role: z.enum(ROLES),
  /** An editor's editions (ids); empty for every other role, and for an editor of every edition. */
  editorEditions: z.array(z.string()),
  status: z.enum(ACCOUNT_STATUSES),
  emailVerified: z.boolean(),
  phoneVerified: z.boolean(),
  /** Experts, outlets, news and features the user owns. */
  records: z.number().int(),
  /** Set while too many failed sign-ins keep the account from signing in; an admin can lift it. */
  signInLockedUntil: z.string().nullable(),
  createdAt: z.string(),
});

export const ZFieldChange = z.object({ field: z.string(), before: z.string(), after: z.string() });

/** A contributor record as the moderation queue and the records table show it. */
export const ZAdminRecord = z.object({
  kind: z.enum(CONTENT_KIND_NAMES),
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  status: z.enum(CONTENT_STATUSES),
  isPublic: z.boolean(),
  holdReason: z.string().nullable(),
  owner: z.object({ id: z.string(), name: z.string(), email: z.string(), status: z.enum(ACCOUNT_STATUSES) }),
  /** The owner changed it after an admin approved it; `changes` says what, against the approved values. */
  editedSinceApproval: z.boolean(),
  changes: z.array(ZFieldChange),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const ZAdminContactRequest = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  fileUrl: z.string().nullable(),
  status: z.enum(['new', 'done']),
  createdAt: z.string(),
});

export const ZAuditEntry = z.object({
  id: z.string(),
  actor: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});

export const ZAdminDashboard = z.object({
  /** Pending records of each content kind. */
  pending: z.object(
    Object.fromEntries(CONTENT_KIND_NAMES.map((k) => [k, z.number()])) as Record<TContentKind, z.ZodNumber>,
  ),
  editedSinceApproval: z.number().int(),
  /** Reviews waiting for an admin (when the site holds new reviews). */
  pendingReviews: z.number().int(),
  newContactRequests: z.number().int(),
  users: z.object({ total: z.number().int(), held: z.number().int(), unverified: z.number().int() }),
  recent: z.array(ZAuditEntry),
});

export type TCircleForm = z.input<typeof ZCircleForm>;
export type TBlockForm = z.input<typeof ZBlockForm>;
export type TTaxonForm = z.input<typeof ZTaxonForm>;
export type TPolicyForm = z.input<typeof ZPolicyForm>;
export type TBannerForm = z.input<typeof ZBannerForm>;
export type TUserPatch = z.infer<typeof ZUserPatch>;
export type TAdminCircle = z.infer<typeof ZAdminCircle>;
export type TAdminBlock = z.infer<typeof ZAdminBlock>;
export type TAdminTaxon = z.infer<typeof ZAdminTaxon>;
export type TAdminPolicy = z.infer<typeof ZAdminPolicy>;
export type TAdminBanner = z.infer<typeof ZAdminBanner>;
export type TAdminSettings = z.infer<typeof ZAdminSettings>;
export type TAdminUser = z.infer<typeof ZAdminUser>;
export type TAdminRecord = z.infer<typeof ZAdminRecord>;
export type TAdminContactRequest = z.infer<typeof ZAdminContactRequest>;
export type TAuditEntry = z.infer<typeof ZAuditEntry>;
export type TAdminDashboard = z.infer<typeof ZAdminDashboard>;
export type TFieldChange = z.infer<typeof ZFieldChange>;

import { z } from 'zod';
import { parseDocuments } from './documents';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';
import { checkPin, placeFormFields } from './place';

/**
 * The contributor forms of SPEC §2/§5/§7 as the API receives them (multipart or JSON): strings, arrays as `name[]`
 * or repeated `name`, booleans as "true"/"false". Server and web validate with these same schemas.
 */

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const text = (max: number) =>
  z.preprocess(blank, z.string().trim().max(max, `Must be at most ${max} characters`).optional());
const requiredText = (max: number) =>
  z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(max, `Must be at most ${max} characters`);

/** SPEC §5: an optional country code followed by 10 digits (spaces and dashes ignored). */
export const CALL_NUMBER = /^(\+\d{1,3})?\d{10}$/;
const callNumber = z
  .string({ error: MESSAGES.required })
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().min(1, MESSAGES.required).regex(CALL_NUMBER, MESSAGES.invalidNo));
const optionalCallNumber = z.preprocess(
  (v) => (typeof v === 'string' ? v.replace(/[\s-]/g, '') || undefined : blank(v)),
  z.string().regex(CALL_NUMBER, MESSAGES.invalidNo).optional(),
);

/**
 * Characters no link needs that carry markup or smuggle another host or scheme: angle brackets, double quotes,
 * backticks, backslashes (read as `/` by browsers) and control characters (dropped by browsers: `java\tscript:`).
 */
export const UNSAFE_IN_URL = /[<>"`\\\p{Cc}]/u;

/** http(s) only: no javascript:, data: or relative links, no markup (SPEC §5 "Url is not valid"). */
export const ZHttpUrl = z
  .string()
  .trim()
  .max(2000, { message: MESSAGES.urlNotValid, abort: true })
  .refine(
    (v) => {
      if (UNSAFE_IN_URL.test(v)) return false;
      try {
        const u = new URL(v);
        return (u.protocol === 'http:' || u.protocol === 'https:') && Boolean(u.hostname);
      } catch {
        return false;
      }
    },
    // Aborts, so a field with more rules (a YouTube link) names only this one.
    { message: MESSAGES.urlNotValid, abort: true },
  );
const optionalUrl = z.preprocess(blank, ZHttpUrl.optional());

const YOUTUBE = /^https?:\/\/(www\.|m\.)?(youtube\.com\/(watch\?v=|embed\/|shorts\/)|youtu\.be\/)[\w-]{6,}/;
const optionalYoutube = z.preprocess(
  blank,
  ZHttpUrl.refine((v) => YOUTUBE.test(v), 'Must be a YouTube link').optional(),
);

/** A list of ids; `min` 1 makes it required (SPEC §5: at least one selection). */
const ids = (min: number) =>
  z
    .preprocess(
      (v) => (v === undefined || v === '' ? [] : [v].flat()),
      z.array(z.string().trim().min(1).max(200)).max(100),
    )
    .transform((a) => [...new Set(a.filter(Boolean))])
    .refine((a) => a.length >= min, MESSAGES.required);

/** Document URLs: a list, or the legacy serialised-list string (SPEC §3). */
const urlList = z.preprocess(
  (v) => parseDocuments(v === undefined ? [] : Array.isArray(v) ? v.flat() : v),
  z.array(z.string().max(2000)).max(50),
);

const flag = z.preprocess((v) => v === true || v === 'true' || v === '1', z.boolean());
const slug = z.preprocess(
  blank,
  z
    .string()
    .trim()
    .toLowerCase()
    .max(80, 'Must be at most 80 characters')
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Use lowercase letters, digits and hyphens')
    .refine((v) => !/^\d+$/.test(v), 'Must not be digits only')
    .optional(),
);
const when = z.preprocess(blank, z.coerce.date({ error: 'Must be a date and time' }).optional());

/** An instant as the API writes it (`toISOString`). */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;
/**
 * "Permanently closed": true closes the place now; the instant it closed (what the stored record's values carry, so
 * an edit that leaves the field alone keeps its date) keeps it closed since then; empty or false opens it again.
 */
const closedSince = z.preprocess((v) => {
  if (v === true || v === 'true' || v === '1') return new Date();
  if (v === false || v === 'false' || v === '0') return undefined;
  if (typeof v === 'string' && ISO_INSTANT.test(v)) return new Date(v);
  return blank(v);
}, z.date({ error: 'Must be true or false' }).optional());

/**
 * Save as a draft (decision 033): `true` keeps the record out of moderation and off the site, `false` submits a draft;
 * left out, a draft stays one. Unlike `flag`, absence is its own answer.
 */
const draft = z.preprocess(
  (v) => (v === 'true' ? true : v === 'false' ? false : v === '' ? undefined : v),
  z.boolean({ error: 'Must be true or false' }).optional(),
);

const common = {
  title: requiredText(LIMITS.titleMax),
  draft,
  metaTitle: text(LIMITS.metaMax),
  metaDescription: text(LIMITS.metaMax),
  metaKeywords: text(LIMITS.metaMax),
  circles: ids(1),
  blocks: ids(1),
  documents: urlList,
  deleteDocuments: urlList,
  slug,
};

/**
 * "Publish at" and "Unpublish at" (news, features, events; the site's time zone in the forms): an approved record is
 * public from the first until the second (decision 032). Both optional.
 */
const scheduled = { publish_at: when, unpublish_at: when };

/** "Unpublish at" must come after "Publish at". */
export function checkSchedule(f: { publish_at?: Date; unpublish_at?: Date }, ctx: z.RefinementCtx) {
  if (f.publish_at && f.unpublish_at && f.unpublish_at <= f.publish_at) {
    ctx.addIssue({ code: 'custom', path: ['unpublish_at'], message: 'Must be after Publish at' });
  }
}

const directoryEntry = {
  ...common,
  description: requiredText(100_000),
  content: text(200_000),
  call_now: callNumber,
  whatsapp_no: optionalCallNumber,
  map_url: optionalUrl,
  website_url: optionalUrl,
  /** An uploaded image's URL; a file part named `image` is handled by the server. */
  image: text(2000),
  deleteImage: flag,
  /** The place (decision 015): street address, PIN code, pin and opening hours, all optional. */
  ...placeFormFields,
  closed: closedSince,
};

export const ZExpertForm = z.object({ ...directoryEntry, services: ids(1) }).superRefine(checkPin);
export const ZOutletForm = z.object({ ...directoryEntry, categories: ids(1) }).superRefine(checkPin);

export const ZNewsForm = z
  .object({
    ...common,
    editionId: requiredText(200),
    location: requiredText(200),
    language: requiredText(40),
    reporter: requiredText(200),
    content: requiredText(200_000),
    description: text(2000),
    publishing_time: when,
    youtube_url: optionalYoutube,
    image: text(2000),
    deleteImage: flag,
    ...scheduled,
  })
  .superRefine(checkSchedule);

export const ZFeatureForm = z
  .object({
    ...common,
    content: requiredText(200_000),
    description: text(2000),
    publishedDate: when,
    publishing_Page: requiredText(200),
    language: requiredText(40),
    author: requiredText(200),
    location: requiredText(200),
    youtubeurl: optionalYoutube,
    photo: text(2000),
    deletePhoto: flag,
    ...scheduled,
  })
  .superRefine(checkSchedule);

export type TExpertForm = z.infer<typeof ZExpertForm>;
export type TOutletForm = z.infer<typeof ZOutletForm>;
export type TNewsForm = z.infer<typeof ZNewsForm>;
export type TFeatureForm = z.infer<typeof ZFeatureForm>;

/**
 * Field builders the admin forms (admin.ts) and each kind's own form share with these: `common` is what every
 * content form has (title, meta, circles, localities, documents, slug).
 */
export const formFields = {
  text,
  requiredText,
  slug,
  flag,
  optionalUrl,
  optionalCallNumber,
  optionalYoutube,
  ids,
  common,
  scheduled,
};

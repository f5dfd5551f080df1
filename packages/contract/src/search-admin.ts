import { z } from 'zod';

/**
 * The console's view of search (under /api/backend/v1/admin/search): the synonyms admins add beside the contract's
 * table (synonyms.ts), and what the town searched for in the last days, with the searches nothing answered.
 */

/** A word or phrase as synonyms compare them: lower case, one space between words, no spaces at the ends. */
export const synonymPhrase = (s: string) => s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

const phrase = z
  .string({ error: 'Required' })
  .transform(synonymPhrase)
  .pipe(
    z
      .string()
      .min(1, 'Required')
      .max(60, 'At most 60 characters')
      .refine((s) => /[\p{L}\p{N}]/u.test(s), 'Must hold a letter or a digit'),
  );

/** At most this many words for one term. */
export const SYNONYM_WORDS_MAX = 20;

/**
 * An admin's synonym group: `words` (comma-separated in the console's form) are searched as `term`. A word is listed
 * once, and is not the term itself.
 */
export const ZSearchSynonymForm = z
  .object({
    term: phrase,
    words: z.preprocess(
      (v) => (typeof v === 'string' ? v.split(',').filter((w) => w.trim()) : v),
      z
        .array(phrase)
        .min(1, 'Add at least one word')
        .max(SYNONYM_WORDS_MAX, `At most ${SYNONYM_WORDS_MAX} words`)
        .transform((words) => [...new Set(words)]),
    ),
  })
  .refine((f) => !f.words.includes(f.term), { path: ['words'], message: 'A word cannot be its own synonym' });
export type TSearchSynonymForm = z.infer<typeof ZSearchSynonymForm>;

export const ZSearchSynonym = z.object({
  id: z.string(),
  term: z.string(),
  words: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TSearchSynonym = z.infer<typeof ZSearchSynonym>;

/** The console's synonym list: the admins' groups, and the contract's built-in ones (read-only). */
export const ZSearchSynonymsBody = z.object({
  success: z.literal(true),
  data: z.array(ZSearchSynonym),
  builtIn: z.array(z.object({ term: z.string(), words: z.array(z.string()) })),
});

/** Days the console's search report covers. */
export const SEARCH_REPORT_DAYS = 30;

export const ZSearchStat = z.object({
  /** The normalised words searched for. */
  query: z.string(),
  /** Searches made with them in the period. */
  searches: z.number().int(),
  /** Hits they had the last time they were counted (null when unknown). */
  results: z.number().int().nullable(),
  /** The last day (SITE_TZ, YYYY-MM-DD) they were searched for. */
  lastDay: z.string(),
});
export type TSearchStat = z.infer<typeof ZSearchStat>;

export const ZSearchReport = z.object({
  days: z.number().int(),
  /** All searches counted in the period. */
  searches: z.number().int(),
  /** The most made searches, most first. */
  top: z.array(ZSearchStat),
  /** Searches whose last count found nothing, most made first: what the town looked for and did not find. */
  zeroResults: z.array(ZSearchStat),
});
export type TSearchReport = z.infer<typeof ZSearchReport>;
export const ZSearchReportBody = z.object({ success: z.literal(true), data: ZSearchReport });

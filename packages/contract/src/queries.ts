import { z } from 'zod';
import { LIMITS } from './limits';
import { nearQueryFields } from './place';

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** An id (UUID) or slug naming a record; an empty value means "no filter". */
export const ZRefParam = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .max(200)
    .regex(/^[\p{L}\p{N}-]+$/u, 'Must be an id or a slug')
    .optional(),
);

const wholeNumber = (min: number, max: number) =>
  z.coerce
    .number({ error: 'Must be a number' })
    .int('Must be a whole number')
    .min(min, `Must be ${min} or more`)
    .max(max, `Must be ${max} or less`);

export const ZPageNumber = z.preprocess(blankToUndefined, wholeNumber(1, 100_000).default(1));
export const ZPageSize = z.preprocess(
  blankToUndefined,
  wholeNumber(1, LIMITS.pageSizeMax).default(LIMITS.pageSizeDefault),
);
export const ZSearch = z.preprocess(
  blankToUndefined,
  z.string().trim().max(LIMITS.searchMax, `Must be at most ${LIMITS.searchMax} characters`).optional(),
);

/**
 * Sorts on the content lists, kept in the URL as `sort=`: newest first (news and features by publishing
 * time, experts by creation, outlets by publishing time), title A–Z, or last updated first. Absent: the kind's own
 * order (news and features newest first, experts and outlets A–Z).
 */
export const LIST_SORTS = ['newest', 'az', 'updated'] as const;
export const ZListSort = z.preprocess(blankToUndefined, z.enum(LIST_SORTS).optional());
export type TListSort = (typeof LIST_SORTS)[number];

/** Public status query: accepted for compatibility; public endpoints show only active records. */
export const ZStatusParam = z.preprocess(blankToUndefined, z.enum(['active', 'pending', 'hold']).optional());

export const contentListBase = {
  page: ZPageNumber,
  pageSize: ZPageSize,
  q: ZSearch,
  circle: ZRefParam,
  block: ZRefParam,
  status: ZStatusParam,
  sort: ZListSort,
};

/**
 * Experts and outlets also sort `near` a point (decision 015): `sort=near&lat=…&lng=…`, the listings with a pin within
 * PLACE_LIMITS.nearRadiusKm, nearest first, each with its `distance_km`; and by `rating`: the highest average first
 * among listings with at least RATING_AVERAGE_MIN reviews (reviews.ts), then by how many, then in the kind's order.
 */
export const DIRECTORY_SORTS = [...LIST_SORTS, 'near', 'rating'] as const;
export type TDirectorySort = (typeof DIRECTORY_SORTS)[number];
/**
 * "4 ★ and up" (`minRating=4`): experts and outlets with at least RATING_AVERAGE_MIN reviews whose average, as shown
 * (to one decimal), is this or more.
 */
export const ZMinRating = z.preprocess(
  blankToUndefined,
  z.coerce.number({ error: 'Must be a number' }).min(1, 'Must be 1 or more').max(5, 'Must be 5 or less').optional(),
);
const directoryListBase = {
  ...contentListBase,
  sort: z.preprocess(blankToUndefined, z.enum(DIRECTORY_SORTS).optional()),
  minRating: ZMinRating,
  ...nearQueryFields,
};
function checkNear(q: { sort?: TDirectorySort; lat?: number; lng?: number }, ctx: z.RefinementCtx) {
  if (q.sort !== 'near') return;
  for (const key of ['lat', 'lng'] as const) {
    if (q[key] === undefined) ctx.addIssue({ code: 'custom', path: [key], message: 'Required to sort near a point' });
  }
}
export const ZExpertListQuery = z.object({ ...directoryListBase, service: ZRefParam }).superRefine(checkNear);
export const ZOutletListQuery = z.object({ ...directoryListBase, category: ZRefParam }).superRefine(checkNear);
export const ZNewsListQuery = z.object({ ...contentListBase, edition: ZRefParam });

/**
 * /blog takes `page` as the page number when it is digits, otherwise as a publishing page's id or slug
 * (DESIGN §4); `publishing_Page` names the publishing page too.
 */
export const ZFeatureListQuery = z
  .object({
    ...contentListBase,
    page: z.preprocess(blankToUndefined, z.string().trim().max(200).optional()),
    publishing_Page: ZRefParam,
  })
  .transform((v, ctx) => {
    let pageNumber = 1;
    let publishingPage = v.publishing_Page;
    if (v.page !== undefined) {
      if (/^\d+$/.test(v.page)) {
        pageNumber = Number(v.page);
        if (pageNumber < 1 || pageNumber > 100_000) {
          ctx.addIssue({ code: 'custom', path: ['page'], message: 'Must be 1 or more' });
          return z.NEVER;
        }
      } else {
        const parsed = ZRefParam.safeParse(v.page);
        if (!parsed.success) {
          ctx.addIssue({ code: 'custom', path: ['page'], message: 'Must be a page number, id or slug' });
          return z.NEVER;
        }
        publishingPage = parsed.data;
      }
    }
    return { ...v, page: pageNumber, publishingPage };
  });

export type TExpertListQuery = z.infer<typeof ZExpertListQuery>;
export type TOutletListQuery = z.infer<typeof ZOutletListQuery>;
export type TNewsListQuery = z.infer<typeof ZNewsListQuery>;
export type TFeatureListQuery = z.infer<typeof ZFeatureListQuery>;

/** Taxonomy lists: an optional search and status; they answer every match (at most LIMITS.taxonomyMax). */
export const ZTaxonomyQuery = z.object({ q: ZSearch, status: ZStatusParam });

/** Array parameters accept `name[]` or `name`, once or repeated (DESIGN §4). */
export const arrayParam = (query: Record<string, unknown>, name: string): string[] => {
  const values = [query[name], query[`${name}[]`]].flat().filter((v) => v !== undefined && v !== '');
  return values.map(String);
};

export const ZIdParams = z.object({ id: z.string().trim().min(1).max(200) });
export const ZSlugParams = z.object({ slug: z.string().trim().min(1).max(200) });

const ZRefList = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => (v === undefined ? [] : [v].flat()).filter((s) => s !== ''));

/** /blocks/view?circles[]=…: localities of any of these circles. */
export const ZBlockListQuery = z
  .object({ q: ZSearch, status: ZStatusParam, circles: ZRefList, 'circles[]': ZRefList })
  .transform((v, ctx) => {
    const circles = [...new Set([...v.circles, ...v['circles[]']])];
    for (const c of circles) {
      if (!ZRefParam.safeParse(c).success || c.length > 200) {
        ctx.addIssue({ code: 'custom', path: ['circles'], message: 'Must be an id or a slug' });
        return z.NEVER;
      }
    }
    if (circles.length > 100) {
      ctx.addIssue({ code: 'custom', path: ['circles'], message: 'At most 100 circles' });
      return z.NEVER;
    }
    return { q: v.q, circles };
  });

import { createRequire } from 'node:module';
import type { TExpert, TReview } from '@chaupal/contract';
import { describe, expect, it } from 'vitest';
import { businessLd } from '../place/place-ld';
import type { TReviewsLd } from './review-ld';

/** structured-data-testing-tool (npm): extracts a page's JSON-LD, checks its schema.org types and runs our tests. */
const { structuredDataTest } = createRequire(import.meta.url)('structured-data-testing-tool') as {
  structuredDataTest(
    html: string,
    options: object,
  ): Promise<{ passed: { test: string }[]; failed: { test: string }[]; schemas: string[] }>;
};

/** The tool tests `expect instanceof RegExp`: its patterns are made in Node's own realm, not the test's. */
const NodeRegExp = (createRequire(import.meta.url)('node:vm') as typeof import('node:vm')).runInThisContext(
  'RegExp',
) as RegExpConstructor;
/** ISO 8601, as the API sends it (a date with its time and zone). */
const DATE = new NodeRegExp('^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$');
/** A format test: the tool counts a RegExp test passed only on a list value (place-ld.test.ts says why). */
const format = (path: string, expect: RegExp) => ({ test: `${path} | [@]`, expect });
/** A rating of 1 to 5 stars at `path`: wrapped in a list, kept by a filter only when its `ratingValue` is in range. */
const inScale = (path: string) => ({ test: `${path} | [@] | [?ratingValue >= \`1\` && ratingValue <= \`5\`]` });

/**
 * Google's review snippets on a local business: `aggregateRating` with `ratingValue` and `reviewCount` (and the
 * scale, `bestRating` 5 and `worstRating` 1), each `review` with its author (a Person's name), its `reviewRating`
 * on the same scale and its date. Tested as required where the listing has them, and absent where it has not.
 */
function reviewSnippets(schema: string, ld: Record<string, unknown>) {
  const at = `${schema}[*]`;
  const reviews = (ld.review ?? []) as { reviewBody?: string }[];
  const reviewTests = reviews.flatMap((r, i) => {
    const review = `${at}.review[${i}]`;
    return [
      { test: `${review}."@type"`, expect: 'Review' },
      { test: `${review}.author."@type"`, expect: 'Person' },
      { test: `${review}.author.name` },
      { test: `${review}.reviewRating."@type"`, expect: 'Rating' },
      inScale(`${review}.reviewRating`),
      { test: `${review}.reviewRating.bestRating`, expect: 5 },
      { test: `${review}.reviewRating.worstRating`, expect: 1 },
      format(`${review}.datePublished`, DATE),
      ...(r.reviewBody ? [{ test: `${review}.reviewBody` }] : []),
    ];
  });
  return {
    name: `Google review snippets (${schema})`,
    description: 'Google review snippets',
    schema,
    tests: [
      { test: schema },
      ...(ld.aggregateRating
        ? [
            { test: `${at}.aggregateRating."@type"`, expect: 'AggregateRating' },
            inScale(`${at}.aggregateRating`),
            { test: `${at}.aggregateRating.reviewCount` },
            { test: `${at}.aggregateRating.bestRating`, expect: 5 },
            { test: `${at}.aggregateRating.worstRating`, expect: 1 },
          ]
        : [{ test: `${at}.aggregateRating`, expect: false }]),
      ...(reviews.length ? reviewTests : [{ test: `${at}.review`, expect: false }]),
    ],
  };
}

const EXPERT: TExpert = {
  id: 'x1',
  slug: 'dr-mehta',
  title: 'Dr. Mehta',
  description: '<p>Family doctor.</p>',
  status: 'active',
  userId: 'u1',
  createdBy: { status: 'active' },
  circles: [{ id: 'c1', name: 'Sitapur', slug: 'sitapur' }],
  blocks: [],
  documents: [],
  metaTitle: '',
  metaDescription: '',
  metaKeywords: '',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  trust: { verifiedPhone: false, verifiedBusinessAt: null, confirmedAt: null, updatedOn: '2026-01-01T00:00:00.000Z' },
  call_now: '+919876543210',
  whatsapp_no: null,
  map_url: null,
  website_url: null,
  street_address: null,
  pin_code: null,
  latitude: null,
  longitude: null,
  opening_hours: null,
  closed_at: null,
  rating: { count: 0, average: null },
  content: '',
  image: null,
  services: [{ id: 's1', title: 'Doctors', slug: 'doctors', status: 'active' }],
};
const site = { name: 'Chaupal', url: 'https://chaupal.example', logo: null };

const review = (i: number, over: Partial<TReview> = {}): TReview => ({
  id: `r${i}`,
  rating: (i % 5) + 1,
  text: `Review number ${i}.`,
  author: { id: `u${i}`, name: `Reader ${i}` },
  createdAt: `2026-11-0${i}T06:30:00.000Z`,
  editedAt: null,
  helpful: 0,
  reply: null,
  ...over,
});

const ldOf = (reviews: TReviewsLd) =>
  businessLd(EXPERT, `${site.url}/experts/dr-mehta`, site, reviews) as Record<string, unknown>;
/** Runs the validator with the preset made for the listing's own JSON-LD; the tests that failed. */
async function failures(ld: Record<string, unknown>) {
  const html = `<!doctype html><html><head><script type="application/ld+json">${JSON.stringify(ld)}</script></head></html>`;
  return structuredDataTest(html, { presets: [reviewSnippets('ProfessionalService', ld)] }).then(
    (res) => {
      expect(res.schemas).toContain('ProfessionalService');
      return [] as string[];
    },
    (err: { res: { failed: { test: string }[] } }) => err.res.failed.map((f) => f.test),
  );
}

describe('a listing’s rating and reviews in its JSON-LD', () => {
  it('carries its average rating and reviews in the shape of Google’s review snippets', async () => {
    const ld = ldOf({ rating: { count: 27, average: 4.3 }, reviews: [review(1), review(2, { text: '' })] });
    expect(await failures(ld)).toEqual([]);
    expect(ld.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.3,
      reviewCount: 27,
      bestRating: 5,
      worstRating: 1,
    });
    expect(ld.review).toEqual([
      {
        '@type': 'Review',
        author: { '@type': 'Person', name: 'Reader 1' },
        reviewRating: { '@type': 'Rating', ratingValue: 2, bestRating: 5, worstRating: 1 },
        reviewBody: 'Review number 1.',
        datePublished: '2026-11-01T06:30:00.000Z',
      },
      {
        '@type': 'Review',
        author: { '@type': 'Person', name: 'Reader 2' },
        reviewRating: { '@type': 'Rating', ratingValue: 3, bestRating: 5, worstRating: 1 },
        datePublished: '2026-11-02T06:30:00.000Z',
      },
    ]);
  });

  it('gives no average under three reviews, but still their reviews', async () => {
    const ld = ldOf({ rating: { count: 2, average: null }, reviews: [review(1), review(2)] });
    expect(await failures(ld)).toEqual([]);
    expect(ld.aggregateRating).toBeUndefined();
    expect((ld.review as object[]).length).toBe(2);
  });

  it('carries at most five reviews, leaving out those whose writer is gone', async () => {
    const reviews = [review(1, { author: null }), ...[2, 3, 4, 5, 6, 7].map((i) => review(i))];
    const ld = ldOf({ rating: { count: 7, average: 3.9 }, reviews });
    expect(await failures(ld)).toEqual([]);
    expect((ld.review as { author: { name: string } }[]).map((r) => r.author.name)).toEqual([
      'Reader 2',
      'Reader 3',
      'Reader 4',
      'Reader 5',
      'Reader 6',
    ]);
  });

  it('says nothing of reviews a listing has not had', async () => {
    const ld = ldOf({ rating: { count: 0, average: null }, reviews: [] });
    expect(await failures(ld)).toEqual([]);
    expect('aggregateRating' in ld || 'review' in ld).toBe(false);
  });

  it('fails a rating Google would refuse', async () => {
    const ld = ldOf({ rating: { count: 3, average: 4.3 }, reviews: [review(1)] });
    const broken = { ...ld, aggregateRating: { ...(ld.aggregateRating as object), ratingValue: 43 } };
    expect(await failures(broken)).toEqual([
      'ProfessionalService[0].aggregateRating | [@] | [?ratingValue >= `1` && ratingValue <= `5`]',
    ]);
  });
});

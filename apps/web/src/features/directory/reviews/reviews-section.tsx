import type { TListingKind, TRatingSummary } from '@chaupal/contract';
import { CONTENT_KINDS } from '@chaupal/contract/content-kinds';
import { REVIEW_SORTS } from '@chaupal/contract/review-values';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { qs } from '../../../api/client';
import { useT } from '../../../app/i18n';
import { Pager } from '../../../components/pager';
import { type TReviewsPage, useListingReviews } from '../../../components/reviews/reviews-query';
import { Link } from '../../../components/ui/link';
import { ButtonLink } from '../../../components/ui/ui';
import { messages } from '../../../locales/en/reviews.json?lingui';
import { ReviewItem } from './review-item';
import { Stars } from './stars';

/** The section's id: "Write a review" comes back to it, and its links keep the reader at it. */
const SECTION = 'reviews';

/**
 * A listing's reviews on its page (a chunk of its own that the server renders into the page): how it is rated, how
 * many gave each number of stars, and its reviews a page at a time in the order chosen. Ordering and paging are links
 * (decision 023), so they work before the app and without it; "Write a review" is a link to its page.
 */
export default function ReviewsSection({
  kind,
  listing,
}: {
  kind: TListingKind;
  listing: { id: string; slug: string; userId: string };
}) {
  const t = useT(messages);
  // The page of reviews the address names; when they could not be read the section is left out. While another order
  // or page is on its way the last one stays, dimmed.
  const { page, body, loading } = useListingReviews(kind, listing.id);
  const { key, hash } = useLocation();
  const shown = Boolean(body);
  useEffect(() => {
    // Reached in the app (back from writing a review, another order or page): to the section, once it is there. On a
    // page load the browser went to it by itself, and a reader who has scrolled since is not taken back.
    if (shown && hash === `#${SECTION}` && key !== 'default') document.getElementById(SECTION)?.scrollIntoView();
  }, [key, hash, shown]);
  if (!body) return null;
  const base = `${CONTENT_KINDS[kind].detailPath}${listing.slug}`;
  const hrefOf = (p: TReviewsPage) =>
    `${base}${qs({ sort: p.sort === 'newest' ? undefined : p.sort, page: p.page > 1 ? p.page : undefined })}#${SECTION}`;
  const { summary, meta } = body;
  return (
    <section id={SECTION} className="reviews" aria-labelledby="reviews-title">
      <div className="row between gap-sm">
        <h2 id="reviews-title">{t('reviews.title')}</h2>
        <ButtonLink to={`${base}/review`} rel="nofollow">
          {t('reviews.write')}
        </ButtonLink>
      </div>
      <div className="reviews-summary">
        <RatingSummary summary={summary} />
        {summary.count > 0 ? <Histogram summary={summary} /> : null}
      </div>
      {summary.count > 1 ? (
        <nav className="row gap-xs review-sorts" aria-label={t('reviews.sort')}>
          {REVIEW_SORTS.map((sort) => (
            <Link
              key={sort}
              to={hrefOf({ sort, page: 1 })}
              preventScrollReset
              rel="nofollow"
              className="review-sort"
              aria-current={sort === page.sort ? 'true' : undefined}
            >
              {t(`reviews.sort.${sort}`)}
            </Link>
          ))}
        </nav>
      ) : null}
      {body.data.length ? (
        <ol className="review-list" aria-busy={loading || undefined}>
          {body.data.map((r) => (
            <ReviewItem key={r.id} review={r} listing={{ kind, ...listing }} back={base} />
          ))}
        </ol>
      ) : null}
      <Pager
        page={page.page}
        pages={Math.ceil(meta.total / meta.pageSize)}
        hrefFor={(p) => hrefOf({ ...page, page: p })}
      />
    </section>
  );
}

/** "4.3 ★ from 27 reviews"; "2 reviews" while too few for an average; "No reviews yet". */
export function RatingSummary({ summary }: { summary: Pick<TRatingSummary, 'count' | 'average'> }) {
  const t = useT(messages);
  const { count, average } = summary;
  if (count === 0) return <p className="muted">{t('reviews.none')}</p>;
  if (average === null) return <p className="rating-line">{t('reviews.count', { count })}</p>;
  const value = average.toFixed(1);
  return (
    <p className="rating-line">
      <Stars value={average} />
      <span aria-hidden="true">{t('reviews.summary', { average: value, count })}</span>
      <span className="visually-hidden">{t('reviews.summaryLabel', { average: value, count })}</span>
    </p>
  );
}

/** How many gave each number of stars, 5 to 1: a bar each, its count written beside it. */
export function Histogram({ summary }: { summary: Pick<TRatingSummary, 'count' | 'histogram'> }) {
  const t = useT(messages);
  return (
    <ul className="histogram" aria-label={t('reviews.histogram')}>
      {[5, 4, 3, 2, 1].map((stars) => {
        const n = summary.histogram[stars - 1] ?? 0;
        const width = summary.count ? Math.round((n / summary.count) * 100) : 0;
        return (
          <li key={stars}>
            <span aria-hidden="true">{stars} ★</span>
            <span className="histogram-bar" aria-hidden="true">
              <span style={{ width: `${width}%` }} />
            </span>
            <span aria-hidden="true">{n}</span>
            <span className="visually-hidden">{t('reviews.histogramRow', { stars, count: n })}</span>
          </li>
        );
      })}
    </ul>
  );
}

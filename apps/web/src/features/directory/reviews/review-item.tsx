import type { TListingKind, TReview } from '@chaupal/contract';
import { lazy, Suspense } from 'react';
import { useLang, useT, withCatalogs } from '../../../app/i18n';
import { useServices } from '../../../app/services';
import { useSession } from '../../../app/session';
import { formatDay } from '../../../components/dates';
import { Link } from '../../../components/ui/link';
import { messages } from '../../../locales/en/reviews.json?lingui';
import { Stars } from './stars';

/** The listing a review is of, as its controls need it: where its calls go, and whose it is. */
export interface TReviewedListing {
  kind: TListingKind;
  id: string;
  slug: string;
  userId: string;
}

/**
 * "Helpful" and the owner's "Reply" for a signed-in person (review-actions.tsx), a chunk loaded only once somebody is
 * signed in: a visitor reading reviews downloads none of it.
 */
const SignedInActions = lazy(() => withCatalogs(() => import('./review-actions')));

/** Where a review is reported: the record report form's page (`/report/review/{id}`), with the way back to the listing. */
export const reportReviewPath = (id: string, back: string) =>
  `/report/review/${encodeURIComponent(id)}?back=${encodeURIComponent(back)}`;

/**
 * One review: its stars, words, writer (or "Former member" once their account is gone), day and "edited on", the
 * owner's reply under it, how many found it helpful and its Report link.
 */
export function ReviewItem({ review, listing, back }: { review: TReview; listing: TReviewedListing; back: string }) {
  const t = useT(messages);
  const { siteTz } = useServices();
  const lang = useLang();
  const session = useSession();
  const name = review.author?.name ?? t('reviews.formerMember');
  const day = (iso: string) => formatDay(iso, siteTz, lang);
  const helpful = <span className="helpful-count small muted">{t('reviews.helpful', { count: review.helpful })}</span>;
  return (
    <li className="review">
      <div className="review-head">
        <Stars value={review.rating} label={t('reviews.stars', { rating: review.rating })} />
        <p className="review-by">
          <span className="strong">{name}</span>{' '}
          <span className="muted small">
            <time dateTime={review.createdAt}>{day(review.createdAt)}</time>
            {review.editedAt ? ` · ${t('reviews.edited', { date: day(review.editedAt) })}` : null}
          </span>
        </p>
      </div>
      {review.text ? <p className="review-text">{review.text}</p> : null}
      {review.reply ? (
        <div className="review-reply">
          <p className="small strong">{t('reviews.reply')}</p>
          <p className="review-text">{review.reply.text}</p>
        </div>
      ) : null}
      <div className="row gap-sm review-actions">
        {session ? (
          <Suspense fallback={helpful}>
            <SignedInActions session={session} review={review} listing={listing} />
          </Suspense>
        ) : (
          helpful
        )}
        <Link to={reportReviewPath(review.id, back)} rel="nofollow" className="small review-report">
          {t('reviews.report')}
          <span className="visually-hidden"> {t('reviews.reportWhose', { name })}</span>
        </Link>
      </div>
    </li>
  );
}

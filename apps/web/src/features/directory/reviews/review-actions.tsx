import type { TReview } from '@chaupal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState } from 'react';
import { ApiError } from '../../../api/client';
import { useSpecText, useT } from '../../../app/i18n';
import type { Session } from '../../../app/session';
import { notify } from '../../../components/toasts';
import { Button, Spinner } from '../../../components/ui/ui';
import { messages } from '../../../locales/en/reviewform.json?lingui';
import type { TReviewedListing } from './review-item';
import { markHelpful, useReviewsApi } from './reviews-api';

/** The owner's reply form, a chunk of its own: loaded when they open it. */
const ReplyForm = lazy(() => import('./reply-form'));

/**
 * A review's controls for a signed-in person (a chunk loaded once somebody is signed in): "Helpful" on a review that is
 * not their own, and on their own listing's reviews "Reply" or "Edit reply", which opens the reply form under it.
 */
export default function ReviewActions({
  session,
  review,
  listing,
}: {
  session: Session;
  review: TReview;
  listing: TReviewedListing;
}) {
  const t = useT(messages);
  const [replying, setReplying] = useState(false);
  const own = review.author?.id === session.user.id;
  const owner = listing.userId === session.user.id;
  return (
    <>
      {own ? (
        <span className="helpful-count small muted">{t('reviewform.helpful', { count: review.helpful })}</span>
      ) : (
        <HelpfulButton session={session} review={review} listing={listing} />
      )}
      {owner ? (
        <Button size="xs" variant="light" aria-expanded={replying} onClick={() => setReplying((r) => !r)}>
          {review.reply ? t('reviewform.editReply') : t('reviewform.reply')}
        </Button>
      ) : null}
      {replying ? (
        <Suspense fallback={<Spinner />}>
          <ReplyForm session={session} review={review} listing={listing} onDone={() => setReplying(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * "Helpful (3)", pressed when the person found the review helpful; a press marks it or takes the mark back, shown at
 * once and undone if the site refuses it.
 */
function HelpfulButton({ session, review, listing }: { session: Session; review: TReview; listing: TReviewedListing }) {
  const t = useT(messages);
  const specText = useSpecText();
  const queryClient = useQueryClient();
  const api = useReviewsApi(session);
  const state = useQuery(api.mine(listing.kind, listing.id));
  const pressed = state.data?.helpful.includes(review.id) ?? false;
  const busy = useRef(false);
  const at = { kind: listing.kind, id: listing.id, userId: session.user.id };

  async function toggle() {
    if (busy.current || !state.data) return;
    busy.current = true;
    const on = !pressed;
    markHelpful(queryClient, at, review.id, on);
    try {
      await api.helpful(listing.kind, listing.id, review.id, on);
    } catch (err) {
      markHelpful(queryClient, at, review.id, !on);
      notify(err instanceof ApiError ? specText(err.body.error) : t('reviewform.helpfulFailed'), {
        tone: 'error',
        key: `helpful-${review.id}`,
      });
    } finally {
      busy.current = false;
    }
  }

  return (
    <Button size="xs" variant="light" className="helpful-button" aria-pressed={pressed} onClick={toggle}>
      {t('reviewform.helpful', { count: review.helpful })}
    </Button>
  );
}

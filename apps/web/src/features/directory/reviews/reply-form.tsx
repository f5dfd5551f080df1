import type { TReview, TReviewsBody } from '@chaupal/contract';
import { REVIEW_REPLY_MAX } from '@chaupal/contract/review-values';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useSpecText, useT } from '../../../app/i18n';
import type { Session } from '../../../app/session';
import { reviewsKey } from '../../../components/reviews/reviews-query';
import { notify } from '../../../components/toasts';
import { Button, Field } from '../../../components/ui/ui';
import { messages } from '../../../locales/en/reviewform.json?lingui';
import { Counter, refusalOf, textProblem } from './form-parts';
import type { TReviewedListing } from './review-item';
import { useReviewsApi } from './reviews-api';

/**
 * The listing owner's reply to a review, under it (a chunk of its own, opened by "Reply" or "Edit reply"): one reply
 * per review, set or changed by the same form. Saved, the review the API answers takes its place on every page of
 * the listing's reviews the app holds: read again, those could still be the cached pages of a few seconds ago (a
 * busy writer's pages are refreshed at most every few seconds), and the owner would not see their reply.
 */
export default function ReplyForm({
  session,
  review,
  listing,
  onDone,
}: {
  session: Session;
  review: TReview;
  listing: TReviewedListing;
  onDone(): void;
}) {
  const t = useT(messages);
  const specText = useSpecText();
  const api = useReviewsApi(session);
  const queryClient = useQueryClient();
  const [length, setLength] = useState(review.reply?.text.length ?? 0);
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);
  const counterId = useId();
  const text = useRef<HTMLTextAreaElement>(null);
  useEffect(() => text.current?.focus(), []);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const value = String(new FormData(e.currentTarget).get('text') ?? '').trim();
    const problem = textProblem(value, REVIEW_REPLY_MAX, true);
    if (problem) return setError(problem);
    setSending(true);
    setError(undefined);
    try {
      const saved = (await api.reply(listing.kind, listing.id, review.id, value)).data;
      queryClient.setQueriesData<TReviewsBody>(
        { queryKey: reviewsKey(listing.kind, listing.id) },
        (body) => body && { ...body, data: body.data.map((r) => (r.id === saved.id ? saved : r)) },
      );
      notify(t('reviewform.replySaved'), { key: `reply-${review.id}` });
      onDone();
    } catch (err) {
      const refused = refusalOf(err, ['text'], specText, t('reviewform.replyFailed'));
      setError(refused.text ?? refused.form);
      setSending(false);
    }
  }

  return (
    <form className="stack gap-xs review-reply-form" onSubmit={submit} noValidate>
      <Field label={t('reviewform.replyText')} error={error}>
        {(id, describedBy) => (
          <>
            <textarea
              ref={text}
              id={id}
              name="text"
              rows={3}
              defaultValue={review.reply?.text ?? ''}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy ? `${counterId} ${describedBy}` : counterId}
              onInput={(e) => setLength(e.currentTarget.value.length)}
            />
            <Counter id={counterId} length={length} max={REVIEW_REPLY_MAX} />
          </>
        )}
      </Field>
      <div className="row gap-sm">
        <Button type="submit" size="xs" disabled={sending}>
          {sending ? t('reviewform.sending') : t('reviewform.saveReply')}
        </Button>
        <Button size="xs" variant="light" onClick={onDone}>
          {t('reviewform.cancel')}
        </Button>
      </div>
    </form>
  );
}

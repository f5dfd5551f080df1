import type { TListingKind } from '@chaupal/contract';
import { CONTENT_KINDS } from '@chaupal/contract/content-kinds';
import { REVIEW_TEXT_MAX } from '@chaupal/contract/review-values';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useLang, useSpecText, useT } from '../../../app/i18n';
import { useServices } from '../../../app/services';
import { formatDay } from '../../../components/dates';
import { notify } from '../../../components/toasts';
import { Button, Dialog, Field } from '../../../components/ui/ui';
import { messages } from '../../../locales/en/reviewform.json?lingui';
import { Counter, refusalOf, textProblem } from './form-parts';
import { CannotReview, openSignIn, SignInToReview } from './review-notices';
import { forgetReviews, type TMyReviewState, useMyReviews } from './reviews-api';

const STARS = [1, 2, 3, 4, 5] as const;

type Errors = Partial<Record<'rating' | 'text' | 'form', string>>;

/**
 * "Write a review" (a chunk of its own that the server renders into the review page, so the form is there before the
 * app): 1 to 5 stars as a radio group, the words with a counter, Submit. Its fields are the form's own (uncontrolled),
 * so what was chosen and typed before the app ran is kept; a Submit pressed meanwhile is held and sent once it runs.
 *
 * Once the app knows the person: signed out, they are asked to sign in (the dialog opens in place and they come back
 * to what they wrote); a listing's owner is told they cannot review it; an unverified phone is sent to verify it; and
 * someone who reviewed it before changes or deletes their review. Sent, they go back to the listing's reviews with a
 * toast that says whether it shows at once or after a moderator.
 */
export default function ReviewForm({ kind, listing }: { kind: TListingKind; listing: { id: string; slug: string } }) {
  const t = useT(messages);
  const specText = useSpecText();
  const lang = useLang();
  const { siteTz } = useServices();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { session, api, state } = useMyReviews(kind, listing.id);
  const [ready, setReady] = useState(false);
  const [length, setLength] = useState(0);
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const ids = { rating: useId(), counter: useId() };
  const back = `${CONTENT_KINDS[kind].detailPath}${listing.slug}#reviews`;
  const mine = state.data?.mine ?? null;

  useEffect(() => {
    setReady(true);
    // Words typed before the app ran are counted.
    setLength(fieldsOf(form.current)?.text.value.length ?? 0);
  }, []);
  useEffect(() => {
    // Their review fills the form, unless they have started on it already.
    const f = fieldsOf(form.current);
    if (!f || !mine || f.rating() || f.text.value) return;
    f.choose(mine.rating);
    f.text.value = mine.text;
    setLength(mine.text.length);
  }, [mine]);

  /** Back to the listing's reviews, read again, with the toast. */
  function done(message: string) {
    forgetReviews(queryClient, kind, listing.id);
    notify(message, { key: 'review' });
    navigate(back);
  }

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!api) return openSignIn();
    const data = new FormData(e.currentTarget);
    const rating = Number(data.get('rating') ?? 0);
    const text = String(data.get('text') ?? '').trim();
    const textError = textProblem(text, REVIEW_TEXT_MAX, false);
    const next: Errors = {
      ...(STARS.some((s) => s === rating) ? {} : { rating: specText('Choose 1 to 5 stars') }),
      ...(textError ? { text: textError } : {}),
    };
    setErrors(next);
    if (next.rating || next.text) return focusFirst(e.currentTarget, next);
    setSending(true);
    try {
      // A Submit held while the app started may come before their state: whether it is a change is read first.
      const known: TMyReviewState = state.data ?? (await queryClient.fetchQuery(api.mine(kind, listing.id)));
      const saved = await api.save(kind, listing.id, { rating, text }, Boolean(known.mine));
      done(saved.data?.status === 'pending' ? t('reviewform.pending') : t('reviewform.published'));
    } catch (err) {
      setErrors(refusalOf(err, ['rating', 'text'], specText, t('reviewform.notSent')));
      setSending(false);
    }
  }

  async function remove() {
    if (!api) return;
    setConfirming(false);
    setSending(true);
    try {
      await api.remove(kind, listing.id);
      done(t('reviewform.deleted'));
    } catch (err) {
      setErrors(refusalOf(err, [], specText, t('reviewform.notSent')));
      setSending(false);
    }
  }

  if (state.data?.cannot && session) return <CannotReview cannot={state.data.cannot} session={session} />;
  return (
    <form ref={form} className="stack gap-md review-form" onSubmit={submit} noValidate>
      <fieldset className="rate" aria-describedby={errors.rating ? ids.rating : undefined}>
        <legend>
          {t('reviewform.rating')}
          <span className="required" aria-hidden="true">
            {' '}
            *
          </span>
        </legend>
        <div className="rate-stars">
          {STARS.map((n) => (
            <label key={n}>
              <input
                type="radio"
                name="rating"
                value={n}
                className="visually-hidden"
                aria-invalid={errors.rating ? true : undefined}
              />
              <span aria-hidden="true">★</span>
              <span className="visually-hidden">{t('reviewform.star', { count: n })}</span>
            </label>
          ))}
        </div>
        {errors.rating ? (
          <p className="field-error" id={ids.rating}>
            {errors.rating}
          </p>
        ) : null}
      </fieldset>
      <Field label={t('reviewform.text')} error={errors.text}>
        {(id, describedBy) => (
          <>
            <textarea
              id={id}
              name="text"
              rows={6}
              aria-invalid={errors.text ? true : undefined}
              aria-describedby={describedBy ? `${ids.counter} ${describedBy}` : ids.counter}
              onInput={(e) => setLength(e.currentTarget.value.length)}
            />
            <Counter id={ids.counter} length={length} max={REVIEW_TEXT_MAX} />
          </>
        )}
      </Field>
      {mine ? (
        <p className="small muted">
          {t('reviewform.editing', { date: formatDay(mine.createdAt, siteTz, lang) })}
          {mine.status === 'pending' ? ` ${t('reviewform.waiting')}` : ''}
        </p>
      ) : null}
      {errors.form ? (
        <p className="notice notice-error" role="alert">
          {errors.form}
        </p>
      ) : null}
      <div className="row gap-sm">
        <Button type="submit" disabled={sending}>
          {sending ? t('reviewform.sending') : mine ? t('reviewform.save') : t('reviewform.submit')}
        </Button>
        {mine ? (
          <Button variant="light" onClick={() => setConfirming(true)} disabled={sending}>
            {t('reviewform.delete')}
          </Button>
        ) : null}
      </div>
      {ready && !session ? <SignInToReview /> : null}
      <Dialog open={confirming} onClose={() => setConfirming(false)} title={t('reviewform.delete')}>
        <div className="stack gap-sm">
          <p>{t('reviewform.deleteConfirm')}</p>
          <div className="row gap-sm">
            <Button onClick={remove}>{t('reviewform.yes')}</Button>
            <Button variant="light" onClick={() => setConfirming(false)}>
              {t('reviewform.no')}
            </Button>
          </div>
        </div>
      </Dialog>
    </form>
  );
}

/** The form's fields as the effects read and fill them. */
function fieldsOf(form: HTMLFormElement | null) {
  const text = form?.elements.namedItem('text');
  if (!form || !(text instanceof HTMLTextAreaElement)) return null;
  const radios = [...form.querySelectorAll<HTMLInputElement>('input[name="rating"]')];
  return {
    text,
    rating: () => radios.find((r) => r.checked)?.value,
    choose: (n: number) => {
      for (const r of radios) r.checked = r.value === String(n);
    },
  };
}

/** Focus to the first field the check refused, so a keyboard or screen reader lands on what to fix. */
function focusFirst(form: HTMLFormElement, errors: Errors) {
  const field = errors.rating ? 'input[name="rating"]' : 'textarea[name="text"]';
  form.querySelector<HTMLElement>(field)?.focus();
}

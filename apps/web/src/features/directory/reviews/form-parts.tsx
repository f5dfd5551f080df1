import { ApiError } from '../../../api/client';
import { useT } from '../../../app/i18n';
import { messages } from '../../../locales/en/reviewform.json?lingui';

/**
 * What the review form and the reply form share: the contract's rules for their texts (ZReviewForm, ZReviewReplyForm)
 * checked before sending, in the contract's own words (shown in the page's language through the `spec` catalogue),
 * the character counter, and the API's refusals put under the fields they name.
 */

/** A review is shown as plain text, so markup in it is refused, as the API refuses it. */
const MARKUP = /<\/?[a-z][^>]*>/i;

/** Why a review's or reply's words cannot be sent, in the contract's English; nothing when they can. */
export function textProblem(text: string, max: number, required: boolean): string | undefined {
  if (required && !text) return 'Required';
  if (text.length > max) return `At most ${max} characters`;
  if (MARKUP.test(text)) return 'Write plain text, without HTML';
  return undefined;
}

/** "12 of 2000 characters", in red past the limit. */
export function Counter({ id, length, max }: { id: string; length: number; max: number }) {
  const t = useT(messages);
  return (
    <p id={id} className={length > max ? 'small counter counter-over' : 'small muted counter'}>
      {t('reviewform.counter', { count: length, max })}
    </p>
  );
}

/** An API refusal as a form shows it: each field's errors under it, anything else (401, 403, 409…) under the form. */
export function refusalOf<F extends string>(
  err: unknown,
  fields: readonly F[],
  specText: (s: string) => string,
  otherwise: string,
): Partial<Record<F | 'form', string>> {
  if (!(err instanceof ApiError)) return { form: otherwise } as Partial<Record<F | 'form', string>>;
  const out: Partial<Record<F | 'form', string>> = {};
  for (const d of err.body.details ?? []) {
    const field = (fields as readonly string[]).includes(d.parameter) ? (d.parameter as F) : 'form';
    out[field] = d.errors.map(specText).join(', ');
  }
  if (!Object.keys(out).length) out.form = specText(err.body.error);
  return out;
}

import type { TFormOutcome } from '@chaupal/contract/form-outcome';
import type { TOpeningHours } from '@chaupal/contract/open-now';
import type { TListingKind } from '@chaupal/contract/trust-values';
import { type FormEvent, type ReactNode, useId, useMemo, useState } from 'react';
import { ApiError, callApi } from '../../api/client';
import { type Translate, useSpecText, useT } from '../../app/i18n';
import { useFormOutcome, useServices } from '../../app/services';
import { useCaptcha } from '../../components/captcha';
import { PlaceFields, type TPlaceValues } from '../../components/editing/place-fields';
import { Button, Field } from '../../components/ui/ui';
import { messages } from '../../locales/en/suggestedit.json?lingui';
import {
  changedInputs,
  SUGGEST_INPUTS,
  suggestInputsOf,
  type TSuggestable,
  type TSuggestInputs,
} from './suggest-values';

type Errors = Record<string, string>;

/**
 * The API's words for a form that changes nothing: the contract's (no detail given), and the service's (every detail
 * given is what the listing says already, named under each), said once above the button.
 */
const NOTHING_CHANGED = 'Nothing to change';
const NO_CHANGE_GIVEN = 'Suggest at least one change';
/** The fields the form shows errors under; the hours' errors go under their day (`opening_hours.weekly.mon…`). */
const FIELDS = new Set<string>([...SUGGEST_INPUTS, 'message', 'name', 'contact']);

/** The API's answer as the form shows it: each field's errors under it, anything else above the button. */
function errorsOf(outcome: Pick<TFormOutcome, 'error' | 'details'>, specText: (s: string) => string, t: Translate) {
  if (outcome.error === NOTHING_CHANGED) return { form: t('suggestEdit.noChange') };
  const next: Errors = {};
  for (const d of outcome.details ?? []) {
    if (d.errors.includes(NO_CHANGE_GIVEN)) next.form = t('suggestEdit.noChange');
    else if (FIELDS.has(d.parameter.split('.')[0])) next[d.parameter] ??= d.errors.map(specText).join(', ');
    else next.form ??= d.errors.map(specText).join(', ');
  }
  if (!Object.keys(next).length) next.form = specText(outcome.error);
  return next;
}

function hoursOf(text: string): TOpeningHours | null {
  try {
    return text ? (JSON.parse(text) as TOpeningHours) : null;
  } catch {
    return null;
  }
}

const placeOf = (v: TSuggestInputs): TPlaceValues => ({
  street_address: v.street_address,
  pin_code: v.pin_code,
  latitude: v.latitude,
  longitude: v.longitude,
  opening_hours: hoursOf(v.opening_hours),
});

/**
 * A listing's details a visitor may correct (phone, WhatsApp, street address, PIN code, opening hours, map pin,
 * "permanently closed"), filled with what the listing says now, and a message, their name and a way to thank them.
 * A plain form that posts to its own page: before the app runs, or without scripts, the server answers it (the page
 * with the errors in place, or the thanks). Once the app runs it sends, in place, only the details that changed.
 * The hours editor and the map need the app (`data-app`: touching them starts it).
 */
export default function SuggestEditForm({
  kind,
  item,
  action,
  onSent,
}: {
  kind: TListingKind;
  item: TSuggestable & { id: string };
  action: string;
  /** The page says thank you once it was sent. */
  onSent(): void;
}) {
  const t = useT(messages);
  const specText = useSpecText();
  const { apiFetch, recaptchaSiteKey } = useServices();
  const captcha = useCaptcha(recaptchaSiteKey);
  const outcome = useFormOutcome('suggest');
  const original = useMemo(() => suggestInputsOf(item), [item]);
  // After a plain post the server refused: what the visitor sent, not the listing's values.
  const start = outcome ? { ...original, ...outcome.values } : original;
  const [place, setPlace] = useState(() => placeOf(start));
  const [errors, setErrors] = useState<Errors>(() => (outcome ? errorsOf(outcome, specText, t) : {}));
  const [sending, setSending] = useState(false);
  const ids = { closed: useId(), name: useId(), contact: useId() };

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '');
    const posted = Object.fromEntries(SUGGEST_INPUTS.map((f) => [f, text(f)])) as TSuggestInputs;
    const changes = changedInputs(original, posted);
    if (!Object.keys(changes).length) return setErrors({ form: t('suggestEdit.noChange') });
    setSending(true);
    setErrors({});
    try {
      await callApi(apiFetch, `/suggestions/${kind}/${encodeURIComponent(item.id)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          ...changes,
          message: text('message'),
          name: text('name'),
          contact: text('contact'),
          g_recaptcha_response: captcha.token(),
        }),
      });
      window.grecaptcha?.reset();
      onSent();
    } catch (err) {
      setErrors(err instanceof ApiError ? errorsOf(err.body, specText, t) : { form: t('suggestEdit.notSent') });
    } finally {
      setSending(false);
    }
  }

  const text = (name: 'call_now' | 'whatsapp_no', label: string) => (
    <Field label={label} error={errors[name]}>
      {(id, describedBy) => (
        <input
          id={id}
          name={name}
          type="tel"
          autoComplete="off"
          maxLength={20}
          defaultValue={start[name]}
          aria-invalid={Boolean(errors[name])}
          aria-describedby={describedBy}
        />
      )}
    </Field>
  );
  return (
    <form method="post" action={action} onSubmit={submit} onFocus={captcha.load} noValidate className="stack gap-md">
      <p className="small muted">{t('suggestEdit.intro')}</p>
      <input type="hidden" name="id" value={item.id} />
      {text('call_now', t('suggestEdit.phone'))}
      {text('whatsapp_no', t('suggestEdit.whatsapp'))}
      <div data-app="">
        <PlaceFields value={place} onChange={setPlace} errors={errors} named />
      </div>
      <div className="stack gap-xs">
        <label className="check">
          <input
            type="checkbox"
            name="closed"
            value="true"
            defaultChecked={start.closed === 'true'}
            aria-describedby={ids.closed}
          />
          {t('suggestEdit.closed')}
        </label>
        <Hint id={ids.closed}>{t('suggestEdit.closedHint')}</Hint>
        {errors.closed ? <p className="field-error">{errors.closed}</p> : null}
      </div>
      <Field label={t('suggestEdit.message')} error={errors.message}>
        {(id, describedBy) => (
          <textarea
            id={id}
            name="message"
            rows={3}
            maxLength={1000}
            defaultValue={outcome?.values.message}
            aria-describedby={describedBy}
          />
        )}
      </Field>
      <fieldset className="stack gap-sm">
        <legend className="strong">{t('suggestEdit.aboutYou')}</legend>
        <Field label={t('suggestEdit.name')} error={errors.name}>
          {(id, describedBy) => (
            <input
              id={id}
              name="name"
              autoComplete="name"
              maxLength={100}
              defaultValue={outcome?.values.name}
              aria-describedby={[describedBy, ids.name].filter(Boolean).join(' ')}
            />
          )}
        </Field>
        <Hint id={ids.name}>{t('suggestEdit.nameHint')}</Hint>
        <Field label={t('suggestEdit.contact')} error={errors.contact}>
          {(id, describedBy) => (
            <input
              id={id}
              name="contact"
              maxLength={200}
              defaultValue={outcome?.values.contact}
              aria-describedby={[describedBy, ids.contact].filter(Boolean).join(' ')}
            />
          )}
        </Field>
        <Hint id={ids.contact}>{t('suggestEdit.contactHint')}</Hint>
      </fieldset>
      {recaptchaSiteKey ? <div className="g-recaptcha" data-sitekey={recaptchaSiteKey} /> : null}
      {errors.form ? (
        <p className="notice notice-error" role="alert">
          {errors.form}
        </p>
      ) : null}
      <Button type="submit" disabled={sending} full>
        {sending ? t('suggestEdit.sending') : t('suggestEdit.send')}
      </Button>
    </form>
  );
}

function Hint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="small muted">
      {children}
    </p>
  );
}

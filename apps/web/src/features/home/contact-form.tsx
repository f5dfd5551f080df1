import type { TFormOutcome } from '@chaupal/contract/form-outcome';
import { SHELL_MESSAGES } from '@chaupal/contract/shell-messages';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError, callApi } from '../../api/client';
import { type Translate, useSpecText, useT } from '../../app/i18n';
import { useFormOutcome, useServices } from '../../app/services';
import { useCaptcha } from '../../components/captcha';
import { Button, Field } from '../../components/ui/ui';
import { messages } from '../../locales/en/home.json?lingui';

type FieldName = 'name' | 'phone' | 'email' | 'message';
type Errors = Partial<Record<FieldName | 'form', string>>;
const REQUIRED: FieldName[] = ['name', 'phone', 'email'];
const isField = (p: string): p is FieldName => ['name', 'phone', 'email', 'message'].includes(p);

/**
 * SPEC §2/§5 contact form: Name, Phone, Email address, Message/Complaint, one document; "Message Sent".
 *
 * A plain multipart form that posts to `/contact`: before the app runs, or without scripts, the browser sends it and
 * the server answers with this page again, the errors under the fields and what was typed (or, sent, with
 * `?sent=1`, which shows "Message Sent"). Once the app runs it checks and sends the same form in place. Its fields
 * are the form's own (uncontrolled), so nothing typed before the app ran is lost to it.
 */
export function ContactForm() {
  const t = useT(messages);
  const specText = useSpecText();
  const { apiFetch, recaptchaSiteKey } = useServices();
  const outcome = useFormOutcome('contact');
  const [search] = useSearchParams();
  const [errors, setErrors] = useState<Errors>(() => (outcome ? errorsOf(outcome, t, specText) : {}));
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(() => search.get('sent') === '1');
  const done = useRef<HTMLDivElement>(null);
  // The confirmation comes into view where the visitor is (after Submit), not above the form out of sight.
  useEffect(() => {
    if (sent) done.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [sent]);
  const captcha = useCaptcha(recaptchaSiteKey);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    setSent(false);
    const body = new FormData(form);
    const missing: Errors = {};
    for (const f of REQUIRED) if (!String(body.get(f) ?? '').trim()) missing[f] = SHELL_MESSAGES.required;
    setErrors(missing);
    if (Object.keys(missing).length) return;
    const file = body.get('file');
    if (file instanceof File && !file.name && !file.size) body.delete('file');
    body.set('g_recaptcha_response', captcha.token());
    setSending(true);
    try {
      await callApi(apiFetch, '/contact_request/add', { method: 'POST', body });
      form.reset();
      setSent(true);
      window.grecaptcha?.reset();
    } catch (err) {
      const text = err instanceof ApiError ? err.body.error : '';
      setErrors(errorsOf({ form: 'contact', values: {}, error: text }, t, specText));
    } finally {
      setSending(false);
    }
  }

  // Until the app runs, the browser checks the required fields itself (instantly, before any post): "Required" under
  // an empty one is the stylesheet's (`.field-required`, ui.css). Once it runs, the app checks them instead.
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (form.current) form.current.noValidate = true;
  }, []);
  const input = (f: FieldName, label: string, extra: Record<string, string> = {}) => (
    <Field label={label} error={errors[f]} required={f !== 'message'}>
      {(id, describedBy) =>
        f === 'message' ? (
          <textarea id={id} name={f} rows={4} defaultValue={outcome?.values[f]} />
        ) : (
          <>
            <input
              id={id}
              name={f}
              required
              // An empty field shows its placeholder: the stylesheet's "Required" is for an empty one only.
              placeholder=" "
              defaultValue={outcome?.values[f]}
              aria-invalid={Boolean(errors[f])}
              aria-describedby={describedBy}
              {...extra}
            />
            <p className="field-error field-required" aria-hidden="true">
              {specText(SHELL_MESSAGES.required)}
            </p>
          </>
        )
      }
    </Field>
  );

  return (
    <form
      method="post"
      action="/contact"
      encType="multipart/form-data"
      onSubmit={submit}
      onFocus={captcha.load}
      ref={form}
      className="stack gap-sm contact-form"
    >
      {input('name', t('home.name'), { autoComplete: 'name' })}
      {input('phone', t('home.phone'), { type: 'tel', placeholder: '+91 9876543210', autoComplete: 'tel' })}
      {input('email', t('home.email'), { type: 'email', autoComplete: 'email' })}
      {input('message', t('home.message'))}
      <Field label={t('home.upload')}>
        {(id) => <input id={id} name="file" type="file" accept=".jpg,.jpeg,.png,.webp,.pdf,.doc,.docx" />}
      </Field>
      {recaptchaSiteKey ? <div className="g-recaptcha" data-sitekey={recaptchaSiteKey} /> : null}
      <Button type="submit" disabled={sending}>
        {sending ? t('home.submitting') : t('home.submit')}
      </Button>
      {/* Where the visitor is looking after Submit (a phone shows no more than the last fields), in a live region that
          exists before it fills, so screen readers announce it. */}
      <div role="status" className="contact-outcome" ref={done}>
        {sent ? <p className="notice notice-ok">{specText(SHELL_MESSAGES.messageSent)}</p> : null}
      </div>
      {errors.form ? (
        <p className="notice notice-error" role="alert">
          {errors.form}
        </p>
      ) : null}
    </form>
  );
}

/**
 * The errors to show for an answer of the API: a missing field says Required under it; SPEC §5: an error naming the
 * phone or the e-mail shows its pattern message under that field; anything else goes under the form.
 */
function errorsOf(outcome: TFormOutcome, t: Translate, specText: (s: string) => string): Errors {
  const next: Errors = {};
  for (const d of outcome.details ?? []) {
    if (!isField(d.parameter)) continue;
    const required = d.errors.some((e) => /required/i.test(e));
    if (required) next[d.parameter] = SHELL_MESSAGES.required;
    else if (d.parameter === 'phone') next.phone = t('home.phoneInvalid');
    else if (d.parameter === 'email') next.email = t('home.emailInvalid');
    else next[d.parameter] = d.errors.map(specText).join(', ');
  }
  const text = outcome.error;
  if (!next.phone && /phone/i.test(text)) next.phone = t('home.phoneInvalid');
  if (!next.email && /email/i.test(text)) next.email = t('home.emailInvalid');
  if (!Object.keys(next).length) next.form = text ? specText(text) : t('home.notSent');
  return next;
}

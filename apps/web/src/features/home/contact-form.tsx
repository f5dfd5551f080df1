import { SHELL_MESSAGES } from '@chaupal/contract/shell-messages';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError, callApi } from '../../api/client';
import { useSpecText, useT } from '../../app/i18n';
import { useServices } from '../../app/services';
import { useCaptcha } from '../../components/captcha';
import { Button, Field } from '../../components/ui/ui';
import { messages } from '../../locales/en/home.json?lingui';

type FieldName = 'name' | 'phone' | 'email' | 'message';
const EMPTY: Record<FieldName, string> = { name: '', phone: '', email: '', message: '' };

/** SPEC §2/§5 contact form: Name, Phone, Email address, Message/Complaint, one document; "Message Sent". */
export function ContactForm() {
  const t = useT(messages);
  const specText = useSpecText();
  const { apiFetch, recaptchaSiteKey } = useServices();
  const [values, setValues] = useState(EMPTY);
  const [file, setFile] = useState<File | null>(null);
  // A file input cannot be cleared by state: a new key gives a fresh, empty one.
  const [fileKey, setFileKey] = useState(0);
  const [errors, setErrors] = useState<Partial<Record<FieldName | 'form', string>>>({});
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const outcome = useRef<HTMLDivElement>(null);
  // The confirmation comes into view where the visitor is (after Submit), not above the form out of sight.
  useEffect(() => {
    if (sent) outcome.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [sent]);
  const captcha = useCaptcha(recaptchaSiteKey);

  const set = (f: FieldName) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [f]: value }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSent(false);
    const missing: typeof errors = {};
    for (const f of ['name', 'phone', 'email'] as const) if (!values[f].trim()) missing[f] = SHELL_MESSAGES.required;
    setErrors(missing);
    if (Object.keys(missing).length) return;
    const body = new FormData();
    for (const [k, v] of Object.entries(values)) body.append(k, v);
    body.append('g_recaptcha_response', captcha.token());
    if (file) body.append('file', file);
    setSending(true);
    try {
      await callApi(apiFetch, '/contact_request/add', { method: 'POST', body });
      setValues(EMPTY);
      setFile(null);
      setFileKey((k) => k + 1);
      setSent(true);
      window.grecaptcha?.reset();
    } catch (err) {
      // SPEC §5: a server error naming the phone or the e-mail shows under that field.
      const text = err instanceof ApiError ? err.body.error : '';
      const next: typeof errors = {};
      if (/phone/i.test(text)) next.phone = t('home.phoneInvalid');
      if (/email/i.test(text)) next.email = t('home.emailInvalid');
      if (!next.phone && !next.email) next.form = text ? specText(text) : t('home.notSent');
      setErrors(next);
    } finally {
      setSending(false);
    }
  }

  const input = (f: FieldName, label: string, extra: Record<string, string> = {}) => (
    <Field label={label} error={errors[f]} required={f !== 'message'}>
      {(id, describedBy) =>
        f === 'message' ? (
          <textarea id={id} name={f} rows={4} value={values[f]} onChange={set(f)} />
        ) : (
          <input
            id={id}
            name={f}
            value={values[f]}
            onChange={set(f)}
            aria-invalid={Boolean(errors[f])}
            aria-describedby={describedBy}
            {...extra}
          />
        )
      }
    </Field>
  );

  return (
    <form onSubmit={submit} onFocus={captcha.load} noValidate className="stack gap-sm contact-form">
      {input('name', t('home.name'), { autoComplete: 'name' })}
      {input('phone', t('home.phone'), { type: 'tel', placeholder: '+91 9876543210', autoComplete: 'tel' })}
      {input('email', t('home.email'), { type: 'email', autoComplete: 'email' })}
      {input('message', t('home.message'))}
      <Field label={t('home.upload')}>
        {(id) => (
          <input
            id={id}
            key={fileKey}
            type="file"
            accept=".jpg,.jpeg,.png,.webp,.pdf,.doc,.docx"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        )}
      </Field>
      {recaptchaSiteKey ? <div className="g-recaptcha" data-sitekey={recaptchaSiteKey} /> : null}
      <Button type="submit" disabled={sending}>
        {sending ? t('home.submitting') : t('home.submit')}
      </Button>
      {/* Where the visitor is looking after Submit (a phone shows no more than the last fields), in a live region that
          exists before it fills, so screen readers announce it (issue 12). */}
      <div role="status" className="contact-outcome" ref={outcome}>
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

import { MESSAGES } from '@chaupal/contract';
import { Alert, Button, FileInput, Stack, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { ApiError, callApi } from '../../api/client';
import { useServices } from '../../app/services';

type Field = 'name' | 'phone' | 'email' | 'message';
const EMPTY: Record<Field, string> = { name: '', phone: '', email: '', message: '' };

declare global {
  interface Window {
    grecaptcha?: { getResponse(): string; reset(): void };
  }
}

/** Loads Google's script only when a site key is configured and the visitor starts filling the form (DESIGN §8). */
function useCaptcha(siteKey?: string) {
  const loaded = useRef(false);
  return {
    load() {
      if (!siteKey || loaded.current) return;
      loaded.current = true;
      const s = document.createElement('script');
      s.src = 'https://www.google.com/recaptcha/api.js';
      s.async = true;
      document.head.appendChild(s);
    },
    token: () => (siteKey ? (window.grecaptcha?.getResponse() ?? '') : ''),
  };
}

/** SPEC §2/§5 contact form: Name, Phone, Email address, Message/Complaint, one document; "Message Sent". */
export function ContactForm() {
  const { apiFetch, recaptchaSiteKey } = useServices();
  const [values, setValues] = useState(EMPTY);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field | 'form', string>>>({});
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const captcha = useCaptcha(recaptchaSiteKey);

  const set = (f: Field) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [f]: value }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSent(false);
    const missing: typeof errors = {};
    for (const f of ['name', 'phone', 'email'] as const) if (!values[f].trim()) missing[f] = MESSAGES.required;
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
      setSent(true);
      window.grecaptcha?.reset();
    } catch (err) {
      // SPEC §5: a server error naming the phone or the e-mail shows under that field.
      const text = err instanceof ApiError ? err.body.error : 'The message could not be sent.';
      const next: typeof errors = {};
      if (/phone/i.test(text)) next.phone = 'Phone number does not match pattern';
      if (/email/i.test(text)) next.email = 'Email address does not match pattern';
      if (!next.phone && !next.email) next.form = text;
      setErrors(next);
    } finally {
      setSending(false);
    }
  }

  return (
    <form onSubmit={submit} onFocus={captcha.load} noValidate>
      <Stack gap="sm">
        {sent ? (
          <Alert color="green" title={MESSAGES.messageSent} role="status">
            {MESSAGES.messageSent}
          </Alert>
        ) : null}
        {errors.form ? (
          <Alert color="red" role="alert" style={{ whiteSpace: 'pre-line' }}>
            {errors.form}
          </Alert>
        ) : null}
        <TextInput
          label="Name"
          name="name"
          value={values.name}
          onChange={set('name')}
          error={errors.name}
          required
          autoComplete="name"
        />
        <TextInput
          label="Phone"
          name="phone"
          placeholder="+91 9876543210"
          value={values.phone}
          onChange={set('phone')}
          error={errors.phone}
          required
          type="tel"
          autoComplete="tel"
        />
        <TextInput
          label="Email address"
          name="email"
          value={values.email}
          onChange={set('email')}
          error={errors.email}
          required
          type="email"
          autoComplete="email"
        />
        <Textarea
          label="Message/Complaint"
          name="message"
          value={values.message}
          onChange={set('message')}
          autosize
          minRows={3}
        />
        <FileInput
          label="Upload Document"
          placeholder="Choose a file"
          value={file}
          onChange={setFile}
          clearable
          accept=".jpg,.jpeg,.png,.webp,.pdf,.doc,.docx"
        />
        {recaptchaSiteKey ? <div className="g-recaptcha" data-sitekey={recaptchaSiteKey} /> : null}
        <Button type="submit" disabled={sending} w="fit-content">
          {sending ? 'Submitting...' : 'Submit'}
        </Button>
      </Stack>
    </form>
  );
}

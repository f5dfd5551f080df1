import type { TContentKind } from '@chaupal/contract';
import { REPORT_REASONS } from '@chaupal/contract/trust-values';
import { type FormEvent, useState } from 'react';
import { ApiError, callApi } from '../../api/client';
import { useSpecText, useT } from '../../app/i18n';
import { useServices } from '../../app/services';
import { messages } from '../../locales/en/report.json?lingui';
import { useCaptcha } from '../captcha';
import { Button, Dialog, Field } from '../ui/ui';

type Reason = (typeof REPORT_REASONS)[number];
type Errors = Partial<Record<'reason' | 'message' | 'contact' | 'form', string>>;

/** The report form (issue 15): a reason, what is wrong, an optional way to reach the visitor, the human check. */
export default function ReportDialog({
  open,
  onClose,
  kind,
  id,
  title,
}: {
  open: boolean;
  onClose(): void;
  kind: TContentKind;
  id: string;
  title: string;
}) {
  const t = useT(messages);
  const specText = useSpecText();
  const { apiFetch, recaptchaSiteKey } = useServices();
  const captcha = useCaptcha(recaptchaSiteKey);
  const [reason, setReason] = useState<Reason | ''>('');
  const [message, setMessage] = useState('');
  const [contact, setContact] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    // The contract's text for a missing reason (ZReportForm), as the API would say it.
    if (!reason) return setErrors({ reason: specText('Choose a reason') });
    setSending(true);
    setErrors({});
    try {
      await callApi(apiFetch, '/reports', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ kind, id, reason, message, contact, g_recaptcha_response: captcha.token() }),
      });
      setSent(true);
      window.grecaptcha?.reset();
    } catch (err) {
      const next: Errors = {};
      if (err instanceof ApiError) {
        for (const d of err.body.details ?? []) {
          if (d.parameter === 'reason' || d.parameter === 'message' || d.parameter === 'contact') {
            next[d.parameter] = d.errors.map(specText).join(', ');
          } else next.form = d.errors.map(specText).join(', ');
        }
        if (!Object.keys(next).length) next.form = specText(err.body.error);
      } else next.form = t('report.notSent');
      setErrors(next);
    } finally {
      setSending(false);
    }
  }

  return (
    <Dialog open={open} onClose={onClose} title={t('report.title')}>
      {sent ? (
        <div className="stack gap-sm">
          <p className="notice notice-ok" role="status">
            {t('report.sent')}
          </p>
          <Button onClick={onClose}>{t('report.close')}</Button>
        </div>
      ) : (
        <form onSubmit={submit} onFocus={captcha.load} noValidate className="stack gap-sm">
          <p className="small muted">{title}</p>
          <fieldset
            className="stack gap-xs report-reasons"
            aria-describedby={errors.reason ? 'report-reason-error' : undefined}
          >
            <legend>{t('report.reason')}</legend>
            {REPORT_REASONS.map((r) => (
              <label key={r} className="row gap-xs">
                <input type="radio" name="reason" value={r} checked={reason === r} onChange={() => setReason(r)} />
                {t(`report.reason.${r}`)}
              </label>
            ))}
            {errors.reason ? (
              <p className="field-error" id="report-reason-error">
                {errors.reason}
              </p>
            ) : null}
          </fieldset>
          <Field label={t('report.whatsWrong')} error={errors.message}>
            {(fieldId, describedBy) => (
              <textarea
                id={fieldId}
                rows={3}
                maxLength={2000}
                value={message}
                onChange={(e) => setMessage(e.currentTarget.value)}
                aria-describedby={describedBy}
              />
            )}
          </Field>
          <Field label={t('report.contact')} error={errors.contact}>
            {(fieldId, describedBy) => (
              <input
                id={fieldId}
                maxLength={200}
                value={contact}
                onChange={(e) => setContact(e.currentTarget.value)}
                aria-describedby={describedBy}
              />
            )}
          </Field>
          {recaptchaSiteKey ? <div className="g-recaptcha" data-sitekey={recaptchaSiteKey} /> : null}
          {errors.form ? (
            <p className="notice notice-error" role="alert">
              {errors.form}
            </p>
          ) : null}
          <Button type="submit" disabled={sending}>
            {sending ? t('report.sending') : t('report.send')}
          </Button>
        </form>
      )}
    </Dialog>
  );
}

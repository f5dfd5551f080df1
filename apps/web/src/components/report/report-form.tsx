import type { TContentKind, TReportKind } from '@chaupal/contract';
import type { TFormOutcome } from '@chaupal/contract/form-outcome';
import { REPORT_REASONS } from '@chaupal/contract/trust-values';
import { type FormEvent, useId, useState } from 'react';
import { ApiError, callApi } from '../../api/client';
import { useSpecText, useT } from '../../app/i18n';
import { useFormOutcome, useServices } from '../../app/services';
import { messages } from '../../locales/en/report.json?lingui';
import { useCaptcha } from '../captcha';
import { NativeDialog } from '../ui/native-dialog';
import { Button, Field } from '../ui/ui';

type Errors = Partial<Record<'reason' | 'message' | 'contact' | 'form', string>>;

/** Where a record's report form posts, and the page that works without scripts. */
export const reportPath = (kind: TReportKind, id: string) => `/report/${kind}/${encodeURIComponent(id)}`;

/**
 * A record's report form: a reason, what is wrong, an optional way to reach the visitor, the human check. A plain
 * form that posts to the record's report page: before the app runs, or without scripts, the server answers it
 * (the page with its errors in place, or that the report was sent). Once the app runs it sends the same fields in
 * place. Its fields are the form's own (uncontrolled), so a choice made before the app ran is kept.
 */
export function ReportForm({ kind, id, title }: { kind: TReportKind; id: string; title: string }) {
  const t = useT(messages);
  const specText = useSpecText();
  const { apiFetch, recaptchaSiteKey } = useServices();
  const captcha = useCaptcha(recaptchaSiteKey);
  const outcome = useFormOutcome('report');
  const [errors, setErrors] = useState<Errors>(() => (outcome ? errorsOf(outcome, specText) : {}));
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const errorId = useId();

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const reason = String(form.get('reason') ?? '');
    // The contract's text for a missing reason (ZReportForm), as the API would say it.
    if (!reason) return setErrors({ reason: specText('Choose a reason') });
    setSending(true);
    setErrors({});
    try {
      await callApi(apiFetch, '/reports', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          kind,
          id,
          reason,
          message: String(form.get('message') ?? ''),
          contact: String(form.get('contact') ?? ''),
          g_recaptcha_response: captcha.token(),
        }),
      });
      setSent(true);
      window.grecaptcha?.reset();
    } catch (err) {
      setErrors(
        err instanceof ApiError
          ? errorsOf({ form: 'report', values: {}, ...err.body }, specText)
          : { form: t('report.notSent') },
      );
    } finally {
      setSending(false);
    }
  }

  if (sent) {
    return (
      <p className="notice notice-ok" role="status">
        {t('report.sent')}
      </p>
    );
  }
  const values = outcome?.values ?? {};
  return (
    <form
      method="post"
      action={reportPath(kind, id)}
      onSubmit={submit}
      onFocus={captcha.load}
      noValidate
      className="stack gap-sm"
    >
      <p className="small muted">{title}</p>
      <fieldset className="stack gap-xs report-reasons" aria-describedby={errors.reason ? errorId : undefined}>
        <legend>{t('report.reason')}</legend>
        {REPORT_REASONS.map((r) => (
          <label key={r} className="check">
            <input type="radio" name="reason" value={r} defaultChecked={values.reason === r} />
            {t(`report.reason.${r}`)}
          </label>
        ))}
        {errors.reason ? (
          <p className="field-error" id={errorId}>
            {errors.reason}
          </p>
        ) : null}
      </fieldset>
      <Field label={t('report.whatsWrong')} error={errors.message}>
        {(fieldId, describedBy) => (
          <textarea
            id={fieldId}
            name="message"
            rows={3}
            maxLength={2000}
            defaultValue={values.message}
            aria-describedby={describedBy}
          />
        )}
      </Field>
      <Field label={t('report.contact')} error={errors.contact}>
        {(fieldId, describedBy) => (
          <input
            id={fieldId}
            name="contact"
            maxLength={200}
            defaultValue={values.contact}
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
  );
}

/** The report form in a dialog of the record's page, which its "Report" link opens in place (`data-opens={id}`). */
export function ReportDialog({ id, ...record }: { id: string; kind: TContentKind; record: string; title: string }) {
  const t = useT(messages);
  return (
    <NativeDialog id={id} title={t('report.title')}>
      <ReportForm kind={record.kind} id={record.record} title={record.title} />
    </NativeDialog>
  );
}

/** The API's answer as the form shows it: each field's errors under it, anything else under the form. */
function errorsOf(outcome: TFormOutcome, specText: (s: string) => string): Errors {
  const next: Errors = {};
  for (const d of outcome.details ?? []) {
    if (d.parameter === 'reason' || d.parameter === 'message' || d.parameter === 'contact') {
      next[d.parameter] = d.errors.map(specText).join(', ');
    } else next.form = d.errors.map(specText).join(', ');
  }
  if (!Object.keys(next).length) next.form = specText(outcome.error);
  return next;
}

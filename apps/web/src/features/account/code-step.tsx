import { MESSAGES } from '@chaupal/contract/messages';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../api/client';
import { useSpecText, useT } from '../../app/i18n';
import { dismiss, notify } from '../../components/toasts';
import { Button, Field } from '../../components/ui/ui';
import { messages } from '../../locales/en/account.json?lingui';
import type { AccountApi } from './account-api';
import { channelMessage } from './texts';

export interface PendingCode {
  channel: 'email' | 'phone';
  verificationId: string;
  /** What to ask a new code for: the e-mail or phone. */
  userName: string;
}

/**
 * SPEC §2/§4 code step: an input per channel still to verify; a channel's input disappears once its code is
 * accepted; "Resend OTP?" asks for new codes. Calls `onDone` when every channel is verified.
 */
export function CodeStep({
  api,
  userId,
  pending,
  onDone,
}: {
  api: AccountApi;
  userId: string;
  pending: PendingCode[];
  onDone(): void;
}) {
  const [left, setLeft] = useState(pending);
  const [tokens, setTokens] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const t = useT(messages);
  const spec = useSpecText();

  async function verify(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    let remaining = left;
    for (const p of left) {
      try {
        // A blank token is sent as an empty string (SPEC §5).
        await api.validateCode(userId, p.verificationId, tokens[p.channel] ?? '');
        remaining = remaining.filter((r) => r.channel !== p.channel);
        dismiss(`otp-${p.channel}`);
      } catch (err) {
        const text = err instanceof ApiError ? err.body.error : MESSAGES.invalidToken;
        notify(channelMessage(t, p.channel, spec(text)), { title: 'OTP', tone: 'error', key: `otp-${p.channel}` });
      }
    }
    setLeft(remaining);
    setBusy(false);
    if (!remaining.length) onDone();
  }

  async function resend() {
    const next: PendingCode[] = [];
    for (const p of left) {
      try {
        const r = await api.requestCode(p.userName, p.channel === 'email' ? 1 : 2);
        next.push({ ...p, verificationId: r.data.verificationId });
        notify(channelMessage(t, p.channel, spec(r.message)), { title: 'OTP', key: `otp-send-${p.channel}` });
      } catch (err) {
        next.push(p);
        notify(err instanceof ApiError ? err.body.error : t('account.codeNotSent'), {
          title: 'OTP',
          tone: 'error',
          key: `otp-send-${p.channel}`,
        });
      }
    }
    setLeft(next);
  }

  return (
    <form onSubmit={verify} className="stack gap-sm" noValidate>
      <h3>{t('account.verificationProcess')}</h3>
      <p className="muted small">{spec(MESSAGES.checkPhoneAndEmail)}</p>
      {left.map((p) => (
        <Field key={p.channel} label={t(`account.token.${p.channel}`)}>
          {(id) => (
            <input
              id={id}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={tokens[p.channel] ?? ''}
              onChange={(e) => setTokens((t) => ({ ...t, [p.channel]: e.target.value.trim() }))}
            />
          )}
        </Field>
      ))}
      <Button type="submit" disabled={busy}>
        {t('account.verify')}
      </Button>
      <button type="button" className="link-button" onClick={resend}>
        {t('account.resend')}
      </button>
    </form>
  );
}

import type { TUser } from '@chaupal/contract';
import { MESSAGES } from '@chaupal/contract/messages';
import { type FormEvent, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError, callApi } from '../../api/client';
import { useSpecText, useT } from '../../app/i18n';
import { useServices } from '../../app/services';
import { saveSession } from '../../app/session';
import { ACCESS_DENIED } from '../../app/signed-in';
import { Seo } from '../../components/seo';
import { dismiss, notify } from '../../components/toasts';
import { Button, Container, Field } from '../../components/ui/ui';
import { messages } from '../../locales/en/account.json?lingui';
import { accountApi } from './account-api';
import { CodeStep, type PendingCode } from './code-step';
import { channelMessage } from './texts';

/**
 * SPEC §2 verification page: Step 1 Enter Details (Email/Phone Number), Step 2 Verification Process (a token per
 * channel named by email=true / phone=true). On full success: home, "Verification Successfully".
 */
export function VerificationPage() {
  const { apiFetch } = useServices();
  const api = useMemo(() => accountApi(apiFetch), [apiFetch]);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const userId = params.get('userId') ?? '';
  const channels = (['email', 'phone'] as const).filter((c) => params.get(c) === 'true');
  const [userName, setUserName] = useState('');
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState<PendingCode[] | null>(null);
  const t = useT(messages);
  const spec = useSpecText();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!userName.trim()) return setError(MESSAGES.required);
    setError(undefined);
    const out: PendingCode[] = [];
    for (const channel of channels) {
      try {
        const r = await api.requestCode(userName.trim(), channel === 'email' ? 1 : 2);
        notify(channelMessage(t, channel, spec(r.message)), { title: 'OTP', key: `otp-send-${channel}` });
        out.push({ channel, verificationId: r.data.verificationId, userName: userName.trim() });
      } catch (err) {
        notify(err instanceof ApiError ? err.body.error : t('account.codeNotSent'), {
          tone: 'error',
          key: `otp-send-${channel}`,
        });
      }
    }
    if (out.length) setPending(out);
  }

  /** A signed-in user's stored profile is refreshed, so the new flags count at once. */
  async function done() {
    const token = localStorage.getItem('chaupal.token');
    if (token) {
      try {
        const r = await callApi<{ data: TUser }>(apiFetch, '/user/profile/view', {
          headers: { authorization: `Bearer ${token}` },
        });
        saveSession(token, r.data);
      } catch {
        // Not signed in on this browser: the person signs in next.
      }
    }
    // Verified now: the "Access Denied!" that sent the person here no longer holds.
    dismiss(ACCESS_DENIED);
    notify(MESSAGES.verificationSuccess);
    navigate('/');
  }

  return (
    <Container size="sm" className="page">
      <Seo title={t('account.verification')} noindex />
      <h1>{t('account.verification')}</h1>
      {!userId || !channels.length ? (
        <p className="muted">{t('account.nothingToVerify')}</p>
      ) : pending ? (
        <CodeStep api={api} userId={userId} pending={pending} onDone={done} />
      ) : (
        <form onSubmit={submit} className="stack gap-sm" noValidate>
          <h2 className="h4">{t('account.enterDetails')}</h2>
          <Field label={t('account.userName')} error={error} required>
            {(id) => (
              <input id={id} autoComplete="username" value={userName} onChange={(e) => setUserName(e.target.value)} />
            )}
          </Field>
          <Button type="submit">{t('account.submit')}</Button>
        </form>
      )}
    </Container>
  );
}

export { VerificationPage as Component };

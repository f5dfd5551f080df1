import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { useSite } from '../../api/use-site';
import { useSpecText, useT } from '../../app/i18n';
import { useServices } from '../../app/services';
import { clearSession } from '../../app/session';
import type { signedInApi } from '../../app/signed-in';
import { formatDay } from '../../components/dates';
import { notify } from '../../components/toasts';
import { Button, Field } from '../../components/ui/ui';
import { messages } from '../../locales/en/account.json?lingui';
import { channelMessage, fill } from './texts';

type Api = ReturnType<typeof signedInApi>;

/** The site's privacy policy (the first Policies entry, as on Register), or nothing while it loads. */
function PrivacyLink() {
  const privacy = useSite().policies.find((p) => p.type === 1);
  const t = useT(messages);
  return privacy ? (
    <a href={`/policy/${privacy.id}`} target="_blank" rel="noopener">
      {privacy.title}
    </a>
  ) : (
    t('account.privacyPolicy')
  );
}

/**
 * The export's file name, dated by the site's calendar (SITE_TZ), as every date on the site is: a download just after
 * midnight in India is the new day's, whatever the browser's zone says.
 */
export const exportFileName = (now: number, siteTz: string) =>
  `chaupal-data-${formatDay(new Date(now).toISOString(), siteTz)}.json`;

/** Saves the export as a JSON file the browser downloads. */
function saveJson(data: unknown, name: string) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * In Edit Profile: "Download my data" (a JSON file of everything the site keeps about the person) and
 * "Delete my account", confirmed by a code sent to their e-mail; after it the session ends and the visitor goes home.
 */
export function YourData({ api, onClose }: { api: Api; onClose(): void }) {
  const navigate = useNavigate();
  const headingId = useId();
  const [busy, setBusy] = useState(false);
  const [code, setCode] = useState<{ verificationId: string; sentTo: string } | null>(null);
  const [token, setToken] = useState('');
  const [error, setError] = useState<string>();
  const t = useT(messages);
  const spec = useSpecText();
  const { siteTz } = useServices();

  async function download() {
    setBusy(true);
    try {
      const data = await api.personalData();
      saveJson(data, exportFileName(Date.now(), siteTz));
      notify(t('account.dataDownloading'), { key: 'data-download' });
    } catch (err) {
      if (err instanceof ApiError) notify(err.body.error, { tone: 'error', key: 'data-download' });
    } finally {
      setBusy(false);
    }
  }

  async function sendCode() {
    setBusy(true);
    try {
      const r = await api.deletionCode();
      setCode(r.data);
      notify(channelMessage(t, 'email', spec(r.message)), { title: 'OTP', key: 'deletion-code' });
    } catch (err) {
      if (err instanceof ApiError) notify(err.body.error, { tone: 'error', key: 'deletion-code' });
    } finally {
      setBusy(false);
    }
  }

  async function confirm(e: FormEvent) {
    e.preventDefault();
    if (!code) return;
    setBusy(true);
    try {
      const r = await api.deleteAccount(code.verificationId, token);
      clearSession();
      notify(r.message, { key: 'delete-account' });
      onClose();
      navigate('/');
    } catch (err) {
      if (err instanceof ApiError) {
        const text = err.firstMessage;
        setError(text);
        notify(channelMessage(t, 'email', spec(err.body.error)), {
          title: 'OTP',
          tone: 'error',
          key: 'delete-account',
        });
      }
      setBusy(false);
    }
  }

  return (
    <section className="stack gap-sm" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('account.yourData')}</h3>
      <p className="muted small">{fill(t, 'account.yourDataIntro', { policy: <PrivacyLink /> })}</p>
      {/* The row classes rather than <Row>: no public page uses Row, and exporting it from the entry to this chunk
          would cost the public pages' budget (bundle-size.test.ts). */}
      <div className="row gap-sm">
        <Button variant="outline" onClick={download} disabled={busy}>
          {t('account.downloadData')}
        </Button>
        {code ? null : (
          <Button variant="outline" onClick={sendCode} disabled={busy}>
            {t('account.deleteAccount')}
          </Button>
        )}
      </div>
      {code ? (
        <form onSubmit={confirm} className="stack gap-sm notice notice-error" noValidate>
          <p>
            {fill(t, 'account.deleteWarning', { policy: <PrivacyLink />, address: <strong>{code.sentTo}</strong> })}
          </p>
          <Field label={t('account.token.email')} error={error} required>
            {(id, describedBy) => (
              <input
                id={id}
                inputMode="numeric"
                autoComplete="one-time-code"
                value={token}
                onChange={(e) => setToken(e.target.value)}
                aria-invalid={Boolean(error)}
                aria-describedby={describedBy}
              />
            )}
          </Field>
          <div className="row gap-sm">
            <Button type="submit" disabled={busy}>
              {t('account.deleteAccount')}
            </Button>
            <Button
              variant="light"
              onClick={() => {
                setCode(null);
                setToken('');
                setError(undefined);
              }}
              disabled={busy}
            >
              {t('account.cancel')}
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  );
}

import { PASSWORD_RULE, type TUser, ZRegisterBody } from '@chaupal/contract/account';
import { MESSAGES } from '@chaupal/contract/messages';
import { type FormEvent, useMemo, useState } from 'react';
import { ApiError } from '../../api/client';
import { useSite } from '../../api/use-site';
import { useSpecText, useT } from '../../app/i18n';
import { useServices } from '../../app/services';
import { isVerified, saveSession } from '../../app/session';
import { dismiss, notify } from '../../components/toasts';
import { Button, Dialog, Field } from '../../components/ui/ui';
import { messages } from '../../locales/en/account.json?lingui';
import { accountApi } from './account-api';
import { CodeStep, type PendingCode } from './code-step';
import { channelMessage, fill } from './texts';

export type AuthMode = 'signin' | 'register' | 'reset';
type Errors = Record<string, string | undefined>;

/** The sign-in lock's sentence (apps/server account.service.ts), which names its minutes. */
const LOCKED = /^Too many failed sign-ins for this account: try again in (\d+) minutes?, or reset your password\.$/;

/** What went wrong, in the page's language (the API's sentences are SPEC's English). */
function useApiError() {
  const t = useT(messages);
  const spec = useSpecText();
  return (err: unknown) => {
    if (!(err instanceof ApiError)) return t('account.genericError');
    const locked = LOCKED.exec(err.body.error);
    return locked ? t('account.signInLocked', { minutes: Number(locked[1]) }) : spec(err.body.error);
  };
}
/** The first error of each field from an API error body. */
const fieldErrors = (err: unknown): Errors =>
  err instanceof ApiError ? Object.fromEntries((err.body.details ?? []).map((d) => [d.parameter, d.errors[0]])) : {};

/** One dialog for Signin, Register and Reset Password (SPEC §2), with the code steps of SPEC §4. */
export default function AuthDialog({
  open,
  initialMode = 'signin',
  onClose,
}: {
  open: boolean;
  initialMode?: AuthMode;
  onClose(): void;
}) {
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const t = useT(messages);
  return (
    <Dialog open={open} onClose={onClose} title={t(`account.title.${mode}`)}>
      {mode === 'signin' ? <SignIn onDone={onClose} go={setMode} /> : null}
      {mode === 'register' ? <Register go={setMode} /> : null}
      {mode === 'reset' ? <Reset go={setMode} /> : null}
    </Dialog>
  );
}

function Switch({ go, to }: { go(m: AuthMode): void; to: AuthMode[] }) {
  const t = useT(messages);
  return (
    <div className="auth-switch">
      {to.map((m) => (
        <button key={m} type="button" className="link-button" onClick={() => go(m)}>
          {t(`account.switch.${m}`)}
        </button>
      ))}
    </div>
  );
}

function SignIn({ onDone, go }: { onDone(): void; go(m: AuthMode): void }) {
  const { apiFetch } = useServices();
  const api = useMemo(() => accountApi(apiFetch), [apiFetch]);
  const [values, setValues] = useState({ userName: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [codes, setCodes] = useState<{ userId: string; pending: PendingCode[] } | null>(null);
  const t = useT(messages);
  const spec = useSpecText();
  const apiError = useApiError();

  async function finish() {
    const { data, token } = await api.login(values.userName, values.password);
    saveSession(token, data);
    notify(MESSAGES.loginSuccess, { key: 'sign-in' });
    onDone();
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const missing: Errors = {};
    if (!values.userName.trim()) missing.userName = MESSAGES.required;
    if (!values.password) missing.password = MESSAGES.required;
    setErrors(missing);
    if (Object.keys(missing).length) return;
    setBusy(true);
    try {
      const { data: user, token } = await api.login(values.userName, values.password);
      if (isVerified(user)) {
        saveSession(token, user);
        notify(MESSAGES.loginSuccess, { key: 'sign-in' });
        onDone();
        return;
      }
      // The name and password were right: an earlier failure to sign in no longer holds.
      dismiss('sign-in');
      setCodes({ userId: user.id, pending: await codesFor(user) });
    } catch (err) {
      notify(apiError(err), { tone: 'error', key: 'sign-in' });
    } finally {
      setBusy(false);
    }
  }

  /** SPEC §4: a code for each unverified channel (or the pending one: "OTP Already Sent"). */
  async function codesFor(user: TUser): Promise<PendingCode[]> {
    const out: PendingCode[] = [];
    for (const [channel, verified, userName, type] of [
      ['email', user.emailVerified, user.email, 1],
      ['phone', user.phoneVerified, user.phone, 2],
    ] as const) {
      if (verified) continue;
      const r = await api.requestCode(userName, type);
      notify(channelMessage(t, channel, spec(r.message)), { title: 'OTP' });
      out.push({ channel, verificationId: r.data.verificationId, userName });
    }
    return out;
  }

  if (codes)
    return (
      <CodeStep
        api={api}
        userId={codes.userId}
        pending={codes.pending}
        onDone={() => finish().catch((err) => notify(apiError(err), { tone: 'error', key: 'sign-in' }))}
      />
    );
  return (
    <form onSubmit={submit} className="stack gap-sm" noValidate>
      <Field label={t('account.userName')} error={errors.userName} required>
        {(id) => (
          <input
            id={id}
            autoComplete="username"
            value={values.userName}
            onChange={(e) => setValues((v) => ({ ...v, userName: e.target.value }))}
          />
        )}
      </Field>
      <Field label={t('account.password')} error={errors.password} required>
        {(id) => (
          <input
            id={id}
            type="password"
            autoComplete="current-password"
            value={values.password}
            onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
          />
        )}
      </Field>
      <Button type="submit" disabled={busy}>
        {t('account.switch.signin')}
      </Button>
      <Switch go={go} to={['register', 'reset']} />
    </form>
  );
}

function Register({ go }: { go(m: AuthMode): void }) {
  const { apiFetch } = useServices();
  const api = useMemo(() => accountApi(apiFetch), [apiFetch]);
  const privacy = useSite().policies.find((p) => p.type === 1);
  const [v, setV] = useState({ name: '', email: '', phone: '', password: '', confirmPassword: '', privacy: false });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [codes, setCodes] = useState<{ userId: string; pending: PendingCode[] } | null>(null);
  const t = useT(messages);
  const spec = useSpecText();
  const apiError = useApiError();
  const set = (k: keyof typeof v) => (e: { target: { value: string; checked: boolean } }) =>
    setV((s) => ({ ...s, [k]: k === 'privacy' ? e.target.checked : e.target.value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    // The same schema the server validates with; the phone is 10 digits after +91 (SPEC §5).
    const parsed = ZRegisterBody.safeParse({
      ...v,
      phone: /^\d{10}$/.test(v.phone) ? `+91${v.phone}` : v.phone.trim() ? `x${v.phone}` : '',
    });
    const next: Errors = {};
    // An empty field is "Required" (SPEC §5), not the rule it would break once filled in.
    for (const k of ['name', 'email', 'phone', 'password', 'confirmPassword'] as const)
      if (!v[k].trim()) next[k] = MESSAGES.required;
    if (!parsed.success) for (const i of parsed.error.issues) next[String(i.path[0])] ??= i.message;
    if (!v.privacy) next.privacy = MESSAGES.required;
    setErrors(next);
    if (Object.keys(next).length || !parsed.success) return;
    setBusy(true);
    try {
      const r = await api.register(parsed.data);
      notify(MESSAGES.checkPhoneAndEmail, { title: MESSAGES.otpSent, key: 'register' });
      setCodes({
        userId: r.data.user.id,
        pending: [
          { channel: 'email', verificationId: r.data.emailVerficationId, userName: parsed.data.email },
          { channel: 'phone', verificationId: r.data.phoneVerficationId, userName: parsed.data.phone },
        ],
      });
    } catch (err) {
      setErrors(fieldErrors(err));
      notify(apiError(err), { tone: 'error', key: 'register' });
    } finally {
      setBusy(false);
    }
  }

  if (codes) {
    return (
      <CodeStep
        api={api}
        userId={codes.userId}
        pending={codes.pending}
        onDone={() => {
          notify(t('account.pleaseSignIn'), { title: MESSAGES.registerSuccess });
          go('signin');
        }}
      />
    );
  }
  const text = (k: 'name' | 'email' | 'password' | 'confirmPassword', label: string, type = 'text', auto?: string) => (
    <Field label={label} error={errors[k]} required>
      {(id) => (
        <input
          id={id}
          type={type}
          autoComplete={auto}
          value={v[k]}
          onChange={set(k)}
          aria-invalid={Boolean(errors[k])}
        />
      )}
    </Field>
  );
  return (
    <form onSubmit={submit} className="stack gap-sm" noValidate>
      {text('name', t('account.name'), 'text', 'name')}
      {text('email', t('account.email'), 'email', 'email')}
      <Field label={t('account.phone')} error={errors.phone} required>
        {(id) => (
          <div className="phone-input">
            <span>+91</span>
            <input
              id={id}
              inputMode="numeric"
              maxLength={10}
              placeholder="9876543210"
              value={v.phone}
              onChange={(e) => setV((s) => ({ ...s, phone: e.target.value.replace(/\D/g, '') }))}
            />
          </div>
        )}
      </Field>
      {text('password', t('account.password'), 'password', 'new-password')}
      {text('confirmPassword', t('account.confirmPassword'), 'password', 'new-password')}
      <div className="field">
        <label className="check">
          <input type="checkbox" checked={v.privacy} onChange={set('privacy')} />
          <span>
            {fill(t, 'account.agreeTo', {
              policy: privacy ? (
                <a href={`/policy/${privacy.id}`} target="_blank" rel="noopener">
                  {privacy.title}
                </a>
              ) : (
                t('account.privacyPolicy')
              ),
            })}
          </span>
        </label>
        {errors.privacy ? <p className="field-error">{spec(errors.privacy)}</p> : null}
      </div>
      <Button type="submit" disabled={busy}>
        {t('account.switch.register')}
      </Button>
      <Switch go={go} to={['signin']} />
    </form>
  );
}

function Reset({ go }: { go(m: AuthMode): void }) {
  const { apiFetch } = useServices();
  const api = useMemo(() => accountApi(apiFetch), [apiFetch]);
  const [step, setStep] = useState<'who' | 'code' | 'password'>('who');
  const [userName, setUserName] = useState('');
  const [ids, setIds] = useState({ userId: '', verificationId: '' });
  const [token, setToken] = useState('');
  const [pw, setPw] = useState({ password: '', confirm: '' });
  const [errors, setErrors] = useState<Errors>({});
  const t = useT(messages);
  const apiError = useApiError();

  async function submit(e: FormEvent) {
    e.preventDefault();
    try {
      if (step === 'who') {
        if (!userName.trim()) return setErrors({ userName: MESSAGES.required });
        const r = await api.requestCode(userName.trim(), 3);
        setIds({ userId: r.data.userId ?? '', verificationId: r.data.verificationId });
        notify(r.message, { title: 'OTP', key: 'reset-password' });
        setErrors({});
        setStep('code');
      } else if (step === 'code') {
        if (!token.trim()) return setErrors({ token: MESSAGES.required });
        await api.validateCode(ids.userId, ids.verificationId, token.trim());
        dismiss('reset-password');
        setErrors({});
        setStep('password');
      } else {
        const next: Errors = {};
        if (!PASSWORD_RULE.test(pw.password)) next.password = pw.password ? MESSAGES.passwordRule : MESSAGES.required;
        if (pw.confirm !== pw.password) next.confirm = pw.confirm ? MESSAGES.passwordsDontMatch : MESSAGES.required;
        setErrors(next);
        if (Object.keys(next).length) return;
        await api.resetPassword(ids.userId, ids.verificationId, pw.password);
        notify(MESSAGES.updatedSuccess, { key: 'reset-password' });
        go('signin');
      }
    } catch (err) {
      notify(apiError(err), { title: step === 'code' ? 'OTP' : undefined, tone: 'error', key: 'reset-password' });
    }
  }

  return (
    <form onSubmit={submit} className="stack gap-sm" noValidate>
      {step === 'who' ? (
        <Field label={t('account.userName')} error={errors.userName} required>
          {(id) => (
            <input id={id} autoComplete="username" value={userName} onChange={(e) => setUserName(e.target.value)} />
          )}
        </Field>
      ) : null}
      {step === 'code' ? (
        <Field label="OTP" error={errors.token} required>
          {(id) => (
            <input
              id={id}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={token}
              onChange={(e) => setToken(e.target.value)}
            />
          )}
        </Field>
      ) : null}
      {step === 'password' ? (
        <>
          <Field label={t('account.newPassword')} error={errors.password} required>
            {(id) => (
              <input
                id={id}
                type="password"
                autoComplete="new-password"
                value={pw.password}
                onChange={(e) => setPw((p) => ({ ...p, password: e.target.value }))}
              />
            )}
          </Field>
          <Field label={t('account.confirmPassword')} error={errors.confirm} required>
            {(id) => (
              <input
                id={id}
                type="password"
                autoComplete="new-password"
                value={pw.confirm}
                onChange={(e) => setPw((p) => ({ ...p, confirm: e.target.value }))}
              />
            )}
          </Field>
        </>
      ) : null}
      <Button type="submit">{t('account.submit')}</Button>
      <Switch go={go} to={['signin']} />
    </form>
  );
}

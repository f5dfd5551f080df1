import { MESSAGES } from '@chaupal/contract/messages';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { useT } from '../../app/i18n';
import { useServices } from '../../app/services';
import { isVerified, type Session, saveSession } from '../../app/session';
import { signedInApi } from '../../app/signed-in';
import { dismiss, notify } from '../../components/toasts';
import { Button, Dialog, Field, Spinner } from '../../components/ui/ui';
import { messages } from '../../locales/en/account.json?lingui';
import { YourData } from './your-data';

type Errors = Record<string, string | undefined>;
/** SPEC §5: the profile phone is +## ########## (spaces are removed before sending). */
const PROFILE_PHONE = /^\+\d{2}\d{10}$/;

/**
 * SPEC §2/§4 Edit Profile: name, e-mail, phone, optional new password; a changed channel is verified again. Below
 * it, the person's own data: download it, delete the account (decision 017).
 */
export default function ProfileDialog({
  session,
  open,
  onClose,
}: {
  session: Session;
  open: boolean;
  onClose(): void;
}) {
  const { apiFetch } = useServices();
  const navigate = useNavigate();
  const api = useMemo(() => signedInApi(apiFetch, session, navigate), [apiFetch, session, navigate]);
  const [v, setV] = useState<{
    name: string;
    email: string;
    phone: string;
    password: string;
    confirmPassword: string;
  } | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const t = useT(messages);

  useEffect(() => {
    if (!open) return;
    api
      .profile()
      .then((u) =>
        setV({
          name: u.name,
          email: u.email,
          phone: u.phone.replace(/^(\+\d{2})/, '$1 '),
          password: '',
          confirmPassword: '',
        }),
      )
      .catch(() => onClose());
  }, [open, api, onClose]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!v) return;
    const phone = v.phone.replace(/\s/g, '');
    const next: Errors = {};
    if (!v.name.trim()) next.name = MESSAGES.required;
    if (!v.email.trim()) next.email = MESSAGES.required;
    if (!phone) next.phone = MESSAGES.required;
    else if (!PROFILE_PHONE.test(phone)) next.phone = MESSAGES.phoneNotValid('+91 9876543210');
    if (v.password && v.password !== v.confirmPassword) next.confirmPassword = MESSAGES.passwordsDontMatch;
    setErrors(next);
    if (Object.keys(next).length) return;
    setBusy(true);
    try {
      const r = await api.updateProfile({
        name: v.name,
        email: v.email,
        phone,
        ...(v.password ? { password: v.password, confirmPassword: v.confirmPassword } : {}),
      });
      const user = r.data;
      if (isVerified(user)) {
        saveSession(r.token ?? session.token, user);
        notify(MESSAGES.updatedSuccess, { key: 'profile-save' });
        onClose();
      } else {
        dismiss('profile-save');
        // SPEC §4: a changed channel must be verified before the profile counts as signed in.
        saveSession(r.token ?? session.token, user);
        onClose();
        const q = new URLSearchParams({ userId: user.id });
        if (!user.emailVerified) q.set('email', 'true');
        if (!user.phoneVerified) q.set('phone', 'true');
        navigate(`/user-verification?${q}`);
      }
    } catch (err) {
      if (err instanceof ApiError) {
        setErrors(Object.fromEntries((err.body.details ?? []).map((d) => [d.parameter, d.errors[0]])));
        notify(err.body.error, { tone: 'error', key: 'profile-save' });
      }
    } finally {
      setBusy(false);
    }
  }

  const input = (k: 'name' | 'email' | 'phone' | 'password' | 'confirmPassword', label: string, type = 'text') => (
    <Field label={label} error={errors[k]} required={k !== 'password' && k !== 'confirmPassword'}>
      {(id) => (
        <input
          id={id}
          type={type}
          value={v?.[k] ?? ''}
          onChange={(e) => setV((s) => (s ? { ...s, [k]: e.target.value } : s))}
          aria-invalid={Boolean(errors[k])}
        />
      )}
    </Field>
  );
  return (
    <Dialog open={open} onClose={onClose} title={t('account.editProfile')}>
      {v ? (
        <div className="stack gap-md">
          <form onSubmit={submit} className="stack gap-sm" noValidate>
            {input('name', t('account.name'))}
            {input('email', t('account.email'), 'email')}
            {input('phone', t('account.phone'), 'tel')}
            {input('password', t('account.password'), 'password')}
            {input('confirmPassword', t('account.confirmPassword'), 'password')}
            <Button type="submit" disabled={busy}>
              {t('account.update')}
            </Button>
          </form>
          <YourData api={api} onClose={onClose} />
        </div>
      ) : (
        <Spinner />
      )}
    </Dialog>
  );
}

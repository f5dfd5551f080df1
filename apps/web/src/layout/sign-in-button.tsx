import type { TContentKind } from '@chaupal/contract';
import { CONTENT_KINDS } from '@chaupal/contract/content-kinds';
import { SHELL_MESSAGES } from '@chaupal/contract/shell-messages';
import { lazy, Suspense, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useSearchParams } from 'react-router';
import { useT, withCatalogs } from '../app/i18n';
import { clearSession, useSession } from '../app/session';
import { notify } from '../components/toasts';
import { Link } from '../components/ui/link';
import { Button } from '../components/ui/ui';
import { messages } from '../locales/en/shell.json?lingui';

/** Loaded on the first click: visitors who never sign in never download the account forms. */
const AuthDialog = lazy(() => withCatalogs(() => import('../features/account/auth-dialog')));
const ProfileDialog = lazy(() => withCatalogs(() => import('../features/account/profile-dialog')));

/** SPEC §2 avatar menu, in its order; News and Outlets are offered on every screen size (docs/decisions/005). */
const DASHBOARD_LINKS = (['expert', 'feature', 'news', 'outlet'] as const satisfies TContentKind[]).map((k) => [
  CONTENT_KINDS[k].dashboardPath,
  `menu.${k}`,
]);

/** SPEC §2: "Sign in" opens the Signin/Register/Reset dialog; a signed-in user gets an avatar menu instead. */
export function SignInButton({ full }: { full?: boolean }) {
  const session = useSession();
  const t = useT(messages);
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const [menu, setMenu] = useState(false);
  const [searchParams, setSearchParams] = useSearchParams();
  // SPEC §2: /?openProfile=true opens the edit-profile dialog on load.
  const [profile, setProfile] = useState(false);
  useEffect(() => {
    if (session && searchParams.get('openProfile') === 'true') {
      setProfile(true);
      setSearchParams(
        (p) => {
          p.delete('openProfile');
          return p;
        },
        { replace: true },
      );
    }
  }, [session, searchParams, setSearchParams]);

  if (session) {
    const logout = () => {
      clearSession();
      setMenu(false);
      notify(SHELL_MESSAGES.logoutSuccess);
    };
    return (
      <div className="menu">
        <button
          type="button"
          className="avatar"
          aria-haspopup="menu"
          aria-expanded={menu}
          aria-label={t('menu.accountOf', { name: session.user.name })}
          onClick={() => setMenu((m) => !m)}
        >
          {session.user.name.trim().charAt(0).toUpperCase() || '?'}
        </button>
        {menu ? (
          <div className="menu-list" role="menu">
            <span className="muted small" style={{ padding: '6px 10px' }}>
              {session.user.name}
            </span>
            <button
              type="button"
              role="menuitem"
              onClick={() => {
                setMenu(false);
                setProfile(true);
              }}
            >
              {t('menu.viewProfile')}
            </button>
            {session.user.role === 'admin' ? (
              <Link to="/admin" role="menuitem" onClick={() => setMenu(false)}>
                {t('menu.admin')}
              </Link>
            ) : null}
            {DASHBOARD_LINKS.map(([to, label]) => (
              <Link key={to} to={to} role="menuitem" onClick={() => setMenu(false)}>
                {t(label)}
              </Link>
            ))}
            <button type="button" role="menuitem" onClick={logout}>
              {t('menu.logout')}
            </button>
          </div>
        ) : null}
        {profile
          ? // At the body, so it shows even when the menu it was opened from is hidden (the desktop nav on a phone).
            createPortal(
              <Suspense fallback={null}>
                <ProfileDialog session={session} open={profile} onClose={() => setProfile(false)} />
              </Suspense>,
              document.body,
            )
          : null}
      </div>
    );
  }
  return (
    <>
      <Button
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        full={full}
      >
        {t('menu.signIn')}
      </Button>
      {used
        ? createPortal(
            <Suspense fallback={null}>
              <AuthDialog open={open} onClose={() => setOpen(false)} />
            </Suspense>,
            document.body,
          )
        : null}
    </>
  );
}

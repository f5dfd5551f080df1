import { SHELL_MESSAGES } from '@chaupal/contract/shell-messages';
import { lazy, type RefObject, Suspense, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useSearchParams } from 'react-router';
import { useT, withCatalogs } from '../app/i18n';
import { clearSession, useSession } from '../app/session';
import { notify } from '../components/toasts';
import { invokes, NativeDialog } from '../components/ui/native-dialog';
import { Button, Spinner } from '../components/ui/ui';
import { messages } from '../locales/en/shell.json?lingui';

/** Loaded on the first click: visitors who never sign in never download the account forms. */
const AuthDialog = lazy(() => withCatalogs(() => import('../features/account/auth-dialog')));
const ProfileDialog = lazy(() => withCatalogs(() => import('../features/account/profile-dialog')));

/** The avatar menu's items, loaded on its first opening: a visitor who never signs in never downloads them. */
const AccountMenuList = lazy(() => import('./account-menu-list'));

/** SPEC §2: "Sign in" opens the Signin/Register/Reset dialog; a signed-in user gets an avatar menu instead. */
export function SignInButton({ full }: { full?: boolean }) {
  const session = useSession();
  const t = useT(messages);
  const [menu, setMenu] = useState(false);
  const [searchParams, setSearchParams] = useSearchParams();
  // SPEC §2: /?openProfile=true opens the edit-profile dialog on load.
  const [profile, setProfile] = useState(false);
  useEffect(() => {
    // The header's button alone: the drawer's is the same control a second time.
    if (!full && session && searchParams.get('openProfile') === 'true') {
      setProfile(true);
      setSearchParams(
        (p) => {
          p.delete('openProfile');
          return p;
        },
        { replace: true },
      );
    }
  }, [full, session, searchParams, setSearchParams]);

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
          <Suspense fallback={null}>
            <AccountMenuList
              session={session}
              close={() => setMenu(false)}
              openProfile={() => {
                setMenu(false);
                setProfile(true);
              }}
              logout={logout}
            />
          </Suspense>
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
  // Opens the sign-in dialog's frame by itself (AuthShell), before the app runs; the touch starts the app (`data-app`).
  return (
    <Button full={full} data-app="auth" {...invokes(AUTH, 'show-modal')}>
      {t('menu.signIn')}
    </Button>
  );
}

/** The sign-in dialog's id: the page's one frame that every "Sign in" opens. */
const AUTH = 'auth-dialog';

/**
 * The frame of the Signin/Register/Reset dialog, in every page's HTML, so "Sign in" opens it at once, before the app
 * runs: its title and a spinner. Once the app runs and the frame is open, the dialog itself (a chunk loaded then)
 * opens in its place. Rendered once, by the header, for the header's and the drawer's buttons.
 */
export function AuthShell() {
  const t = useT(messages);
  const shell = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const d = shell.current;
    if (!d) return;
    const opened = () => {
      if (d.open) setOpen(true);
    };
    // Opened before the app ran, or now.
    opened();
    d.addEventListener('toggle', opened);
    return () => d.removeEventListener('toggle', opened);
  }, []);
  return (
    <>
      <NativeDialog id={AUTH} title={t('menu.signIn')} dialogRef={shell}>
        <Spinner />
      </NativeDialog>
      {open
        ? createPortal(
            <Suspense fallback={null}>
              <AuthDialog open onClose={() => setOpen(false)} />
              <CloseFrame frame={shell} />
            </Suspense>,
            document.body,
          )
        : null}
    </>
  );
}

/** Closes the frame once the dialog it stood for has opened above it (effects run in order: the dialog's first). */
function CloseFrame({ frame }: { frame: RefObject<HTMLDialogElement | null> }) {
  useEffect(() => {
    if (frame.current?.open) frame.current.close();
  }, [frame]);
  return null;
}

import { useT } from '../../../app/i18n';
import type { Session } from '../../../app/session';
import { Link } from '../../../components/ui/link';
import { invokes } from '../../../components/ui/native-dialog';
import { Button } from '../../../components/ui/ui';
import { messages } from '../../../locales/en/reviewform.json?lingui';
import type { TMyReviewState } from './reviews-api';

/** The header's sign-in dialog (layout/sign-in-button.tsx), on every page: "Sign in" here opens it in place. */
export const SIGN_IN = 'auth-dialog';

/** The sign-in dialog, for a Submit by somebody signed out. */
export function openSignIn() {
  const d = document.getElementById(SIGN_IN);
  if (d instanceof HTMLDialogElement && !d.open) d.showModal();
}

/** Under the form of somebody signed out: sign in, and come back to what they wrote. */
export function SignInToReview() {
  const t = useT(messages);
  return (
    <div className="notice row gap-sm between">
      <p>{t('reviewform.signIn')}</p>
      <Button size="xs" {...invokes(SIGN_IN, 'show-modal')}>
        {t('reviewform.signInButton')}
      </Button>
    </div>
  );
}

/** Why the person may not review the listing, in place of the form: it is theirs, or their phone is not verified. */
export function CannotReview({ cannot, session }: { cannot: NonNullable<TMyReviewState['cannot']>; session: Session }) {
  const t = useT(messages);
  if (cannot === 'owner') return <p className="notice">{t('reviewform.owner')}</p>;
  return (
    <div className="notice stack gap-xs">
      <p>{t('reviewform.verifyPhone')}</p>
      <Link to={`/user-verification?userId=${encodeURIComponent(session.user.id)}&phone=true`}>
        {t('reviewform.verifyLink')}
      </Link>
    </div>
  );
}

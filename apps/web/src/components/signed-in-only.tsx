import { SHELL_MESSAGES } from '@chaupal/contract/shell-messages';
import { type ReactNode, useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { useSpecText } from '../app/i18n';
import { type Session, useSession } from '../app/session';
import { Container } from './ui/ui';

/**
 * SPEC §2: signed-in-only screens show only "Loading" while the user state is read (on the server and until
 * hydration), then their content, or go home when nobody is signed in.
 */
export function SignedInOnly({ children }: { children: (session: Session) => ReactNode }) {
  const session = useSession();
  const spec = useSpecText();
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  if (!ready) {
    return (
      <Container className="page" role="status">
        {spec(SHELL_MESSAGES.loading)}
      </Container>
    );
  }
  if (!session) return <Navigate to="/" replace />;
  return <>{children(session)}</>;
}

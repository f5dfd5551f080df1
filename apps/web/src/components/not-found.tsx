import { SHELL_MESSAGES } from '@chaupal/contract/shell-messages';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Seo } from './seo';
import { ButtonLink, Container } from './ui/ui';

/** SPEC §2 not-found screen; the server answers it with HTTP 404 and noindex (DESIGN §8). */
export function NotFound() {
  return (
    <Container size="sm" className="page center">
      <Seo title={SHELL_MESSAGES.notFoundTitle} noindex />
      <h1>{SHELL_MESSAGES.notFoundTitle}</h1>
      <p className="muted">{SHELL_MESSAGES.notFoundText}</p>
      <ButtonLink to="/">{SHELL_MESSAGES.notFoundButton}</ButtonLink>
    </Container>
  );
}

/** A route that failed: the not-found screen for a 404, a short apology otherwise. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <Container size="sm" className="page center">
      <Seo title="Something went wrong" noindex />
      <h1>Something went wrong</h1>
      <p className="muted">Please try again in a moment.</p>
      <ButtonLink to="/">{SHELL_MESSAGES.notFoundButton}</ButtonLink>
    </Container>
  );
}

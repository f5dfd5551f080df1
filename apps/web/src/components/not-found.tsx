import { MESSAGES } from '@chaupal/contract/messages';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Seo } from './seo';
import { ButtonLink, Container } from './ui/ui';

/** SPEC §2 not-found screen; the server answers it with HTTP 404 and noindex (DESIGN §8). */
export function NotFound() {
  return (
    <Container size="sm" className="page center">
      <Seo title={MESSAGES.notFoundTitle} noindex />
      <h1>{MESSAGES.notFoundTitle}</h1>
      <p className="muted">{MESSAGES.notFoundText}</p>
      <ButtonLink to="/">{MESSAGES.notFoundButton}</ButtonLink>
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
      <ButtonLink to="/">{MESSAGES.notFoundButton}</ButtonLink>
    </Container>
  );
}

import { SHELL_MESSAGES } from '@chaupal/contract/shell-messages';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useSpecText, useT } from '../app/i18n';
import { messages } from '../locales/en/shell.json?lingui';
import { Seo } from './seo';
import { ButtonLink, Container } from './ui/ui';

/** SPEC §2 not-found screen; the server answers it with HTTP 404 and noindex (DESIGN §8). */
export function NotFound() {
  const spec = useSpecText();
  return (
    <Container size="sm" className="page center">
      <Seo title={spec(SHELL_MESSAGES.notFoundTitle)} noindex />
      <h1>{spec(SHELL_MESSAGES.notFoundTitle)}</h1>
      <p className="muted">{spec(SHELL_MESSAGES.notFoundText)}</p>
      <ButtonLink to="/">{spec(SHELL_MESSAGES.notFoundButton)}</ButtonLink>
    </Container>
  );
}

/** A route that failed: the not-found screen for a 404, a short apology otherwise. */
export function RouteError() {
  const error = useRouteError();
  const spec = useSpecText();
  const t = useT(messages);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <Container size="sm" className="page center">
      <Seo title={t('error.title')} noindex />
      <h1>{t('error.title')}</h1>
      <p className="muted">{t('error.text')}</p>
      <ButtonLink to="/">{spec(SHELL_MESSAGES.notFoundButton)}</ButtonLink>
    </Container>
  );
}

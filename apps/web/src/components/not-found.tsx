import { MESSAGES } from '@chaupal/contract';
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Seo } from './seo';

/** SPEC §2 not-found screen; the server answers it with HTTP 404 and noindex (DESIGN §8). */
export function NotFound() {
  return (
    <Container size="sm" py={80}>
      <Seo title={MESSAGES.notFoundTitle} noindex />
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>{MESSAGES.notFoundTitle}</Title>
        <Text c="dimmed">{MESSAGES.notFoundText}</Text>
        <Button component={Link} to="/">
          {MESSAGES.notFoundButton}
        </Button>
      </Stack>
    </Container>
  );
}

/** A route that failed: the not-found screen for a 404, a short apology otherwise. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <Container size="sm" py={80}>
      <Seo title="Something went wrong" noindex />
      <Stack align="center" ta="center">
        <Title order={1}>Something went wrong</Title>
        <Text c="dimmed">Please try again in a moment.</Text>
        <Button component={Link} to="/">
          {MESSAGES.notFoundButton}
        </Button>
      </Stack>
    </Container>
  );
}

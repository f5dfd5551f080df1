import { Anchor, Box, Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useHome } from '../../api/use-home';
import { useServices } from '../../app/services';
import { telHref, whatsappHref } from '../contact-links';

/** Loads the map only on request: no third-party request before a click (DESIGN §8). */
function MapFacade({ address }: { address: string }) {
  const [shown, setShown] = useState(false);
  if (!address) return null;
  const src = `https://www.google.com/maps?q=${encodeURIComponent(address)}&output=embed`;
  return shown ? (
    <iframe title="Map" src={src} className="map-frame" loading="lazy" referrerPolicy="no-referrer" />
  ) : (
    <button type="button" className="map-facade" onClick={() => setShown(true)}>
      Show the map of {address}
    </button>
  );
}

export function Footer() {
  const home = useHome();
  const { queries } = useServices();
  const { data: policies = [] } = useQuery(queries.policies());
  const c = home.contactUs;
  const socials = [
    ['Facebook', c.fblink],
    ['Instagram', c.instagram],
    ['X', c.twitter],
    ['LinkedIn', c.linkedin],
    ['YouTube', c.youtube],
  ].filter(([, href]) => href);
  const whatsapp = whatsappHref(c.whatsapp_link, c.whatsappMessage);
  return (
    <Box component="footer" className="site-footer">
      <Container size="xl" py="xl">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          <Stack gap="xs">
            <Title order={2} fz="h4">
              {home.siteName}
            </Title>
            {c.address ? <Text>{c.address}</Text> : null}
            <Group gap="sm">
              {c.help_Num ? (
                <Button component="a" href={telHref(c.help_Num)} variant="white">
                  Call Us
                </Button>
              ) : null}
              {whatsapp ? (
                <Button component="a" href={whatsapp} target="_blank" rel="noopener noreferrer" color="green">
                  WhatsApp
                </Button>
              ) : null}
            </Group>
            {c.email ? (
              <Anchor href={`mailto:${c.email}`} c="white">
                {c.email}
              </Anchor>
            ) : null}
          </Stack>
          <Stack gap="xs" component="nav" aria-label="Policies and social links">
            {policies.map((p) => (
              <Anchor key={p.id} href={`/policy/${p.id}`} target="_blank" rel="noopener" c="white">
                {p.title}
              </Anchor>
            ))}
            <Group gap="md">
              {socials.map(([label, href]) => (
                <Anchor key={label} href={href} target="_blank" rel="noopener noreferrer" c="white">
                  {label}
                </Anchor>
              ))}
            </Group>
          </Stack>
          <MapFacade address={c.address} />
        </SimpleGrid>
        <Text fz="sm" mt="xl" c="gray.4">
          {[home.copyright, c.since && `Since ${c.since}`].filter(Boolean).join(' · ')}
          {c.developedby ? (
            <>
              {' · Developed by '}
              <Anchor href={c.developedby_url || undefined} c="gray.2" target="_blank" rel="noopener noreferrer">
                {c.developedby}
              </Anchor>
            </>
          ) : null}
          {c.managedby ? (
            <>
              {' · Managed by '}
              <Anchor href={c.managedby_url || undefined} c="gray.2" target="_blank" rel="noopener noreferrer">
                {c.managedby}
              </Anchor>
            </>
          ) : null}
        </Text>
      </Container>
    </Box>
  );
}

import { Anchor, Box, Burger, Container, Drawer, Group, Image, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from 'react-router';
import { useHome } from '../../api/use-home';
import { DRAWER_EXTRA, MAIN_MENU, type NavItem, sectionHref } from './nav';
import { SignInButton } from './sign-in-button';

function NavLink({ item, onClick }: { item: NavItem; onClick?: () => void }) {
  return (
    <Anchor
      component={Link}
      to={item.to ?? sectionHref(item.section ?? 'home')}
      c="dark.7"
      fw={500}
      underline="never"
      onClick={onClick}
    >
      {item.label}
    </Anchor>
  );
}

export function Header() {
  const home = useHome();
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <Box component="header" className="site-header">
      <Container size="xl" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Anchor component={Link} to="/" underline="never" c="dark.8" aria-label={`${home.siteName}, home`}>
            <Group gap="xs" wrap="nowrap">
              {home.logo.Logo ? <Image src={home.logo.Logo} alt="" w={36} h={36} fit="contain" /> : null}
              <Text fw={800} fz="lg">
                {home.siteName}
              </Text>
            </Group>
          </Anchor>
          <Group component="nav" aria-label="Main" gap="lg" visibleFrom="md">
            {MAIN_MENU.map((item) => (
              <NavLink key={item.label} item={item} />
            ))}
            <SignInButton />
          </Group>
          <Burger opened={opened} onClick={toggle} hiddenFrom="md" aria-label="Open the menu" />
        </Group>
      </Container>
      <Drawer opened={opened} onClose={close} title={home.siteName} hiddenFrom="md" size="80%">
        <Stack component="nav" aria-label="Main" gap="md">
          {[...MAIN_MENU.slice(0, 3), ...DRAWER_EXTRA, ...MAIN_MENU.slice(3)].map((item) => (
            <NavLink key={item.label} item={item} onClick={close} />
          ))}
          <SignInButton fullWidth />
        </Stack>
      </Drawer>
    </Box>
  );
}

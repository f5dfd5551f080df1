import { LIMITS, type THome } from '@chaupal/contract';
import { BackgroundImage, Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { useHome } from '../../api/use-home';
import { ItemCard } from '../../components/cards';
import { CardGrid } from '../../components/grid';
import { Seo } from '../../components/seo';
import { AlertModal } from './alert-modal';
import { ContactForm } from './contact-form';

type Section = 'services' | 'categories' | 'pages' | 'editions';
const SECTIONS: { key: Section; title: string; base: string; all: string; empty: string }[] = [
  { key: 'services', title: 'Services & Experts', base: '/service/', all: '/services', empty: 'No Service Found' },
  {
    key: 'categories',
    title: 'Products & Outlets',
    base: '/category/',
    all: '/categories',
    empty: 'No Category Found',
  },
  { key: 'pages', title: 'Pages & Features', base: '/page/', all: '/pages', empty: 'No Feature Found' },
  { key: 'editions', title: 'Editions & News', base: '/edition/', all: '/editions', empty: 'No Editions Found' },
];

/** Scrolls to the section named by the hash or the navigation state (SPEC §2 menus), or by the route. */
function useSectionScroll(section?: string) {
  const location = useLocation();
  const target =
    section ?? (location.hash ? location.hash.slice(1) : (location.state as { section?: string } | null)?.section);
  useEffect(() => {
    if (!target) return;
    document.getElementById(target)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [target]);
}

function TaxonSection({ home, s }: { home: THome; s: (typeof SECTIONS)[number] }) {
  const items = home[s.key];
  return (
    <Box component="section" id={s.key} className="home-section" aria-labelledby={`${s.key}-title`}>
      <Container size="xl">
        <Group justify="space-between" mb="md">
          <Title order={2} id={`${s.key}-title`}>
            {s.title}
          </Title>
          {items.length > LIMITS.homeSectionPreview ? (
            <Button component={Link} to={s.all} variant="light">
              View All
            </Button>
          ) : null}
        </Group>
        <CardGrid empty={s.empty}>
          {items.slice(0, LIMITS.homeSectionPreview).map((i) => (
            <ItemCard
              key={i.id}
              to={`${s.base}${i.slug}`}
              title={i.title}
              image={i.image}
              description={i.description}
            />
          ))}
        </CardGrid>
      </Container>
    </Box>
  );
}

/** The home page with its scroll sections (SPEC §2): /about and /contact open it at those sections. */
export function HomePage({ section }: { section?: 'about' | 'contact' }) {
  const home = useHome();
  useSectionScroll(section);
  const banner = home.banner[0];
  return (
    <>
      <Seo
        title={section === 'about' ? home.about.title : section === 'contact' ? 'Contact' : undefined}
        structured={[
          { '@context': 'https://schema.org', '@type': 'WebSite', name: home.siteName, url: '/' },
          {
            '@context': 'https://schema.org',
            '@type': 'Organization',
            name: home.siteName,
            email: home.contactUs.email || undefined,
            telephone: home.contactUs.help_Num || undefined,
          },
        ]}
      />
      <AlertModal alert={home.alert} />
      <Box id="home" component="section" aria-label="Welcome">
        <BackgroundImage src={banner?.image ?? ''} className="banner">
          <Container size="xl" h="100%">
            <Stack justify="center" h="100%" gap="sm" className="banner-text">
              <Title order={1}>{banner?.title || home.siteName}</Title>
              <Text fz="lg">{banner?.subtitle || home.keywords.page_Description}</Text>
              {banner?.link ? (
                <Button component="a" href={banner.link} w="fit-content">
                  Explore
                </Button>
              ) : null}
            </Stack>
          </Container>
        </BackgroundImage>
      </Box>
      {SECTIONS.map((s) => (
        <TaxonSection key={s.key} home={home} s={s} />
      ))}
      <Box component="section" id="about" className="home-section alt" aria-labelledby="about-title">
        <Container size="lg">
          <Title order={2} id="about-title" mb="md">
            {home.about.title}
          </Title>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: site content written by admins, sanitized on write */}
          <div className="rich-text" dangerouslySetInnerHTML={{ __html: home.about.content }} />
        </Container>
      </Box>
      <Box component="section" id="contact" className="home-section" aria-labelledby="contact-title">
        <Container size="sm">
          <Title order={2} id="contact-title" mb="md">
            Contact
          </Title>
          {home.contactUs.message ? <Text mb="md">{home.contactUs.message}</Text> : null}
          <ContactForm />
        </Container>
      </Box>
    </>
  );
}

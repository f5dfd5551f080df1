import type { THome } from '@chaupal/contract';
import { imageSource } from '@chaupal/contract/images';
import { LIMITS } from '@chaupal/contract/limits';
import { SHELL_MESSAGES } from '@chaupal/contract/shell-messages';
import { useSuspenseQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useSpecText, useT } from '../../app/i18n';
import { useServices } from '../../app/services';
import { ItemCard } from '../../components/cards';
import { CardGrid } from '../../components/grid';
import { ResponsiveImage } from '../../components/image';
import { Seo } from '../../components/seo';
import { ButtonLink, Container } from '../../components/ui/ui';
import { messages } from '../../locales/en/home.json?lingui';
import { AlertModal } from './alert-modal';
import { ContactForm } from './contact-form';

/** Home content (sections, alert, about): loaded by the home page's routes, kept 20 s (SPEC §7). */
function useHome() {
  const { queries } = useServices();
  return useSuspenseQuery(queries.home()).data;
}

type Section = 'services' | 'categories' | 'pages' | 'editions';
/** The taxonomy's sections; `empty` is SPEC's text, shown through `useSpecText`. */
const SECTIONS: { key: Section; base: string; all: string; empty: string }[] = [
  { key: 'services', base: '/service/', all: '/services', empty: SHELL_MESSAGES.noServiceFound },
  { key: 'categories', base: '/category/', all: '/categories', empty: SHELL_MESSAGES.noCategoryFound },
  { key: 'pages', base: '/page/', all: '/pages', empty: SHELL_MESSAGES.noFeatureFound },
  { key: 'editions', base: '/edition/', all: '/editions', empty: SHELL_MESSAGES.noEditionsFound },
];

/**
 * The width the banner picture is drawn at: it covers the banner (`.banner`: full width, clamp(260px, 45vh, 460px)
 * high), so on a phone, taller than wide, it is drawn wider than the screen and cropped. There a phone would ask
 * for the full-size original (a 1600 px JPEG for a 1.75× screen) to show its middle 40 % under the heading: up to
 * 600 px wide the slot is said to be 720 px at most, so a phone takes the 1280 px WebP (a third of the bytes, 1.3
 * image pixels per CSS pixel) and its first paint is not held up by the largest file of the page.
 */
function bannerSizes(src: string): string {
  const size = imageSource(src);
  const ratio = size ? size.width / size.height : 8 / 3;
  const drawn = `max(100vw, calc(clamp(260px, 45vh, 460px) * ${ratio.toFixed(3)}))`;
  return `(max-width: 600px) min(720px, ${drawn}), ${drawn}`;
}

/** Scrolls to the section named by the hash or the navigation state (SPEC §2 menus), or by the route. */
function useSectionScroll(section?: string) {
  const location = useLocation();
  const target =
    section ?? (location.hash ? location.hash.slice(1) : (location.state as { section?: string } | null)?.section);
  // Every navigation has a key of its own: the same menu entry clicked again scrolls again.
  const navigation = location.key;
  // The page the server rendered at its section was scrolled there by the start script; once the visitor has moved,
  // the app starting later does not take them back.
  const arrived = useRef(navigation);
  useEffect(() => {
    if (!target || !navigation) return;
    if (navigation === arrived.current && section && window.scrollY > 0) return;
    document.getElementById(target)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [target, navigation, section]);
}

/** Its cards' images are lazy: on a phone every section is below the banner, the page's largest paint. */
function TaxonSection({ home, s }: { home: THome; s: (typeof SECTIONS)[number] }) {
  const t = useT(messages);
  const specText = useSpecText();
  const items = home[s.key];
  return (
    <section id={s.key} className="home-section" aria-labelledby={`${s.key}-title`}>
      <Container>
        <div className="row between section-head">
          <h2 id={`${s.key}-title`}>{t(`home.${s.key}`)}</h2>
          {items.length > LIMITS.homeSectionPreview ? (
            <ButtonLink to={s.all} variant="light">
              {t('home.viewAll')}
            </ButtonLink>
          ) : null}
        </div>
        <CardGrid empty={specText(s.empty)}>
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
    </section>
  );
}

/** The home page with its scroll sections (SPEC §2): /about and /contact open it at those sections. */
export function HomePage({ section, sections }: { section?: 'about' | 'contact'; sections?: ReactNode[] }) {
  const home = useHome();
  const t = useT(messages);
  const { publicUrl } = useServices();
  useSectionScroll(section);
  const banner = home.banner[0];
  return (
    <>
      <Seo
        title={section === 'about' ? home.about.title : section === 'contact' ? t('home.contact') : undefined}
        structured={[
          {
            '@context': 'https://schema.org',
            '@type': 'WebSite',
            name: home.siteName,
            url: `${publicUrl}/`,
            // The site's search, offered by search engines under the site's result.
            potentialAction: {
              '@type': 'SearchAction',
              target: `${publicUrl}/search?q={search_term_string}`,
              'query-input': 'required name=search_term_string',
            },
          },
          {
            '@context': 'https://schema.org',
            '@type': 'Organization',
            name: home.siteName,
            email: home.contactUs.email || undefined,
            telephone: home.contactUs.help_Num || undefined,
          },
        ]}
      />
      <AlertModal alert={home.alert} opens={!section} />
      <section id="home" className="banner" aria-label={t('home.welcome')}>
        {banner?.image ? (
          // The page's largest paint: fetched first, from a preload in the head.
          <ResponsiveImage
            src={banner.image}
            alt=""
            sizes={bannerSizes(banner.image)}
            box={{ width: 1600, height: 600 }}
            load="high"
            className="banner-image"
          />
        ) : null}
        <Container className="banner-text">
          <h1>{banner?.title || home.siteName}</h1>
          <p>{banner?.subtitle || home.keywords.page_Description}</p>
          {banner?.link ? <ButtonLink href={banner.link}>{t('home.explore')}</ButtonLink> : null}
        </Container>
      </section>
      {SECTIONS.map((s) => (
        <TaxonSection key={s.key} home={home} s={s} />
      ))}
      {/* The sections of kinds that have one (an "Upcoming events" row), after the taxonomies'. */}
      {sections}
      <section id="about" className="home-section alt" aria-labelledby="about-title">
        <Container size="lg" className="about">
          {home.about.image ? (
            <ResponsiveImage
              src={home.about.image}
              alt=""
              sizes="(min-width: 1080px) 420px, (min-width: 768px) 40vw, calc(100vw - 32px)"
              className="about-image"
            />
          ) : null}
          <div>
            <h2 id="about-title">{home.about.title}</h2>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: site content written by admins, sanitized on write */}
            <div className="rich-text" dangerouslySetInnerHTML={{ __html: home.about.content }} />
          </div>
        </Container>
      </section>
      <section id="contact" className="home-section" aria-labelledby="contact-title">
        <Container size="sm">
          <h2 id="contact-title">{t('home.contact')}</h2>
          {home.contactUs.message ? <p>{home.contactUs.message}</p> : null}
          <ContactForm />
        </Container>
      </section>
    </>
  );
}

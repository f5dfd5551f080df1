import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { SiteProvider, useSiteQuery } from '../api/use-site';
import { useT } from '../app/i18n';
import { Toasts } from '../components/toasts';
import { LinkFollower } from '../components/ui/link';
import { messages } from '../locales/en/shell.json?lingui';
import { Footer } from './footer';
import { Header } from './header';

/**
 * Every public page: header, content, footer, and the preloader SPEC §2 asks for (a CSS bar, gone within 1.5 s). The
 * site's settings are read here once for every part that shows them (useSite), and the page's links are followed in
 * the app (LinkFollower).
 */
export function Layout({ children }: { children?: ReactNode }) {
  const t = useT(messages);
  return (
    <SiteProvider value={useSiteQuery()}>
      <LinkFollower>
        <div className="preloader" aria-hidden="true" />
        <a className="skip-link" href="#main">
          {t('layout.skip')}
        </a>
        <Header />
        <main id="main" className="site-main">
          {children ?? <Outlet />}
        </main>
        <Footer />
        <Toasts />
      </LinkFollower>
    </SiteProvider>
  );
}

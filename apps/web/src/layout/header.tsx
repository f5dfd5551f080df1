import { useState } from 'react';
import { useLocation } from 'react-router';
import { useSite } from '../api/use-site';
import { type TUiLang, useLang, useT } from '../app/i18n';
import { useSession } from '../app/session';
import { SearchBox } from '../components/search/search-box';
import { Link } from '../components/ui/link';
import { Dialog } from '../components/ui/ui';
import { messages } from '../locales/en/shell.json?lingui';
import { DRAWER_EXTRA, MAIN_MENU, type NavItem, sectionHref } from './nav';
import { SignInButton } from './sign-in-button';

function NavLink({ item, onClick }: { item: NavItem; onClick?: () => void }) {
  const t = useT(messages);
  return (
    <Link to={item.to ?? sectionHref(item.section ?? 'home')} className="nav-link" onClick={onClick}>
      {t(item.label)}
    </Link>
  );
}

/** Each language's name, in itself. */
const LANG_NAMES: Record<TUiLang, string> = { en: 'English', hi: 'हिन्दी' };

/**
 * The switch to the other interface language (decision 019): a plain link to this address with `?lang=`, so the
 * server renders the page in it and keeps the choice in a cookie for the pages that follow.
 */
function LanguageSwitch() {
  const lang = useLang();
  const t = useT(messages);
  const { pathname, search, hash } = useLocation();
  const other: TUiLang = lang === 'en' ? 'hi' : 'en';
  const params = new URLSearchParams(search);
  params.set('lang', other);
  return (
    <a
      href={`${pathname}?${params}${hash}`}
      hrefLang={other}
      lang={other}
      className="nav-link lang-switch"
      aria-label={t('header.switchLanguage', { language: LANG_NAMES[other] })}
    >
      {LANG_NAMES[other]}
    </a>
  );
}

export function Header() {
  const site = useSite();
  const t = useT(messages);
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  // The drawer is for getting somewhere: any navigation (a link, the avatar menu) or signing in or out closes it, so
  // it never covers the page or the toast that follows (issue 12).
  const { key } = useLocation();
  const signedIn = Boolean(useSession());
  const [seen, setSeen] = useState({ key, signedIn });
  if (seen.key !== key || seen.signedIn !== signedIn) {
    setSeen({ key, signedIn });
    setOpen(false);
  }
  return (
    <header className="site-header">
      <div className="container container-xl header-row">
        <Link to="/" className="brand" aria-label={t('header.brand', { site: site.siteName })}>
          {site.logo.Logo ? (
            // Small and never the largest paint: not preloaded ahead of the page’s main image.
            <img src={site.logo.Logo} alt="" width={36} height={36} fetchPriority="low" />
          ) : null}
          <span>{site.siteName}</span>
        </Link>
        <SearchBox name={t('header.search')} className="header-search" />
        <nav aria-label={t('header.main')} className="nav-desktop">
          {MAIN_MENU.map((item) => (
            <NavLink key={item.label} item={item} />
          ))}
          <LanguageSwitch />
          <SignInButton />
        </nav>
        <button
          type="button"
          className="burger"
          aria-label={t('header.openMenu')}
          aria-expanded={open}
          onClick={() => setOpen(true)}
        >
          <span />
          <span />
          <span />
        </button>
      </div>
      <Dialog open={open} onClose={close} title={site.siteName} className="drawer">
        <SearchBox name={t('header.search')} className="drawer-search" />
        <nav aria-label={t('header.main')} className="nav-drawer">
          {[...MAIN_MENU.slice(0, 3), ...DRAWER_EXTRA, ...MAIN_MENU.slice(3)].map((item) => (
            <NavLink key={item.label} item={item} onClick={close} />
          ))}
          <LanguageSwitch />
          <SignInButton full />
        </nav>
      </Dialog>
    </header>
  );
}

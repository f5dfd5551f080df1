import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useSite } from '../api/use-site';
import { useSession } from '../app/session';
import { SearchBox } from '../components/search/search-box';
import { Dialog } from '../components/ui/ui';
import { DRAWER_EXTRA, MAIN_MENU, type NavItem, sectionHref } from './nav';
import { SignInButton } from './sign-in-button';

function NavLink({ item, onClick }: { item: NavItem; onClick?: () => void }) {
  return (
    <Link to={item.to ?? sectionHref(item.section ?? 'home')} className="nav-link" onClick={onClick}>
      {item.label}
    </Link>
  );
}

export function Header() {
  const site = useSite();
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
        <Link to="/" className="brand" aria-label={`${site.siteName}, home`}>
          {site.logo.Logo ? (
            // Small and never the largest paint: not preloaded ahead of the page’s main image.
            <img src={site.logo.Logo} alt="" width={36} height={36} fetchPriority="low" />
          ) : null}
          <span>{site.siteName}</span>
        </Link>
        <SearchBox name="Site" className="header-search" />
        <nav aria-label="Main" className="nav-desktop">
          {MAIN_MENU.map((item) => (
            <NavLink key={item.label} item={item} />
          ))}
          <SignInButton />
        </nav>
        <button
          type="button"
          className="burger"
          aria-label="Open the menu"
          aria-expanded={open}
          onClick={() => setOpen(true)}
        >
          <span />
          <span />
          <span />
        </button>
      </div>
      <Dialog open={open} onClose={close} title={site.siteName} className="drawer">
        <SearchBox name="Site" className="drawer-search" />
        <nav aria-label="Main" className="nav-drawer">
          {[...MAIN_MENU.slice(0, 3), ...DRAWER_EXTRA, ...MAIN_MENU.slice(3)].map((item) => (
            <NavLink key={item.label} item={item} onClick={close} />
          ))}
          <SignInButton full />
        </nav>
      </Dialog>
    </header>
  );
}

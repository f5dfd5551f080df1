/** SPEC §2 menus. `section` entries scroll to a home section, from any route. */
export interface NavItem {
  /** The label's id in the shell catalogue. */
  label: string;
  section?: 'home' | 'services' | 'categories' | 'pages' | 'editions' | 'about' | 'contact';
  to?: string;
}

export const MAIN_MENU: NavItem[] = [
  { label: 'nav.home', section: 'home' },
  { label: 'nav.services', section: 'services' },
  { label: 'nav.pages', section: 'pages' },
  { label: 'nav.about', section: 'about' },
  { label: 'nav.contact', section: 'contact' },
];

/** The mobile drawer also lists these. */
export const DRAWER_EXTRA: NavItem[] = [
  { label: 'nav.categories', section: 'categories' },
  { label: 'nav.editions', section: 'editions' },
  { label: 'nav.events', to: '/events' },
];

/** Where a section entry leads: the home page with the section in the hash. */
export const sectionHref = (section: NonNullable<NavItem['section']>) => (section === 'home' ? '/' : `/#${section}`);

/** SPEC §2 menus. `section` entries scroll to a home section, from any route. */
export interface NavItem {
  label: string;
  section?: 'home' | 'services' | 'categories' | 'pages' | 'editions' | 'about' | 'contact';
  to?: string;
}

export const MAIN_MENU: NavItem[] = [
  { label: 'Home', section: 'home' },
  { label: 'Services & Experts', section: 'services' },
  { label: 'Pages & Features', section: 'pages' },
  { label: 'About', section: 'about' },
  { label: 'Contact', section: 'contact' },
];

/** The mobile drawer also lists these. */
export const DRAWER_EXTRA: NavItem[] = [
  { label: 'Products & Outlets', section: 'categories' },
  { label: 'Editions & News', section: 'editions' },
];

/** Where a section entry leads: the home page with the section in the hash. */
export const sectionHref = (section: NonNullable<NavItem['section']>) => (section === 'home' ? '/' : `/#${section}`);

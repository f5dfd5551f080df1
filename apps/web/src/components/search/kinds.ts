import type { TSearchKind } from '@chaupal/contract';

/**
 * How the site names each kind of search hit: one (`label`, on a hit) and many (`plural`, on a facet). Kept here
 * rather than read from the contract's SEARCH_KINDS, which would bring zod into the page (decision 004).
 */
export const SEARCH_KIND_NAMES: Record<TSearchKind, { label: string; plural: string }> = {
  service: { label: 'Service', plural: 'Services' },
  expert: { label: 'Expert', plural: 'Experts' },
  category: { label: 'Category', plural: 'Categories' },
  outlet: { label: 'Outlet', plural: 'Outlets' },
  edition: { label: 'Edition', plural: 'Editions' },
  news: { label: 'News', plural: 'News' },
  page: { label: 'Page', plural: 'Pages' },
  feature: { label: 'Feature', plural: 'Features' },
};

/** The facets' order (the contract's SEARCH_KINDS). */
export const SEARCH_KIND_ORDER = Object.keys(SEARCH_KIND_NAMES) as TSearchKind[];

import { MESSAGES } from '@chaupal/contract/messages';

/** The taxonomies content hangs off; what differs between the content kinds is in the contract's CONTENT_KINDS. */
export type TTaxonKind = 'services' | 'categories' | 'editions' | 'pages';

/** The index screens of the taxonomy (SPEC §2). */
export const TAXON_INDEX: Record<TTaxonKind, { title: string; search: string; empty: string }> = {
  services: {
    title: 'Services & Experts',
    search: 'Search Services',
    empty: MESSAGES.noServiceFound,
  },
  categories: {
    title: 'Products & Outlets',
    search: 'Search Categories',
    empty: MESSAGES.noCategoryFound,
  },
  editions: {
    title: 'Editions & News',
    search: 'Search Editions',
    empty: MESSAGES.noEditionsFound,
  },
  pages: {
    title: 'Pages & Features',
    search: 'Search For the Pages ..',
    empty: MESSAGES.noFeatureFound,
  },
};

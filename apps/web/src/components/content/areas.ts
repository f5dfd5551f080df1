import { MESSAGES } from '@chaupal/contract/messages';
import type { TContentArea } from '../../api/queries';

export type TTaxonKind = 'services' | 'categories' | 'editions' | 'pages';

/** What differs between the four directory and publishing areas (SPEC §2). */
export const AREAS: Record<
  TContentArea,
  {
    taxon: TTaxonKind;
    listBase: string;
    detailBase: string;
    search: string;
    empty: string;
    related: string;
    noRelated: string;
    /** Category, edition and page lists carry the circle in the path too (SPEC §2). */
    circleInPath: boolean;
  }
> = {
  experts: {
    taxon: 'services',
    listBase: '/service/',
    detailBase: '/experts/',
    search: 'Experts',
    empty: MESSAGES.noExpertsFound,
    related: 'Related Experts',
    noRelated: MESSAGES.noRelatedExperts,
    circleInPath: false,
  },
  outlets: {
    taxon: 'categories',
    listBase: '/category/',
    detailBase: '/outlets/',
    search: 'Search Outlets',
    empty: MESSAGES.noOutletsFound,
    related: 'Related Outlets',
    noRelated: MESSAGES.noRelatedOutlets,
    circleInPath: true,
  },
  news: {
    taxon: 'editions',
    listBase: '/edition/',
    detailBase: '/news/',
    search: 'Search News',
    empty: MESSAGES.noNewsFound,
    related: 'Related News',
    noRelated: MESSAGES.noRelatedNews,
    circleInPath: true,
  },
  features: {
    taxon: 'pages',
    listBase: '/page/',
    detailBase: '/article/',
    search: 'Search Features',
    empty: MESSAGES.noFeatureFound,
    related: 'Related Features',
    noRelated: MESSAGES.noRelatedFeatures,
    circleInPath: true,
  },
};

/** The index screens of the taxonomy (SPEC §2). */
export const TAXON_INDEX: Record<TTaxonKind, { title: string; itemBase: string; search: string; empty: string }> = {
  services: {
    title: 'Services & Experts',
    itemBase: '/service/',
    search: 'Search Services',
    empty: MESSAGES.noServiceFound,
  },
  categories: {
    title: 'Products & Outlets',
    itemBase: '/category/',
    search: 'Search Categories',
    empty: MESSAGES.noCategoryFound,
  },
  editions: {
    title: 'Editions & News',
    itemBase: '/edition/',
    search: 'Search Editions',
    empty: MESSAGES.noEditionsFound,
  },
  pages: {
    title: 'Pages & Features',
    itemBase: '/page/',
    search: 'Search For the Pages ..',
    empty: MESSAGES.noFeatureFound,
  },
};

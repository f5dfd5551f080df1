import { MESSAGES } from '@chaupal/contract/messages';
import type { TContentArea } from '../../api/queries';
import type { Crumb } from '../breadcrumbs';

export type TTaxonKind = 'services' | 'categories' | 'editions' | 'pages';

/**
 * The Sort choices of a list (issue 14), `sort=` values of the contract's ZListSort; the first is the list's own order
 * (A–Z for the directory, newest first for news and features), so it puts nothing in the URL.
 */
const DIRECTORY_SORTS = [
  { value: '', label: 'A–Z' },
  { value: 'newest', label: 'Newest' },
  { value: 'updated', label: 'Recently updated' },
] as const;
const PUBLISHING_SORTS = [
  { value: '', label: 'Newest' },
  { value: 'az', label: 'A–Z' },
] as const;

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
    sorts: readonly { value: string; label: string }[];
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
    sorts: DIRECTORY_SORTS,
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
    sorts: DIRECTORY_SORTS,
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
    sorts: PUBLISHING_SORTS,
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
    sorts: PUBLISHING_SORTS,
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

const HOME: Crumb = { name: 'Home', path: '/' };

/** The way to an index screen: Home › Services & Experts. */
export const indexTrail = (kind: TTaxonKind): Crumb[] => [HOME, { name: TAXON_INDEX[kind].title, path: `/${kind}` }];

/** The way to a list: Home › Services & Experts › Doctors. */
export const listTrail = (area: TContentArea, taxon: { title: string; slug: string }): Crumb[] => [
  ...indexTrail(AREAS[area].taxon),
  { name: taxon.title, path: `${AREAS[area].listBase}${taxon.slug}` },
];

/** The way to a record: Home › Services & Experts › Doctors › Dr. Mehta (its first parent, when it has one). */
export const detailTrail = (
  area: TContentArea,
  parent: { title: string; slug: string } | null | undefined,
  item: { title: string; slug: string },
): Crumb[] => [
  ...(parent ? listTrail(area, parent) : indexTrail(AREAS[area].taxon)),
  { name: item.title, path: `${AREAS[area].detailBase}${item.slug}` },
];

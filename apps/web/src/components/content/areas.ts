import { CONTENT_KINDS, type TContentKind } from '@chaupal/contract/content-kinds';
import { SHELL_MESSAGES } from '@chaupal/contract/shell-messages';
import type { Crumb } from '../breadcrumbs';

/** The taxonomies content hangs off; what differs between the content kinds is in the contract's CONTENT_KINDS. */
export type TTaxonKind = 'services' | 'categories' | 'editions' | 'pages';

/**
 * The Sort choices of a list (issue 14), `sort=` values of the contract's ZListSort; the first is the list's own order
 * (A–Z for the directory, newest first for news and features), so it puts nothing in the URL.
 */
const SORTS = {
  directory: [
    { value: '', label: 'A–Z' },
    { value: 'newest', label: 'Newest' },
    { value: 'updated', label: 'Recently updated' },
    // Issue 15: asks the browser for the visitor's place (features/directory/list-page.tsx).
    { value: 'near', label: 'Near me' },
  ],
  publishing: [
    { value: '', label: 'Newest' },
    { value: 'az', label: 'A–Z' },
  ],
} as const;

/** The Sort choices of a kind's list. */
export const sortsOf = (kind: TContentKind) => SORTS[CONTENT_KINDS[kind].family];

/** The index screens of the taxonomy (SPEC §2). */
export const TAXON_INDEX: Record<TTaxonKind, { title: string; search: string; empty: string }> = {
  services: {
    title: 'Services & Experts',
    search: 'Search Services',
    empty: SHELL_MESSAGES.noServiceFound,
  },
  categories: {
    title: 'Products & Outlets',
    search: 'Search Categories',
    empty: SHELL_MESSAGES.noCategoryFound,
  },
  editions: {
    title: 'Editions & News',
    search: 'Search Editions',
    empty: SHELL_MESSAGES.noEditionsFound,
  },
  pages: {
    title: 'Pages & Features',
    search: 'Search For the Pages ..',
    empty: SHELL_MESSAGES.noFeatureFound,
  },
};

const HOME: Crumb = { name: 'Home', path: '/' };

/** The way to an index screen: Home › Services & Experts. */
export const indexTrail = (kind: TTaxonKind): Crumb[] => [HOME, { name: TAXON_INDEX[kind].title, path: `/${kind}` }];

/** The way to a list: Home › Services & Experts › Doctors. */
export const listTrail = (kind: TContentKind, taxon: { title: string; slug: string }): Crumb[] => {
  const { parent } = CONTENT_KINDS[kind];
  return [...indexTrail(parent.taxon), { name: taxon.title, path: `${parent.listPath}${taxon.slug}` }];
};

/** The way to a record: Home › Services & Experts › Doctors › Dr. Mehta (its first parent, when it has one). */
export const detailTrail = (
  kind: TContentKind,
  parent: { title: string; slug: string } | null | undefined,
  item: { title: string; slug: string },
): Crumb[] => [
  ...(parent ? listTrail(kind, parent) : indexTrail(CONTENT_KINDS[kind].parent.taxon)),
  { name: item.title, path: `${CONTENT_KINDS[kind].detailPath}${item.slug}` },
];

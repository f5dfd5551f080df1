import { CONTENT_KINDS, TAXONOMIES, type TContentKind, type TTaxonKind } from '@chaupal/contract/content-kinds';
import { type Translate, useT } from '../../app/i18n';
import { messages } from '../../locales/en/content.json?lingui';
import type { Crumb } from '../breadcrumbs';

/** The taxonomies content hangs off (the contract's TAXONOMIES); what differs between the kinds is in CONTENT_KINDS. */
export type { TTaxonKind };

/**
 * The texts of the content area (the index screens, the Sort choices, the breadcrumbs) in the page's language: the
 * `t` the functions below take, so the area's catalogue is loaded before they run.
 */
export const useContentT = (): Translate => useT(messages);

/**
 * The Sort choices of a list, `sort=` values of the contract's ZListSort; the first is the list's own order
 * (A–Z for the directory, newest first for news and features), so it puts nothing in the URL.
 */
const SORTS = {
  directory: [
    { value: '', text: 'content.sort.az' },
    { value: 'newest', text: 'content.sort.newest' },
    { value: 'updated', text: 'content.sort.updated' },
    // Best rated first (the reviews' average).
    { value: 'rating', text: 'content.sort.rating' },
    // "Near me" asks the browser for the visitor's place (features/directory/list-page.tsx).
    { value: 'near', text: 'content.sort.near' },
  ],
  publishing: [
    { value: '', text: 'content.sort.newest' },
    { value: 'az', text: 'content.sort.az' },
  ],
  // Calendar kinds list by their own windows (their pages of their own).
  calendar: [],
} as const;

/** The Sort choices of a kind's list. */
export const sortsOf = (kind: TContentKind, t: Translate) =>
  SORTS[CONTENT_KINDS[kind].family].map(({ value, text }) => ({ value, label: t(text) }));

/** The empty state of an index screen (SPEC §2): SPEC's text, shown through `useSpecText`. */
export const taxonEmpty = (kind: TTaxonKind) => TAXONOMIES[kind].empty;

/** An index screen's title (Services & Experts) and its search box's label (SPEC §2). */
export const taxonIndex = (kind: TTaxonKind, t: Translate) => ({
  title: t(`content.index.${kind}`),
  search: t(`content.search.${kind}`),
});

/** The way to an index screen: Home › Services & Experts (a taxonomy without an index page leads to its kind's). */
export const indexTrail = (kind: TTaxonKind, t: Translate): Crumb[] => [
  { name: t('content.home'), path: '/' },
  { name: t(`content.index.${kind}`), path: TAXONOMIES[kind].indexPath ?? `/${kind}` },
];

/** The way to a list: Home › Services & Experts › Doctors. */
export const listTrail = (kind: TContentKind, taxon: { title: string; slug: string }, t: Translate): Crumb[] => {
  const { parent } = CONTENT_KINDS[kind];
  return [...indexTrail(parent.taxon, t), { name: taxon.title, path: `${parent.listPath}${taxon.slug}` }];
};

/** The way to a record: Home › Services & Experts › Doctors › Dr. Mehta (its first parent, when it has one). */
export const detailTrail = (
  kind: TContentKind,
  parent: { title: string; slug: string } | null | undefined,
  item: { title: string; slug: string },
  t: Translate,
): Crumb[] => [
  ...(parent ? listTrail(kind, parent, t) : indexTrail(CONTENT_KINDS[kind].parent.taxon, t)),
  { name: item.title, path: `${CONTENT_KINDS[kind].detailPath}${item.slug}` },
];

import type { TExpert, TExpertCard, TFeature, TFeatureCard, TNews, TNewsCard, TOutlet, TOutletCard } from './entities';
import type { TEvent, TEventCard } from './events';
import { SHELL_MESSAGES } from './shell-messages';

/**
 * The taxonomies content is filed under: their SPEC §7 API paths (relative to `/api/backend/v1`), public index page
 * (null for a taxonomy whose kind has a page of its own), empty-state text and the console's labels. Each content
 * kind's `parent.taxon` names one.
 */
export const TAXONOMIES = {
  services: {
    name: 'services',
    noun: 'service',
    api: { list: '/services/view', mine: '/user/services', detail: '/services/view/:id' },
    indexPath: '/services',
    empty: SHELL_MESSAGES.noServiceFound,
    console: { heading: 'Services', empty: 'No services' },
  },
  categories: {
    name: 'categories',
    noun: 'category',
    api: { list: '/categories/view', mine: '/user/categories', detail: '/categories/view/:id' },
    indexPath: '/categories',
    empty: SHELL_MESSAGES.noCategoryFound,
    console: { heading: 'Categories', empty: 'No categories' },
  },
  editions: {
    name: 'editions',
    noun: 'edition',
    api: { list: '/editions/view', mine: '/user/editions', detail: '/editions/view/:id' },
    indexPath: '/editions',
    empty: SHELL_MESSAGES.noEditionsFound,
    console: { heading: 'Editions', empty: 'No editions' },
  },
  pages: {
    name: 'pages',
    noun: 'page',
    api: { list: '/pages', mine: '/user/pages', detail: '/pages/:id' },
    indexPath: '/pages',
    empty: SHELL_MESSAGES.noFeatureFound,
    console: { heading: 'Publishing pages', empty: 'No pages' },
  },
  eventTypes: {
    name: 'eventTypes',
    noun: 'event type',
    api: { list: '/event-types/view', mine: '/user/event-types', detail: '/event-types/view/:id' },
    // The events page lists the types as its filters.
    indexPath: null,
    empty: 'No events found',
    console: { heading: 'Event types', empty: 'No event types' },
  },
} as const satisfies Record<string, TaxonomySpec>;

/** What the registry says about one taxonomy (see TAXONOMIES). */
export interface TaxonomySpec {
  name: string;
  noun: string;
  api: Record<'list' | 'mine' | 'detail', string>;
  indexPath: string | null;
  empty: string;
  console: { heading: string; empty: string };
}

export type TTaxonKind = keyof typeof TAXONOMIES;
export const TAXONOMY_NAMES = Object.keys(TAXONOMIES) as [TTaxonKind, ...TTaxonKind[]];
export const TAXONOMY_LIST: readonly (typeof TAXONOMIES)[TTaxonKind][] = TAXONOMY_NAMES.map((k) => TAXONOMIES[k]);

/**
 * The content kinds: everything the server routes, the web app's routes, calls and screens, the console,
 * the sitemaps and the e-mails need to know about a kind, in one place. Plain data without zod, so the browser
 * imports it by file (`@chaupal/contract/content-kinds`) and the public pages stay free of zod.
 *
 * API paths are SPEC §7's, typos included (`/newss/view`), relative to `/api/backend/v1`, with Fastify's `:slug` and
 * `:id` parameters (`apiPath` fills them). Texts are SPEC's, copied exactly.
 */
export const CONTENT_KINDS = {
  expert: {
    name: 'expert',
    /** The OpenAPI tag, the response-cache tag and the sitemap files' name. */
    plural: 'experts',
    label: 'Expert',
    labelPlural: 'Experts',
    /** Directory kinds (contact details, many parents) or publishing kinds (a dated article under one parent). */
    family: 'directory',
    api: {
      list: '/experts/view',
      detail: '/experts/slug/:slug',
      mine: '/experts/get/user',
      view: '/expert/view/:id',
      add: '/expert/add',
      edit: '/expert/edit/:id',
      remove: '/expert/delete/:id',
    },
    /** The public page of one record: this prefix and its slug. */
    detailPath: '/experts/',
    dashboardPath: '/user-expert',
    /** Its place in the avatar menu (SPEC §2's order). */
    menu: 1,
    parent: {
      /** The taxonomy the parents come from, and one of them in words (error details). */
      taxon: 'services',
      noun: 'service',
      /** The list query's filter, the form's field, and the public list page's prefix (then the parent's slug). */
      parameter: 'service',
      field: 'services',
      listPath: '/service/',
      /** Whether the public list page carries the circle in its path too (`/category/:id/:circleName`). */
      circleInPath: false,
    },
    /** The form field of the record's picture and the flag that removes it on edit. */
    image: { field: 'image', deleteFlag: 'deleteImage' },
    texts: {
      dashboard: 'My Experts',
      dashboardEmpty: SHELL_MESSAGES.noExpertFound,
      search: 'Experts',
      empty: SHELL_MESSAGES.noExpertsFound,
      related: 'Related Experts',
      noRelated: SHELL_MESSAGES.noRelatedExperts,
    },
  },
  outlet: {
    name: 'outlet',
    plural: 'outlets',
    label: 'Outlet',
    labelPlural: 'Outlets',
    family: 'directory',
    api: {
      list: '/outlets/view',
      detail: '/outlets/slug/:slug',
      mine: '/outlets/view/user',
      view: '/outlet/view/:id',
      add: '/outlet/add',
      edit: '/outlet/edit/:id',
      remove: '/outlet/delete/:id',
    },
    detailPath: '/outlets/',
    dashboardPath: '/user-outlet',
    menu: 4,
    parent: {
      taxon: 'categories',
      noun: 'category',
      parameter: 'category',
      field: 'categories',
      listPath: '/category/',
      circleInPath: true,
    },
    image: { field: 'image', deleteFlag: 'deleteImage' },
    texts: {
      dashboard: 'Outlet',
      dashboardEmpty: SHELL_MESSAGES.noOutletsFound,
      search: 'Search Outlets',
      empty: SHELL_MESSAGES.noOutletsFound,
      related: 'Related Outlets',
      noRelated: SHELL_MESSAGES.noRelatedOutlets,
    },
  },
  news: {
    name: 'news',
    plural: 'news',
    label: 'News',
    labelPlural: 'News',
    family: 'publishing',
    api: {
      list: '/newss/view',
      detail: '/newss/slug/:slug',
      mine: '/newss/view/user',
      view: '/news/view/:id',
      add: '/news/add',
      edit: '/news/edit/:id',
      remove: '/news/delete/:id',
    },
    detailPath: '/news/',
    dashboardPath: '/user-news',
    menu: 3,
    parent: {
      taxon: 'editions',
      noun: 'edition',
      parameter: 'edition',
      field: 'editionId',
      listPath: '/edition/',
      circleInPath: true,
    },
    image: { field: 'image', deleteFlag: 'deleteImage' },
    texts: {
      dashboard: 'News',
      dashboardEmpty: SHELL_MESSAGES.noNewsFoundDashboard,
      search: 'Search News',
      empty: SHELL_MESSAGES.noNewsFound,
      related: 'Related News',
      noRelated: SHELL_MESSAGES.noRelatedNews,
    },
  },
  feature: {
    name: 'feature',
    plural: 'features',
    label: 'Feature',
    labelPlural: 'Features',
    family: 'publishing',
    api: {
      list: '/blog',
      detail: '/blog/slug/:slug',
      mine: '/blog/user',
      view: '/blog/:id',
      add: '/blog',
      edit: '/blog/:id',
      remove: '/blog/:id',
    },
    detailPath: '/article/',
    dashboardPath: '/user-article',
    menu: 2,
    parent: {
      taxon: 'pages',
      noun: 'page',
      parameter: 'publishing_Page',
      field: 'publishing_Page',
      listPath: '/page/',
      circleInPath: true,
    },
    image: { field: 'photo', deleteFlag: 'deletePhoto' },
    texts: {
      dashboard: 'Features',
      dashboardEmpty: SHELL_MESSAGES.noFeatureFound,
      search: 'Search Features',
      empty: SHELL_MESSAGES.noFeatureFound,
      related: 'Related Features',
      noRelated: SHELL_MESSAGES.noRelatedFeatures,
    },
  },
  event: {
    name: 'event',
    plural: 'events',
    label: 'Event',
    labelPlural: 'Events',
    family: 'calendar',
    api: {
      list: '/events/view',
      detail: '/events/slug/:slug',
      mine: '/events/view/user',
      view: '/event/view/:id',
      add: '/event/add',
      edit: '/event/edit/:id',
      remove: '/event/delete/:id',
    },
    detailPath: '/events/',
    dashboardPath: '/user-events',
    menu: 5,
    parent: {
      taxon: 'eventTypes',
      noun: 'eventType',
      parameter: 'eventType',
      field: 'eventTypeId',
      listPath: '/events/type/',
      circleInPath: false,
    },
    image: { field: 'image', deleteFlag: 'deleteImage' },
    texts: {
      dashboard: 'My Events',
      dashboardEmpty: 'No events found',
      search: 'Search Events',
      empty: 'No events found',
      related: 'More events',
      noRelated: 'No other events',
    },
    pageParams: ['when', 'from', 'to'],
  },
} as const satisfies Record<string, ContentKindSpec>;

/** What the registry says about one kind (see CONTENT_KINDS). */
export interface ContentKindSpec {
  name: string;
  plural: string;
  label: string;
  labelPlural: string;
  /**
   * Directory kinds (contact details, many parents), publishing kinds (a dated article under one parent), or calendar
   * kinds (dated by a schedule, drawn by pages of their own).
   */
  family: 'directory' | 'publishing' | 'calendar';
  api: Record<'list' | 'detail' | 'mine' | 'view' | 'add' | 'edit' | 'remove', string>;
  detailPath: string;
  dashboardPath: string;
  menu: number;
  parent: {
    taxon: TTaxonKind;
    noun: string;
    parameter: string;
    field: string;
    listPath: string;
    circleInPath: boolean;
  };
  image: { field: 'image' | 'photo'; deleteFlag: 'deleteImage' | 'deletePhoto' };
  texts: Record<'dashboard' | 'dashboardEmpty' | 'search' | 'empty' | 'related' | 'noRelated', string>;
  /** Query parameters its own pages read besides the lists' (an events list's window): part of a page's address. */
  pageParams?: readonly string[];
}

export type TContentKind = keyof typeof CONTENT_KINDS;
export type TContentKindSpec<K extends TContentKind = TContentKind> = (typeof CONTENT_KINDS)[K];
export type TContentPlural = TContentKindSpec['plural'];
export type TContentFamily = TContentKindSpec['family'];

/** The kinds in their one order (console filter, moderation, sitemaps, cache tags). */
export const CONTENT_KIND_NAMES = Object.keys(CONTENT_KINDS) as [TContentKind, ...TContentKind[]];
export const CONTENT_KIND_LIST: readonly TContentKindSpec[] = CONTENT_KIND_NAMES.map((k) => CONTENT_KINDS[k]);
export const CONTENT_PLURALS = /* @__PURE__ */ CONTENT_KIND_LIST.map((k) => k.plural) as [
  TContentPlural,
  ...TContentPlural[],
];

/**
 * Each kind's record and card as the API answers them. Types only, so the browser's first load stays without zod; a
 * new kind adds its line here beside its entry.
 */
export interface TContentShapes {
  expert: { item: TExpert; card: TExpertCard };
  outlet: { item: TOutlet; card: TOutletCard };
  news: { item: TNews; card: TNewsCard };
  feature: { item: TFeature; card: TFeatureCard };
  event: { item: TEvent; card: TEventCard };
}

/** The query parameters the kinds' own pages read (see `pageParams`). */
export const KIND_PAGE_PARAMS: readonly string[] = CONTENT_KIND_LIST.flatMap(
  (k: ContentKindSpec) => k.pageParams ?? [],
);

/** The avatar menu's kinds, in SPEC §2's order. */
export const MENU_KINDS: readonly TContentKindSpec[] = /* @__PURE__ */ [...CONTENT_KIND_LIST].sort(
  (a, b) => a.menu - b.menu,
);

/**
 * Every searchable kind in the search page's facet order: each content kind after the taxonomy it is filed under
 * (the contract's SEARCH_KINDS, which brings zod).
 */
export type TSearchKindName = TContentKind | TContentKindSpec['parent']['noun'];
export const SEARCH_KIND_ORDER = /* @__PURE__ */ CONTENT_KIND_LIST.flatMap((k) => [k.parent.noun, k.name]) as [
  TSearchKindName,
  ...TSearchKindName[],
];

/** The kinds of one family, e.g. the directory kinds for DirectoryForm. */
export type TKindOf<F extends TContentFamily> = {
  [K in TContentKind]: TContentKindSpec<K>['family'] extends F ? K : never;
}[TContentKind];
export const isFamily = <F extends TContentFamily>(kind: TContentKind, family: F): kind is TKindOf<F> =>
  CONTENT_KINDS[kind].family === family;

/**
 * The kinds the shared list, detail and card views and the family forms draw: every family but the calendar's, whose
 * kinds draw pages of their own (the web's KIND_PAGES).
 */
export type TSharedKind = TKindOf<'directory' | 'publishing'>;
const familyOf = (kind: TContentKind): ContentKindSpec['family'] => CONTENT_KINDS[kind].family;
export const isShared = (kind: TContentKind): kind is TSharedKind => familyOf(kind) !== 'calendar';

/** The kind whose dashboard this path is, if any. */
export const kindOfDashboard = (path: string): TContentKind | undefined =>
  CONTENT_KIND_NAMES.find((k) => CONTENT_KINDS[k].dashboardPath === path);

/** An API path of the registry with its `:name` parameters filled in (each encoded). */
export const apiPath = (pattern: string, params: Record<string, string> = {}) =>
  pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));

/**
 * A record's form values as moderation keeps them (`approved_values`) and compares them: what an admin last approved
 * against what the record holds now.
 */
export type TFormValue = string | number | boolean | null | string[];
export type TFormValues = { [field: string]: TFormValue };

import type { TContentKind, TPreview } from '@chaupal/contract';
import type { ComponentType, ReactElement } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import type { LoaderTools } from './app/loader-tools';
import type { KindParts } from './components/editing/form-shared';

/** What a kind's own route module gives the route table: its page, and the loader that fills its query cache. */
export interface OwnRoute {
  element: ReactElement;
  loader?: (args: LoaderFunctionArgs) => Promise<unknown>;
}

/**
 * A public page a kind draws itself instead of the shared list or detail page: the route module's source file (the
 * server preloads its chunk, the bundle budget counts it) and how to load it, given the loaders' tools.
 */
export interface OwnPage {
  module: string;
  load(toolsOf: (args: LoaderFunctionArgs) => LoaderTools): Promise<OwnRoute>;
}

/** A kind's home section: drawn after the taxonomy sections, its data read by the home page's loader. */
export interface OwnHomeSection {
  load(): Promise<{ Section: ComponentType; prefetch(tools: LoaderTools): Promise<unknown> }>;
}

/**
 * The web side of a content kind that has pages of its own (the contract's CONTENT_KINDS says the rest): a kind
 * without an entry is drawn by the shared list, detail, dashboard form and card. Each entry's modules live in the
 * kind's feature folder and load only when their route does.
 */
export interface KindPages {
  /** Its list page, at the registry's list paths and at `paths` besides (`events`). */
  list?: OwnPage & { paths?: string[] };
  detail?: OwnPage;
  home?: OwnHomeSection;
  /** Its form and preview in the dashboards and the console, in place of its family's. */
  dashboard?: () => Promise<KindParts>;
  /** Its public page's view of a record in hand (a preview link's page), in place of the shared detail view. */
  preview?: () => Promise<{ default: OwnPreview }>;
}

/** A kind's own public detail view of what a preview link shows (the record and its related records' cards). */
export type OwnPreview = ComponentType<{ preview: TPreview }>;

export const KIND_PAGES: { readonly [K in TContentKind]?: KindPages } = {
  event: {
    list: {
      module: 'src/features/events/events-page.tsx',
      paths: ['events'],
      load: async (toolsOf) => {
        const { EventsPage, eventsLoader } = await import('./features/events/events-page');
        return { element: <EventsPage />, loader: eventsLoader(toolsOf) };
      },
    },
    detail: {
      module: 'src/features/events/event-detail-page.tsx',
      load: async (toolsOf) => {
        const { EventDetailPage, eventDetailLoader } = await import('./features/events/event-detail-page');
        return { element: <EventDetailPage />, loader: eventDetailLoader(toolsOf) };
      },
    },
    dashboard: () => import('./features/events/event-dashboard').then((m) => m.eventParts),
    preview: () => import('./features/events/event-detail-page').then((m) => ({ default: m.EventLinkPreview })),
    home: { load: () => import('./features/events/upcoming-section').then((m) => m.upcomingSection) },
  },
};

/** The route modules of every kind's own pages, for the server's preloads and the bundle budget. */
export const OWN_PAGE_MODULES = Object.values(KIND_PAGES).flatMap((p) =>
  [p?.list?.module, p?.detail?.module].filter((m): m is string => Boolean(m)),
);

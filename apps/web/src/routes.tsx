import type { TContentKind, TListingKind } from '@chaupal/contract';
import {
  CONTENT_KIND_LIST,
  CONTENT_KINDS,
  isFamily,
  isShared,
  TAXONOMY_LIST,
  type TSharedKind,
} from '@chaupal/contract/content-kinds';
import { useEffect } from 'react';
import { data, type LoaderFunctionArgs, type RouteObject, useNavigate } from 'react-router';
import { ApiError } from './api/client';
import { listFiltersOf } from './api/queries';
import { withCatalogs } from './app/i18n';
import { loaderTools, type RouteDeps } from './app/loader-tools';
import { currentSession } from './app/session';
import type { TTaxonKind } from './components/content/areas';
import { NotFound, RouteError } from './components/not-found';
import { KIND_PAGES, OWN_PAGE_MODULES } from './kind-pages';
import { Layout } from './layout/layout';

/**
 * A public page's component, loaded as a route module of its own: each page's first load carries only its
 * own screen. `handle.module` names the source file, so the server can preload that chunk (Vite's manifest is keyed
 * by it) and the browser resolves it before hydrating (`entry-client.tsx`).
 */
export interface PageHandle {
  module: string;
  /** The page's app starts without waiting for intent (app/start.ts). */
  now?: boolean;
  /** The home section the page opens at (`/about`, `/contact`): the start script scrolls to it, app or no app. */
  section?: string;
}
const HOME = 'src/features/home/home-page.tsx';
const INDEX = 'src/features/directory/taxonomy-index-page.tsx';
const LIST = 'src/features/directory/list-page.tsx';
const DETAIL = 'src/features/directory/detail-page.tsx';
const POLICY = 'src/features/site/policy-page.tsx';
const SEARCH = 'src/features/search/search-page.tsx';
const REPORT = 'src/features/directory/report-page.tsx';
const REVIEW = 'src/features/directory/review-page.tsx';
const SUGGEST = 'src/features/directory/suggest-edit-page.tsx';
const PREVIEW = 'src/features/preview/preview-page.tsx';
/** The source files of the public route modules, for the server's preloads and the bundle budget. */
export const PAGE_MODULES = [
  HOME,
  INDEX,
  LIST,
  DETAIL,
  POLICY,
  SEARCH,
  REPORT,
  REVIEW,
  SUGGEST,
  PREVIEW,
  ...OWN_PAGE_MODULES,
];

/** The forms and previews of kinds that draw their own (KIND_PAGES), for the console. */
const kindParts = async () =>
  Object.fromEntries(
    await Promise.all(
      CONTENT_KIND_LIST.flatMap(({ name }) => {
        const own = KIND_PAGES[name]?.dashboard;
        return own ? [own().then((parts) => [name, parts] as const)] : [];
      }),
    ),
  );

/** The home sections of kinds that have one (KIND_PAGES), in the registry's order. */
const homeSections = () =>
  Promise.all(
    CONTENT_KIND_LIST.flatMap(({ name }) => {
      const own = KIND_PAGES[name]?.home;
      return own ? [own.load().then((m) => ({ name, ...m }))] : [];
    }),
  );
const home = (section?: 'about' | 'contact') => ({
  handle: { module: HOME, section } satisfies PageHandle,
  lazy: async () => {
    const [{ HomePage }, own] = await Promise.all([import('./features/home/home-page'), homeSections()]);
    const sections = own.map(({ name, Section }) => <Section key={name} />);
    return { element: <HomePage section={section} sections={sections} /> };
  },
});
const taxonomyIndex = (kind: TTaxonKind) => ({
  handle: { module: INDEX } satisfies PageHandle,
  lazy: async () => {
    const { TaxonomyIndexPage } = await import('./features/directory/taxonomy-index-page');
    return { element: <TaxonomyIndexPage kind={kind} /> };
  },
});
const list = (kind: TSharedKind) => ({
  handle: { module: LIST } satisfies PageHandle,
  lazy: async () => {
    const { ListPage } = await import('./features/directory/list-page');
    return { element: <ListPage kind={kind} /> };
  },
});
const detail = (kind: TSharedKind) => ({
  handle: { module: DETAIL } satisfies PageHandle,
  lazy: async () => {
    const { DetailPage } = await import('./features/directory/detail-page');
    return { element: <DetailPage kind={kind} /> };
  },
});
/**
 * "Write a review" as a page of its own (`/experts/{slug}/review`), so the link works as a phone's first tap before the
 * app; everything on it needs the person's session, so its app starts at once.
 */
const review = (kind: TListingKind) => ({
  handle: { module: REVIEW, now: true } satisfies PageHandle,
  lazy: async () => {
    const { ReviewPage } = await import('./features/directory/review-page');
    return { element: <ReviewPage kind={kind} /> };
  },
});
/** A listing's suggest-an-edit page; its form uses the owners' place fields, whose Hindi is the signed-in areas'. */
const suggestEdit = (kind: TListingKind) => ({
  handle: { module: SUGGEST } satisfies PageHandle,
  lazy: () =>
    withCatalogs(async () => {
      const { SuggestEditPage } = await import('./features/directory/suggest-edit-page');
      return { element: <SuggestEditPage kind={kind} /> };
    }),
});
const report = {
  handle: { module: REPORT } satisfies PageHandle,
  lazy: async () => {
    const { ReportPage } = await import('./features/directory/report-page');
    return { element: <ReportPage /> };
  },
};
const policy = {
  handle: { module: POLICY } satisfies PageHandle,
  lazy: async () => {
    const { PolicyPage } = await import('./features/site/policy-page');
    return { element: <PolicyPage /> };
  },
};
/**
 * SPEC §2: when not signed in, an unmatched path redirects to `/`. The server still answers it 404 with the not-found
 * screen (crawlers, DESIGN §8); in the browser a signed-out visitor is sent home, a signed-in one keeps the screen.
 */
function UnmatchedPath() {
  const navigate = useNavigate();
  useEffect(() => {
    if (!currentSession()) navigate('/', { replace: true });
  }, [navigate]);
  return <NotFound />;
}

/** An API 404 becomes the route's 404 (HTTP status on the server, the not-found screen everywhere). */
async function orNotFound<T>(p: Promise<T>): Promise<T> {
  try {
    return await p;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) throw data(null, { status: 404 });
    throw err;
  }
}

const filtersOf = ({ params, request }: LoaderFunctionArgs) => ({
  id: params.id as string,
  ...listFiltersOf(params.circleName, new URL(request.url).searchParams),
});

/** What a loader reads with: its request's query cache (the server renders many requests with one route table). */
export type DepsOf = (args: LoaderFunctionArgs) => RouteDeps;

/**
 * The route table of SPEC §2. Loaders fill the query cache the pages read from, so the server renders them with
 * their content and the browser hydrates without fetching again. `depsOf` gives a loader its request's cache: the
 * browser has one; the server builds this table once and hands each request's cache in React Router's request
 * context (entry-server.tsx), so flattening and ranking the routes and resolving their modules happen once.
 */
export function createRoutes(depsOf: DepsOf): RouteObject[] {
  const toolsOf = (args: LoaderFunctionArgs) => loaderTools(depsOf(args));

  const listLoader = (kind: TContentKind) => async (args: LoaderFunctionArgs) => {
    const { ensure, queries, resolvePlaces } = toolsOf(args);
    const f = filtersOf(args);
    const parent = await orNotFound(ensure(queries.taxon(CONTENT_KINDS[kind].parent.taxon, f.id)));
    const { unknown, ...places } = await resolvePlaces(f.circleName, f.blockName);
    await Promise.all([
      // A place no circle or locality has lists nothing (the page says so), rather than everything.
      unknown
        ? null
        : ensure(
            queries.list(kind, {
              parent: parent.id,
              ...places,
              q: f.q,
              page: f.page,
              sort: f.sort,
              minRating: f.minRating,
              near: f.near,
            }),
          ),
      ensure(queries.circles()),
    ]);
    return null;
  };
  /** A record's page, or a page about it (its report form, "Write a review"): an unknown record is a 404. */
  const recordLoader = (kind: TContentKind) => async (args: LoaderFunctionArgs) => {
    const { ensure, queries } = toolsOf(args);
    await orNotFound(ensure(queries.detail(kind, args.params.id as string)));
    return null;
  };
  const detailLoader = (kind: TContentKind) => async (args: LoaderFunctionArgs) => {
    const { ensure, queries } = toolsOf(args);
    const detail = await orNotFound(ensure(queries.detail(kind, args.params.id as string)));
    // The server puts a listing's beacon token in its page (components/trust/beacon-token.ts); in the browser the
    // listing's marker fetches it after the page shows. Imported here only on the server, so the app's entry does
    // not carry it. Without a token the page is the same and counts nothing.
    // Its reviews too (the order and page its address names): the server renders them into the page; in the browser
    // the detail page asks for those it lacks. A listing whose reviews cannot be read is shown without them.
    if (import.meta.env.SSR && isFamily(kind, 'directory')) {
      const { serverFetch } = depsOf(args);
      const [{ beaconTokenQuery }, { reviewsPageOf, reviewsQuery }] = await Promise.all([
        import('./components/trust/beacon-token'),
        import('./components/reviews/reviews-query'),
      ]);
      const page = reviewsPageOf(new URL(args.request.url).searchParams);
      if (serverFetch) {
        await Promise.all([
          ensure(beaconTokenQuery(serverFetch, kind, detail.data.id)).catch(() => undefined),
          ensure(reviewsQuery(serverFetch, kind, detail.data.id, page)).catch(() => undefined),
        ]);
      }
    }
    return null;
  };
  /** The home page's sections (and the about and contact sections it scrolls to). */
  const homeLoader = async (args: LoaderFunctionArgs) => {
    const tools = toolsOf(args);
    await Promise.all([
      tools.ensure(tools.queries.home()),
      homeSections().then((own) => Promise.all(own.map((s) => s.prefetch(tools)))),
    ]);
    return null;
  };
  /** A kind's own page (KIND_PAGES): its element and loader come with its module. */
  const ownPage = (page: { module: string; load: (t: typeof toolsOf) => Promise<object> }) => ({
    handle: { module: page.module } satisfies PageHandle,
    lazy: () => page.load(toolsOf),
  });
  const indexLoader = (kind: TTaxonKind) => async (args: LoaderFunctionArgs) => {
    const { ensure, queries } = toolsOf(args);
    await ensure(queries.index(kind));
    return null;
  };
  /** /search: its loader comes with the page (the search's parameters are the page's business). */
  const search = {
    handle: { module: SEARCH } satisfies PageHandle,
    lazy: async () => {
      const { SearchPage, searchLoader } = await import('./features/search/search-page');
      return { element: <SearchPage />, loader: searchLoader(toolsOf) };
    },
  };
  /**
   * A preview link's page (decision 033): a record that is not public yet, as its page will show it, drawn by its
   * kind's own view where it has one (KIND_PAGES). Its loader comes with the page.
   */
  const preview = {
    handle: { module: PREVIEW } satisfies PageHandle,
    lazy: async () => {
      const { PreviewPage, previewLoader } = await import('./features/preview/preview-page');
      const views = (kind: TContentKind) => KIND_PAGES[kind]?.preview;
      return { element: <PreviewPage views={views} />, loader: previewLoader(depsOf, views) };
    },
  };
  const notFound = () => {
    throw data(null, { status: 404 });
  };

  return [
    {
      id: 'root',
      element: <Layout />,
      errorElement: (
        <Layout>
          <RouteError />
        </Layout>
      ),
      // The chrome of every page: the header and footer's site settings and policy links.
      loader: async (args) => {
        const { ensure, queries } = toolsOf(args);
        await ensure(queries.site());
        return null;
      },
      children: [
        { index: true, loader: homeLoader, ...home() },
        { path: 'about', loader: homeLoader, ...home('about') },
        { path: 'contact', loader: homeLoader, ...home('contact') },
        // The taxonomy indexes (`/services`…), where a taxonomy has one.
        ...TAXONOMY_LIST.flatMap(({ name, indexPath }) =>
          indexPath ? [{ path: indexPath.slice(1), loader: indexLoader(name), ...taxonomyIndex(name) }] : [],
        ),
        // Each kind's list under its parent (`/service/:id`, `/category/:id/:circleName`…) and its detail page
        // (`/experts/:id`, `/article/:id`…), at the paths its registry entry names; a kind with pages of its own
        // (KIND_PAGES) draws them itself.
        ...CONTENT_KIND_LIST.flatMap(({ name, parent }) => {
          const path = `${parent.listPath.slice(1)}:id`;
          const own = KIND_PAGES[name]?.list;
          const paths = [...(parent.circleInPath ? [path, `${path}/:circleName`] : [path]), ...(own?.paths ?? [])];
          const page = own ? ownPage(own) : isShared(name) ? { loader: listLoader(name), ...list(name) } : null;
          return page ? paths.map((p) => ({ path: p, ...page })) : [];
        }),
        ...CONTENT_KIND_LIST.flatMap(({ name, detailPath }) => {
          const own = KIND_PAGES[name]?.detail;
          const page = own ? ownPage(own) : isShared(name) ? { loader: detailLoader(name), ...detail(name) } : null;
          return page ? [{ path: `${detailPath.slice(1)}:id`, ...page }] : [];
        }),
        // "Write a review" of an expert or outlet (`/experts/:id/review`), and "Suggest an edit"
        // (`/experts/:id/suggest-edit`), whose plain post the server answers.
        ...CONTENT_KIND_LIST.flatMap(({ name, detailPath }) =>
          isFamily(name, 'directory')
            ? [
                { path: `${detailPath.slice(1)}:id/review`, loader: recordLoader(name), ...review(name) },
                { path: `${detailPath.slice(1)}:id/suggest-edit`, loader: recordLoader(name), ...suggestEdit(name) },
              ]
            : [],
        ),
        { path: 'search', ...search },
        {
          // A record's report form as a page (components/report/report-form.tsx): an unknown kind or record is a 404.
          // A review's (`/report/review/{id}`) names no record to read: the API checks the review when it is sent.
          path: 'report/:kind/:id',
          loader: async (args) => {
            const kind = args.params.kind as TContentKind;
            if ((kind as string) === 'review') return null;
            if (!Object.hasOwn(CONTENT_KINDS, kind)) throw data(null, { status: 404 });
            return recordLoader(kind)(args);
          },
          ...report,
        },
        { path: 'preview/:token', ...preview },
        {
          path: 'policy/:id',
          // SPEC §8: a policy that fails to load is an error notification only (the page shows it); an unknown
          // policy is still the not-found screen with HTTP 404.
          loader: async (args) => {
            const { ensure, queries } = toolsOf(args);
            try {
              await ensure(queries.policy(args.params.id as string));
            } catch (err) {
              if (err instanceof ApiError && err.status === 404) throw data(null, { status: 404 });
            }
            return null;
          },
          ...policy,
        },
        // Loaded only when visited: development tools and (later) the signed-in areas stay out of the public bundle.
        { path: 'dev/outbox', lazy: () => import('./features/dev/outbox-page') },
        { path: 'user-verification', lazy: () => withCatalogs(() => import('./features/account/verification-page')) },
        ...CONTENT_KIND_LIST.map(({ name, dashboardPath }) => ({
          path: dashboardPath.slice(1),
          lazy: () =>
            withCatalogs(async () => {
              const [{ DashboardPage }, own] = await Promise.all([
                import('./features/dashboard/dashboard-page'),
                KIND_PAGES[name]?.dashboard?.(),
              ]);
              return { element: <DashboardPage own={own} /> };
            }),
        })),
        {
          path: 'admin/*',
          lazy: () =>
            withCatalogs(async () => {
              const [{ AdminPage }, parts] = await Promise.all([import('./features/admin/admin-page'), kindParts()]);
              return { element: <AdminPage parts={parts} /> };
            }),
        },
        { path: '*', loader: notFound, element: <UnmatchedPath />, errorElement: <UnmatchedPath /> },
      ],
    },
  ];
}

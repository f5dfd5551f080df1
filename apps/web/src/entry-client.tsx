import '@vitejs/plugin-react/preamble';
import './components/ui/ui.css';
import './components/ui/search.css';
import './components/ui/reviews.css';
import { hydrate, QueryClient } from '@tanstack/react-query';
import { type ReactNode, startTransition, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { browserFetch } from './api/client';
import { publicQueries } from './api/queries';
import { type BootState, readStateText } from './app/boot';
import { Document } from './app/document';
import { loadLanguage, setPageLang } from './app/i18n';
import { zodWithoutEval } from './app/zod-config';
import { setZoneTable } from './components/dates';
import { createRoutes } from './routes';

// No eval under the page's CSP, before any chunk that uses zod loads.
zodWithoutEval();

const stateText = readStateText();
const { boot, query, router: routerState } = JSON.parse(stateText) as BootState;
// createBrowserRouter reads the server's route data from here.
(window as unknown as { __staticRouterHydrationData: unknown }).__staticRouterHydrationData = routerState;
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, staleTime: 60_000 } } });
// A page is served (from the page cache or freshly rendered) only while nothing it shows has changed, so its data is
// current as the page arrives, however long ago it was rendered: no query refetches on hydration.
const arrived = Date.now();
for (const q of query.queries) q.state.dataUpdatedAt = arrived;
hydrate(queryClient, query);
if (boot.zone) setZoneTable(boot.siteTz, boot.zone);
setPageLang(boot.lang);
const queries = publicQueries(browserFetch);
const routes = createRoutes(() => ({ queryClient, queries }));
const services = {
  apiFetch: browserFetch,
  queries,
  publicUrl: boot.publicUrl,
  siteTz: boot.siteTz,
  recaptchaSiteKey: boot.recaptchaSiteKey,
  map: boot.map,
  renderedAt: boot.renderedAt,
  formOutcome: boot.form,
};

/** Lazy routes the server rendered are loaded before hydration, or the first render would differ from the HTML. */
async function resolveLazyMatches() {
  const lazy = (matchRoutes(routes, window.location) ?? []).filter((m) => typeof m.route.lazy === 'function');
  await Promise.all(
    lazy.map(async (m) => {
      const load = m.route.lazy as () => Promise<object>;
      Object.assign(m.route, { ...(await load()), lazy: undefined });
    }),
  );
}

/** Once the document has hydrated, what the visitor did before the app ran is handed to it (app/start.ts). */
function Hydrated({ children }: { children: ReactNode }) {
  useEffect(() => {
    import('./app/release-held').then(({ releaseHeld }) => releaseHeld());
  }, []);
  return children;
}

/** Lets the browser paint and handle input between start-up steps, so none of them is a long task on a phone. */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start() {
  // The page's texts in its language before the first render, or hydration would not match the server's HTML.
  await Promise.all([resolveLazyMatches(), loadLanguage(boot.lang)]);
  await yieldToBrowser();
  const router = createBrowserRouter(routes);
  await yieldToBrowser();
  // Hydrating as a transition lets React yield to the browser every few milliseconds instead of blocking the main
  // thread for the whole page (total blocking time on phones); a click meanwhile is replayed after.
  startTransition(() => {
    hydrateRoot(
      document,
      <Document boot={boot} services={services} queryClient={queryClient} state={stateText}>
        <Hydrated>
          <RouterProvider router={router} />
        </Hydrated>
      </Document>,
    );
  });
}

start();

import '@vitejs/plugin-react/preamble';
import './components/ui/ui.css';
import { hydrate, QueryClient } from '@tanstack/react-query';
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { browserFetch } from './api/client';
import { publicQueries } from './api/queries';
import type { BootState } from './app/boot';
import { Document } from './app/document';
import { zodWithoutEval } from './app/zod-config';
import { createRoutes } from './routes';

// No eval under the page's CSP, before any chunk that uses zod loads.
zodWithoutEval();

declare global {
  interface Window {
    __CHAUPAL__: Omit<BootState, 'router'>;
  }
}

const { boot, query } = window.__CHAUPAL__;
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, staleTime: 60_000 } } });
hydrate(queryClient, query);
const queries = publicQueries(browserFetch);
const routes = createRoutes({ queryClient, queries });
const services = {
  apiFetch: browserFetch,
  queries,
  publicUrl: boot.publicUrl,
  siteTz: boot.siteTz,
  recaptchaSiteKey: boot.recaptchaSiteKey,
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

resolveLazyMatches().then(() => {
  // createBrowserRouter reads window.__staticRouterHydrationData, which the server wrote.
  const router = createBrowserRouter(routes);
  // Hydrating as a transition lets React yield to the browser every few milliseconds instead of blocking the main
  // thread for the whole page (issue 11: total blocking time on phones); a click meanwhile is replayed after.
  startTransition(() => {
    hydrateRoot(
      document,
      <Document boot={boot} services={services} queryClient={queryClient}>
        <RouterProvider router={router} />
      </Document>,
    );
  });
});

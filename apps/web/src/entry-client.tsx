import '@vitejs/plugin-react/preamble';
import './components/ui/ui.css';
import { hydrate, QueryClient } from '@tanstack/react-query';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { config } from 'zod';
import { browserFetch } from './api/client';
import { publicQueries } from './api/queries';
import type { BootState } from './app/boot';
import { Document } from './app/document';
import { createRoutes } from './routes';

// The page's Content-Security-Policy allows no eval: zod's compiled validators would need `new Function`, and even
// its probe for it is reported as a violation (issue 10).
config({ jitless: true });

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
  hydrateRoot(
    document,
    <Document boot={boot} services={services} queryClient={queryClient}>
      <RouterProvider router={router} />
    </Document>,
  );
});

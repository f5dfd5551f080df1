import '@vitejs/plugin-react/preamble';
import './components/ui/ui.css';
import { hydrate, QueryClient } from '@tanstack/react-query';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { browserFetch } from './api/client';
import { publicQueries } from './api/queries';
import type { BootState } from './app/boot';
import { Document } from './app/document';
import { createRoutes } from './routes';

declare global {
  interface Window {
    __CHAUPAL__: Omit<BootState, 'router'>;
  }
}

const { boot, query } = window.__CHAUPAL__;
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, staleTime: 60_000 } } });
hydrate(queryClient, query);
const queries = publicQueries(browserFetch);
// createBrowserRouter reads window.__staticRouterHydrationData, which the server wrote.
const router = createBrowserRouter(createRoutes({ queryClient, queries }));
const services = {
  apiFetch: browserFetch,
  queries,
  publicUrl: boot.publicUrl,
  siteTz: boot.siteTz,
  recaptchaSiteKey: boot.recaptchaSiteKey,
};

hydrateRoot(
  document,
  <Document boot={boot} services={services} queryClient={queryClient}>
    <RouterProvider router={router} />
  </Document>,
);

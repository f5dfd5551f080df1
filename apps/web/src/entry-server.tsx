import { PassThrough } from 'node:stream';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { ApiFetch } from './api/client';
import { publicQueries } from './api/queries';
import { bootScript } from './app/boot';
import { type BootConfig, Document } from './app/document';
import { createRoutes } from './routes';

export interface RenderResult {
  status: number;
  headers: Record<string, string>;
  /** The HTML document, or nothing for a redirect. */
  body?: NodeJS.ReadableStream;
}

/**
 * Renders one page on the server (DESIGN §2, §8): the route loaders fill a fresh query cache through the in-process
 * API, React renders the whole document, and the cache and router state go into the page for hydration. `nonce`
 * marks the page's scripts for its Content-Security-Policy.
 */
export async function render(
  request: Request,
  apiFetch: ApiFetch,
  boot: BootConfig,
  nonce?: string,
): Promise<RenderResult> {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
  const queries = publicQueries(pageReads(apiFetch));
  const handler = createStaticHandler(createRoutes({ queryClient, queries }));
  const context = await handler.query(request);
  if (context instanceof Response) {
    return { status: context.status, headers: Object.fromEntries(context.headers) };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const services = {
    apiFetch,
    queries,
    publicUrl: boot.publicUrl,
    siteTz: boot.siteTz,
    recaptchaSiteKey: boot.recaptchaSiteKey,
  };
  const state = { boot, query: dehydrate(queryClient), router: routerState(context) };

  return new Promise((resolve, reject) => {
    const body = new PassThrough();
    const stream = renderToPipeableStream(
      <Document boot={boot} services={services} queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Document>,
      {
        bootstrapScriptContent: bootScript(state),
        bootstrapModules: [boot.assets.entry],
        nonce,
        // Every page's data is loaded before rendering: wait for the whole document, so crawlers get it all.
        onAllReady() {
          stream.pipe(body);
          resolve({ status: context.statusCode, headers: { 'content-type': 'text/html; charset=utf-8' }, body });
        },
        onShellError: reject,
        onError(err) {
          console.error(err);
        },
      },
    );
  });
}

/**
 * The API as the page loaders read it: a read the API refuses with a 400 (a slug no record can have: blank, too long,
 * with a NUL; a page number below 1) names nothing, so it is a 404 and the route shows the not-found page.
 */
function pageReads(apiFetch: ApiFetch): ApiFetch {
  return async (path, init) => {
    const res = await apiFetch(path, init);
    if (res.status !== 400 || (init?.method && init.method !== 'GET')) return res;
    return new Response(res.body, { status: 404, headers: res.headers });
  };
}

/** React Router's hydration data, with route errors in the form its browser router reads back. */
function routerState(context: Exclude<Awaited<ReturnType<ReturnType<typeof createStaticHandler>['query']>>, Response>) {
  const errors = context.errors
    ? Object.fromEntries(
        Object.entries(context.errors).map(([id, e]) => [
          id,
          e && typeof e === 'object' && 'status' in e
            ? { ...(e as object), __type: 'RouteErrorResponse' }
            : { message: String((e as Error)?.message ?? e), __type: 'Error' },
        ]),
      )
    : null;
  return { loaderData: context.loaderData, actionData: context.actionData, errors };
}

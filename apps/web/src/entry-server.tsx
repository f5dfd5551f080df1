import type { THome } from '@chaupal/contract';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { ApiFetch } from './api/client';
import { publicQueries } from './api/queries';
import { bootScript, stateJson } from './app/boot';
import { type BootConfig, Document, type ServerAssets } from './app/document';
import { addAllHindi, type TUiLang } from './app/i18n';
import { insightScript } from './app/insight-script';
import type { RouteDeps } from './app/loader-tools';
import { inlineScriptText, renderDocument } from './app/render-document';
import { alertSignature, type StartPlan } from './app/start';
import { startScript } from './app/start-script';
import { setZoneTable, type TZoneOffsets, zoneOffsets } from './components/dates';
import { suggestTexts } from './components/search/suggest-texts';
import { catalogues as hindiAccount } from './locales/hindi-account';
import { catalogues as hindiPublic } from './locales/hindi-public';
import { createRoutes, type PageHandle } from './routes';

// The server renders either language: every Hindi catalogue is in its bundle (the English ones come with their areas).
addAllHindi(hindiPublic, hindiAccount);
const HINDI_PUBLIC = 'src/locales/hindi-public.ts';

/**
 * The route table, built once for every request this process renders: each request's query cache reaches the loaders
 * as React Router's request context, and each lazy route module is resolved the first time it is matched.
 */
const handler = createStaticHandler(createRoutes((args) => args.context as RouteDeps));

export interface RenderResult {
  status: number;
  headers: Record<string, string>;
  /** The HTML document, or nothing for a redirect. */
  html?: Buffer;
  /**
   * The exact text of the document's inline scripts and stylesheets, which the server's Content-Security-Policy
   * allows by their hashes. Its JSON blocks are data, never run, and are not listed.
   */
  inline?: { scripts: string[]; styles: string[] };
}

/**
 * Renders one page on the server (DESIGN §2, §8): the route loaders fill a fresh query cache through the in-process
 * API, React renders the whole document, and the cache and router state go into the page for hydration.
 */
export async function render(request: Request, apiFetch: ApiFetch, boot: BootConfig): Promise<RenderResult> {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
  const reads = pageReads(apiFetch);
  const queries = publicQueries(reads);
  const deps: RouteDeps = { queryClient, queries, serverFetch: reads };
  const context = await handler.query(request, { requestContext: deps });
  if (context instanceof Response) {
    return { status: context.status, headers: Object.fromEntries(context.headers) };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const page = { ...boot, assets: pageAssets(boot.assets, context.matches, boot.lang), zone: zoneTable(boot.siteTz) };
  const styles = (boot.assets as ServerAssets).styles;
  const services = {
    apiFetch,
    queries,
    publicUrl: boot.publicUrl,
    siteTz: boot.siteTz,
    recaptchaSiteKey: boot.recaptchaSiteKey,
    map: boot.map,
    renderedAt: boot.renderedAt,
    formOutcome: boot.form,
  };
  const state = { boot: page, query: dehydrate(queryClient), router: routerState(context) };
  const headers: Record<string, string> = { 'content-type': 'text/html; charset=utf-8' };
  // The signed-in areas keep their window from cross-origin openers (decision 014); public pages do not ask for a
  // browsing context of their own, which would cost a phone a fresh renderer process on arrival.
  if (!publicPage(context)) headers['cross-origin-opener-policy'] = 'same-origin';
  const script =
    bootScript({
      entry: page.assets.entry,
      preload: page.assets.preload,
      enhance: (boot.assets as ServerAssets).enhance,
      parts: controlParts(boot.assets as ServerAssets, boot.lang),
      texts: { suggest: suggestTexts(boot.lang) },
      ...startPlan(request, context, queryClient),
    }) +
    startScript +
    insightScript;
  const html = await renderDocument(
    <Document boot={page} services={services} queryClient={queryClient} styles={styles} state={stateJson(state)}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </Document>,
    script,
  );
  const inline = { scripts: [inlineScriptText(script)], styles: styles ? [styles] : [] };
  return { status: context.statusCode, headers, html, inline };
}

/** A public page: every route it matched is a public route module (the signed-in areas and the 404 route are not). */
function publicPage(context: StaticContext) {
  return context.matches
    .filter((m) => m.route.id !== 'root')
    .every((m) => Boolean((m.route.handle as PageHandle | undefined)?.module));
}

/**
 * When the page's app starts (app/start.ts): a public page waits for the visitor's intent; the signed-in areas, error
 * pages, pages that act on arrival and `?openProfile=true` start at once. The home page names its alert, which the
 * start script opens unless this browser session has seen it.
 */
function startPlan(
  request: Request,
  context: StaticContext,
  queryClient: QueryClient,
): Pick<StartPlan, 'now' | 'alert' | 'section'> {
  const pages = context.matches.filter((m) => m.route.id !== 'root');
  const plain = publicPage(context) && pages.every((m) => !(m.route.handle as PageHandle).now);
  const now = context.statusCode !== 200 || !plain || new URL(request.url).searchParams.get('openProfile') === 'true';
  const alert = queryClient.getQueryData<THome>(['home'])?.alert;
  const section = pages.map((m) => (m.route.handle as PageHandle | undefined)?.section).find(Boolean);
  return { now, section, alert: alert && pages.some((m) => m.route.index) ? alertSignature(alert) : undefined };
}

/** The sign-in dialog's module: its chunks go with the entry when "Sign in" is touched (start.ts, `parts`). */
const AUTH_DIALOG = 'src/features/account/auth-dialog.tsx';
const HINDI_ACCOUNT = 'src/locales/hindi-account.ts';

/** The chunks of the parts a control needs beyond the page's app, by the name its `data-app` gives. */
function controlParts({ modules = {} }: ServerAssets, lang: TUiLang): StartPlan['parts'] {
  const auth = [modules[AUTH_DIALOG], lang === 'hi' ? modules[HINDI_ACCOUNT] : undefined];
  return { auth: auth.flatMap((m) => m?.preload ?? []) };
}

/** The site zone's offsets, worked out once per zone and used by this process's renders too. */
const zoneTables = new Map<string, TZoneOffsets>();
function zoneTable(timeZone: string): TZoneOffsets {
  let table = zoneTables.get(timeZone);
  if (!table) {
    table = zoneOffsets(timeZone);
    zoneTables.set(timeZone, table);
    setZoneTable(timeZone, table);
  }
  return table;
}

/**
 * The assets one page loads: the entry's, plus the chunks (modulepreload) and stylesheets of the lazy route modules
 * it matched, so the browser fetches them alongside the entry instead of after it. What the server alone needs (the
 * inline stylesheet, the module table) stays out of what goes to the browser.
 */
function pageAssets(assets: ServerAssets, matches: { route: { handle?: unknown } }[], lang: TUiLang) {
  const { entry, css, preload, modules = {} } = assets;
  // A page in Hindi hydrates with the Hindi catalogues (decision 019): fetched beside the entry, not after it.
  const hindi = lang === 'hi' ? [modules[HINDI_PUBLIC]].filter(Boolean) : [];
  const used = matches
    .flatMap((m) => {
      const module = (m.route.handle as PageHandle | undefined)?.module;
      // By source path, or by name where the module shares its chunk with others that import it (see readAssets).
      const found = module && (modules[module] ?? modules[module.replace(/^.*\/|\.tsx?$/g, '')]);
      return found ? [found] : [];
    })
    .concat(hindi);
  return {
    entry,
    css: [...new Set([...css, ...used.flatMap((u) => u.css)])],
    preload: [...new Set([...preload, ...used.flatMap((u) => u.preload)])],
  };
}

/**
 * The API as the page loaders read it: a read the API refuses with a 400 (a slug no record can have: blank, too long,
 * with a NUL; a page number below 1) names nothing, so it is a 404 and the route shows the not-found page.
 */
function pageReads(apiFetch: ApiFetch): ApiFetch {
  return async (path, init) => {
    const res = await apiFetch(path, init);
    if (res.status !== 400 || (init?.method && init.method !== 'GET')) return res;
    return { status: 404, ok: false, json: () => res.json() };
  };
}

/** React Router's hydration data, with route errors in the form its browser router reads back. */
type StaticContext = Exclude<Awaited<ReturnType<ReturnType<typeof createStaticHandler>['query']>>, Response>;

function routerState(context: StaticContext) {
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

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { TFormOutcome } from '@chaupal/contract';
import { type TUiLang, UI_LANG_COOKIE, uiLangOf } from '@chaupal/contract/languages';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import pLimit from 'p-limit';
import { type Entry, makeEntry, type TCacheTag } from '../../platform/cache-store';
import { type InlineContent, pagePolicy } from '../../platform/csp';
import { INTERNAL_HEADER } from '../../platform/rate-limit';
import { CACHE_TAGS_HEADER, type TGenerations, varyByEncoding } from '../../platform/response-cache';
import { singleFlight } from '../../platform/single-flight';
import { registerFormPosts } from './form-posts';
import { refusesQuery, sendRefusedQueryPage } from './page-query';
import { canonicalPagePath, isSignedInArea } from './page-url';
import { readAssets, type WebAssets } from './web.assets';

const WEB_DIST = fileURLToPath(new URL('../../../../web/dist', import.meta.url));

interface RenderResult {
  status: number;
  headers: Record<string, string>;
  html?: Buffer;
  /** The text of the document's inline scripts and stylesheet, which its policy allows by hash. */
  inline?: InlineContent;
}
/** A page rendered for the reader, with its policy headers, and the cache entry it was kept as, if it was. */
interface Rendered extends RenderResult {
  entry?: Entry;
}
/** An API answer as the web app reads it (apps/web/src/api/client.ts). */
interface ApiResponse {
  status: number;
  ok: boolean;
  json(): Promise<unknown>;
}
type Render = (
  request: Request,
  apiFetch: (path: string, init?: RequestInit) => Promise<ApiResponse>,
  boot: unknown,
) => Promise<RenderResult>;

/** The value of the `lang` cookie, if the request has one. */
const LANG_COOKIE = new RegExp(`(?:^|;\\s*)${UI_LANG_COOKIE}=([^;]*)`);
/** Every cookie of a request is the interface language's: nothing in it differs from one visitor to the next. */
const onlyLangCookie = (cookie: string) =>
  cookie.split(';').every((c) => c.trim() === '' || c.trim().startsWith(`${UI_LANG_COOKIE}=`));
const YEAR_SECONDS = 365 * 24 * 3600;

/**
 * A page's interface language (decision 019): `?lang=` in its address, then the cookie, then English. Choosing one
 * in the address keeps it in the cookie for the pages that follow.
 */
function pageLang(req: FastifyRequest, reply: FastifyReply, path: string): TUiLang {
  // Most addresses have no query: parsing them as URLs was a tenth of a cached page's time.
  const query = path.includes('?') ? new URL(path, 'http://x').searchParams.get('lang') : null;
  const cookie = LANG_COOKIE.exec(req.headers.cookie ?? '')?.[1];
  const lang = uiLangOf(query, cookie);
  if (query === lang && cookie !== lang) {
    reply.header('set-cookie', `${UI_LANG_COOKIE}=${lang}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax`);
  }
  return lang;
}

/** Seconds a reader is asked to wait when more pages wait for a render than RENDER_QUEUE allows. */
const BUSY_RETRY_SECONDS = 5;
const BUSY_TEXT: Record<TUiLang, { title: string; text: string }> = {
  en: { title: 'Busy', text: 'This site is busy right now. This page will try again in a few seconds.' },
  hi: { title: 'व्यस्त', text: 'यह साइट अभी व्यस्त है। यह पेज कुछ सेकंड में फिर से कोशिश करेगा।' },
};
/** The busy page's stylesheet, which the page policy allows by its hash. */
const BUSY_STYLE =
  'body{margin:0;min-height:100vh;display:grid;place-items:center;' +
  'font:1.125rem/1.5 system-ui,sans-serif;color:#212529;background:#f8f9fa}p{max-width:32rem;margin:1.5rem}';
/** The page a reader gets then, in its language: a line of text that reloads itself after the wait (no script). */
const busyPage = (lang: TUiLang) =>
  Buffer.from(
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">` +
      '<meta name="viewport" content="width=device-width, initial-scale=1">' +
      '<link rel="icon" href="/favicon.svg" type="image/svg+xml">' +
      `<meta http-equiv="refresh" content="${BUSY_RETRY_SECONDS}"><title>${BUSY_TEXT[lang].title}</title>` +
      `<style>${BUSY_STYLE}</style>` +
      `</head><body><p>${BUSY_TEXT[lang].text}</p></body></html>`,
  );

/** Paths that are never pages: the API, files, docs and health answer their own 404s. */
const NOT_PAGES = /^\/(api|uploads|healthz)(\/|$)/;
/**
 * Pages for the few people a secret address was sent to (a preview link's, decision 033): never kept in the page cache
 * or answered from it, never kept by a browser or proxy, never indexed.
 */
const PRIVATE_PAGES = /^\/preview(\/|\?|$)/;

/**
 * The public website (DESIGN §1, §8): built assets under /assets with long cache headers, and every other GET
 * rendered on the server by the web app's server bundle, which reads the API in-process.
 */
export async function registerWeb(
  app: FastifyInstance,
  opts: { internalToken: string; distDir?: string; dev?: boolean },
) {
  if (opts.dev) return registerWebDev(app, opts.internalToken);
  const dist = opts.distDir ?? WEB_DIST;
  const clientDir = join(dist, 'client');
  const assets = readAssets(clientDir);
  const serverEntry = join(dist, 'server', 'entry-server.js');
  if (!assets || !existsSync(serverEntry)) {
    app.log.warn('the web app is not built: run `npm run build` (npm start does it for you)');
    app.get('/', async (_req, reply) =>
      reply.code(503).type('text/plain').send('The web app is not built yet: run npm run build.'),
    );
    return;
  }
  const { render } = (await import(pathToFileURL(serverEntry).href)) as { render: Render };

  await app.register(fastifyStatic, {
    root: join(clientDir, 'assets'),
    prefix: '/assets/',
    // The build wrote .br and .gz beside each text asset: sent as they are when the browser accepts them.
    preCompressed: true,
    setHeaders: (res) => res.setHeader('vary', 'accept-encoding'),
    immutable: true,
    maxAge: '365d',
    decorateReply: false,
    index: false,
  });
  const favicon = readFileSync(join(clientDir, 'favicon.svg'));
  app.get('/favicon.svg', (_req, reply) =>
    reply.header('cache-control', 'public, max-age=86400').type('image/svg+xml').send(favicon),
  );

  serve(app, opts.internalToken, async () => render, assets, pagePolicy(app.config));
}

/**
 * `npm run dev`: Vite in middleware mode serves the browser modules with hot reload, and each page is rendered with
 * the current source of the server entry (DESIGN §1).
 */
async function registerWebDev(app: FastifyInstance, internalToken: string) {
  const { createServer } = await import('vite');
  const middie = (await import('@fastify/middie')).default;
  const vite = await createServer({
    root: fileURLToPath(new URL('../../../../web', import.meta.url)),
    server: { middlewareMode: true },
    appType: 'custom',
  });
  app.addHook('onClose', () => vite.close());
  await app.register(middie);
  app.use(vite.middlewares);
  const load = async () => (await vite.ssrLoadModule('/src/entry-server.tsx')).render as Render;
  serve(
    app,
    internalToken,
    load,
    {
      entry: '/src/entry-client.tsx',
      css: [],
      preload: ['/@vite/client'],
      enhance: {
        suggest: { js: '/src/components/search/suggest-enhancer.ts', css: [], preload: [] },
        map: { js: '/src/components/place/map-enhancer.ts', css: [], preload: [] },
      },
    },
    pagePolicy(app.config, { dev: true }),
  );
}

/** Renders every page GET with the given server entry, under the page policy that allows its inline content by hash. */
function serve(
  app: FastifyInstance,
  internalToken: string,
  load: () => Promise<Render>,
  assets: WebAssets,
  policy: (inline: InlineContent) => string,
) {
  const boot = {
    assets,
    publicUrl: app.config.publicUrl,
    siteTz: app.config.siteTz,
    recaptchaSiteKey: app.config.recaptchaSiteKey,
    map: app.config.map,
  };
  /**
   * A render holds its page's data and document in memory until it is sent, and renders share the one event loop:
   * more than a few at once only wait on each other. So at most `concurrency` run, `queue` more wait for a turn in
   * order, and a burst beyond that is told to come back (503, Retry-After) instead of growing the process without
   * bound. A reader who left while waiting is not rendered for. (1,500 connections asking for uncached pages had run
   * the process out of its 512 MB heap: docs/performance.md, "A flood of uncached pages".)
   */
  const { concurrency, queue } = app.config.renders;
  const renders = pLimit(concurrency);
  const busyPolicy = policy({ scripts: [], styles: [BUSY_STYLE] });
  const busy = (reply: FastifyReply, lang: TUiLang) =>
    reply
      .code(503)
      .header('retry-after', String(BUSY_RETRY_SECONDS))
      .header('cache-control', 'no-store')
      .header('content-security-policy', busyPolicy)
      .type('text/html; charset=utf-8')
      .send(busyPage(lang));

  /**
   * The API in-process: a public read by its route's handler (decision 021), anything else through the whole request
   * pipeline. `read` collects the cache tags of what the page read; a read the response cache does not track (no
   * tags) marks the page as not to be kept.
   */
  const apiFetchFor = (read: Set<TCacheTag | 'untracked'>) => async (path: string, init?: RequestInit) => {
    const url = `/api/backend/v1${path}`;
    const method = init?.method ?? 'GET';
    const answer = method === 'GET' ? await app.readPublic(url) : undefined;
    if (answer) {
      for (const tag of answer.tags) read.add(tag);
      const { status, body } = answer;
      return { status, ok: status >= 200 && status < 300, json: async () => body };
    }
    const res = await app.inject({ method: method as 'GET', url, headers: { [INTERNAL_HEADER]: internalToken } });
    const tags = res.headers[CACHE_TAGS_HEADER];
    if (tags) for (const tag of String(tags).split(',')) read.add(tag as TCacheTag);
    else read.add('untracked');
    // Read as the web app reads a fetch: the status and the JSON body (a Response of its own would cost a copy).
    const status = res.statusCode;
    return { status, ok: status >= 200 && status < 300, json: async () => JSON.parse(res.payload) };
  };

  async function page(req: FastifyRequest, reply: FastifyReply, path = req.url, outcome?: TFormOutcome) {
    if (NOT_PAGES.test(path)) return reply.callNotFound();
    // Parameters no page reads would make a page of their own in the cache: the page is at its address without them.
    const canonical = outcome ? undefined : canonicalPagePath(path);
    if (canonical !== undefined) return reply.redirect(canonical, 301);
    // The development outbox page exists only where its API does (never in production): elsewhere it is a 404.
    const url = !app.config.devOutbox && /^\/dev(\/|$)/.test(path) ? '/not-found' : path;
    // The server renders a page the same for everyone (signed-in state lives in the browser), so a page is kept by
    // URL and the generations of the tags it read (decision 009); a request with credentials is rendered afresh.
    // The language is part of what a page is (its key in the cache), and the only cookie that may be kept with it.
    const lang = pageLang(req, reply, path);
    // A query value the API refuses (a latitude of 91, a 201-character search) is a 400 page, before any read.
    if (refusesQuery(path)) return sendRefusedQueryPage(reply, lang, policy);
    const key = `${lang}:${url}`;
    const cache = app.responseCache;
    const cookie = req.headers.cookie;
    const personal = PRIVATE_PAGES.test(path);
    const shared =
      cache.enabled &&
      !personal &&
      !outcome &&
      path === req.url &&
      !req.headers.authorization &&
      (!cookie || onlyLangCookie(cookie)) &&
      !(isSignedInArea(path) && path.includes('?'));
    const kept = shared ? await cache.page(key) : undefined;
    reply.header('cache-control', personal ? 'private, no-store' : 'public, no-cache');
    if (personal) reply.header('x-robots-tag', 'noindex');
    // The same address is English or Hindi by the cookie: a shared cache must not hand one reader's to the other.
    reply.header('vary', 'cookie');
    // Helmet's opener policy is for the signed-in areas only, which the renderer names (decision 014).
    reply.removeHeader('cross-origin-opener-policy');
    if (kept?.hit) return cache.hit(req, reply, kept.hit);

    let rendered: Rendered | { hit: Entry } | undefined;
    if (kept) {
      // Readers who miss the same page under the same generations wait for one render (and, with a shared store,
      // for the instance that claimed it): a write used to send every waiting reader to render the page again.
      const flight = `${key}|${[...kept.generations.values()].join('.')}`;
      rendered = await flights.run(flight, async () => {
        if (!(await cache.claimRender(flight))) {
          const there = await cache.awaitPage(key);
          if (there) return { hit: there };
        }
        if (full()) return undefined;
        return renderPage({ url, lang, keep: { key, generations: kept.generations } });
      });
      if (rendered === undefined) return busy(reply, lang);
    } else {
      if (full()) return busy(reply, lang);
      rendered = await renderPage({ url, lang, outcome, reader: req });
      // The reader closed the connection before its turn: there is no one to answer.
      if (!rendered) return reply.hijack();
    }
    if ('hit' in rendered) return cache.hit(req, reply, rendered.hit);
    // A form the server answered with its errors in place is the page with a 400.
    reply.code(outcome && rendered.status === 200 ? 400 : rendered.status).headers(rendered.headers);
    if (rendered.status === 404) reply.header('x-robots-tag', 'noindex');
    if (!rendered.html) return reply.send();
    if (rendered.entry) return reply.send(cache.send(req, reply, rendered.entry));
    // Compressed by @fastify/compress in one call, for the encoding the browser takes.
    varyByEncoding(reply);
    return reply.send(rendered.html);
  }

  /** Whether the renders running and waiting have reached RENDER_CONCURRENCY + RENDER_QUEUE. */
  const full = () => renders.activeCount + renders.pendingCount >= concurrency + queue;
  const flights = singleFlight<Rendered | { hit: Entry } | undefined>();

  /**
   * Renders one page in its turn; with `keep`, stores it in the page cache under the generations read before the
   * render (a write during it leaves it stale). With `reader`, a reader who left while waiting is not rendered for.
   */
  async function renderPage(o: {
    url: string;
    lang: TUiLang;
    outcome?: TFormOutcome;
    keep?: { key: string; generations: TGenerations };
    reader?: FastifyRequest;
  }): Promise<Rendered | undefined> {
    const request = new Request(new URL(o.url, app.config.publicUrl), { headers: { accept: 'text/html' } });
    const read = new Set<TCacheTag | 'untracked'>();
    const result = await renders(async () => {
      // A turn of the event loop before each render. A render runs from its reads to its last byte in promise
      // callbacks alone, so one render starting the next (a queue) would keep the loop from reading sockets and from
      // running React's leftover work, which holds each finished render's whole document until it runs.
      await new Promise(setImmediate);
      if (o.reader?.raw.socket?.destroyed) return undefined;
      const renderedAt = app.config.fixedNow ?? Date.now();
      return (await load())(request, apiFetchFor(read), { ...boot, renderedAt, lang: o.lang, form: o.outcome });
    });
    if (!result) return undefined;
    const opener = result.headers['cross-origin-opener-policy'];
    const own = {
      // A document that names no inline content may run none.
      'content-security-policy': policy(result.inline ?? { scripts: [], styles: [] }),
      ...(opener && { 'cross-origin-opener-policy': opener }),
    };
    const headers = { ...result.headers, ...own };
    const html = result.html;
    if (!html || !o.keep || result.status !== 200 || read.has('untracked'))
      return { status: result.status, headers, html };
    const entry = await makeEntry(html, String(result.headers['content-type'] ?? 'text/html; charset=utf-8'), own);
    await app.responseCache.storePage(o.keep.key, read as Set<TCacheTag>, o.keep.generations, entry);
    return { status: result.status, headers, html, entry };
  }
  // A NUL or a lone surrogate in the address is a page that does not exist: the renderer answers the 404 page.
  const config = { acceptsAnyText: true };
  app.get('/', { config }, page);
  app.get('/*', { config }, page);
  // An address the router cannot even decode (bad percent-encoding) gets the same page (platform/error-handler.ts).
  app.decorate('notFoundPage', (req: FastifyRequest, reply: FastifyReply) => page(req, reply, '/not-found'));
  registerFormPosts(app, (req, reply, path, outcome) => page(req, reply, path, outcome));
}

import { CONTENT_KIND_LIST } from '@chaupal/contract/content-kinds';
import type { TUiLang } from '@chaupal/contract/languages';
import { nearQueryFields } from '@chaupal/contract/place';
import { DIRECTORY_SORTS, ZListSort, ZMinRating, ZPageNumber, ZSearch } from '@chaupal/contract/queries';
import { ZSearchQuery } from '@chaupal/contract/search';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { InlineContent } from '../../platform/csp';
import { isBadText } from '../../platform/input-guard';

/**
 * The query rules of the pages that read their query: the content lists and /search. The web app reads these values
 * leniently and hands them to the API, which refuses what is out of range or malformed (a latitude of 91, a
 * 201-character search, a NUL) with a 400; the page then failed as a whole (a 500, rendered afresh each time) or, for
 * search, showed no hits. So the page refuses the same values with the API's own schemas, before any read or render.
 * Two leniencies stay on purpose: an empty search box is a page (the API needs words), and `sort=near` without a
 * point is the list in its own order (a form sent without scripts cannot add the visitor's location).
 */

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

const directoryList = z.object({
  page: ZPageNumber,
  q: ZSearch,
  sort: z.preprocess(blank, z.enum(DIRECTORY_SORTS).optional()),
  minRating: ZMinRating,
  ...nearQueryFields,
});
const publishingList = z.object({ page: ZPageNumber, q: ZSearch, sort: ZListSort });
const searchPage = ZSearchQuery.omit({ pageSize: true }).extend({ q: ZSearch });

/** Each kind's list pages (`/service/:id`, `/category/:id/:circleName`…) with the rules of its API list. */
const PAGES: { path: RegExp; query: z.ZodType }[] = [
  ...CONTENT_KIND_LIST.map(({ family, parent }) => ({
    path: new RegExp(`^${parent.listPath}[^/]+${parent.circleInPath ? '(/[^/]+)?' : ''}/?$`),
    query: family === 'directory' ? directoryList : publishingList,
  })),
  { path: /^\/search\/?$/, query: searchPage },
];

/** Whether a page's address carries a query value its API would refuse (DESIGN §4: never a 500 for bad input). */
export function refusesQuery(path: string): boolean {
  const at = path.indexOf('?');
  if (at < 0) return false;
  const pathname = path.slice(0, at);
  const page = PAGES.find((p) => p.path.test(pathname));
  if (!page) return false;
  // The page reads the first value of a repeated name, as URLSearchParams.get does in the web app.
  const first = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(path.slice(at + 1))) {
    // The API's input guard refuses a NUL anywhere in the query (PostgreSQL cannot hold it).
    if (isBadText(name) || isBadText(value)) return true;
    if (!first.has(name)) first.set(name, value);
  }
  return !page.query.safeParse(Object.fromEntries(first)).success;
}

const REFUSED_TEXT: Record<TUiLang, { title: string; text: string; home: string }> = {
  en: {
    title: 'Bad request',
    text: 'This address asks for something the site cannot show. Check the values after the “?” in it.',
    home: 'Go back to the home page',
  },
  hi: {
    title: 'गलत अनुरोध',
    text: 'यह पता कुछ ऐसा माँगता है जो यह साइट नहीं दिखा सकती। इसमें “?” के बाद के मान जाँचें।',
    home: 'होम पेज पर वापस जाएँ',
  },
};

/** The 400 page's stylesheet, which the page policy allows by its hash. */
const REFUSED_STYLE =
  'body{margin:0;min-height:100vh;display:grid;place-items:center;' +
  'font:1.125rem/1.5 system-ui,sans-serif;color:#212529;background:#f8f9fa}main{max-width:32rem;margin:1.5rem}' +
  'a{color:#0b5ed7}';
/**
 * The 400 page, in the page's language: a line of text and a link home, its style allowed by hash. It is
 * made without the renderer, so addresses made up by the thousand cost no render slot and no database read.
 */
export function sendRefusedQueryPage(reply: FastifyReply, lang: TUiLang, policy: (inline: InlineContent) => string) {
  const t = REFUSED_TEXT[lang];
  return reply
    .code(400)
    .header('cache-control', 'no-store')
    .header('vary', 'cookie')
    .header('x-robots-tag', 'noindex')
    .header('content-security-policy', policy({ scripts: [], styles: [REFUSED_STYLE] }))
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">` +
        '<meta name="viewport" content="width=device-width, initial-scale=1">' +
        '<meta name="robots" content="noindex">' +
        '<link rel="icon" href="/favicon.svg" type="image/svg+xml">' +
        `<title>${t.title}</title>` +
        `<style>${REFUSED_STYLE}</style>` +
        `</head><body><main><h1>${t.title}</h1><p>${t.text}</p><p><a href="/">${t.home}</a></p></main></body></html>`,
    );
}

import { CONTENT_KIND_LIST, KIND_PAGE_PARAMS } from '@chaupal/contract';

/**
 * Which addresses of the website are one page, for the page cache. A query parameter no public page reads (a
 * tracking tag, `?u=<random>`) changes nothing on the page, yet each new value would be rendered and kept as a page of
 * its own: a flood of them fills the cache and pushes the pages readers come back to out of it. So a public page
 * asked for with such parameters is redirected to its address without them, which is kept once.
 */

/**
 * Every query parameter a public page reads (apps/web: the lists, search, the forms' outcomes, the language, and what
 * a kind's own pages read).
 */
const PUBLIC_PARAMS = new Set([
  'q',
  'page',
  'sort',
  'lat',
  'lng',
  'circleName',
  'blockName',
  'kind',
  'lang',
  'sent',
  'openProfile',
  'userId',
  'email',
  'phone',
  ...KIND_PAGE_PARAMS,
]);

/**
 * The signed-in areas (the console and the contributors' dashboards) read filters of their own from the address, and
 * show the same empty frame to everyone until the browser signs in: their addresses are left as they are, and one
 * with a query is not kept.
 */
const SIGNED_IN = ['/admin', ...CONTENT_KIND_LIST.map((k) => k.dashboardPath)];

export const isSignedInArea = (path: string) =>
  SIGNED_IN.some((area) => path.startsWith(area) && /^($|[/?])/.test(path.slice(area.length)));

/**
 * The address a public page should be asked for at, when `path` carries parameters no page reads; undefined when
 * `path` is that address already (or is in a signed-in area). The parameters kept stay in their order.
 */
export function canonicalPagePath(path: string): string | undefined {
  const at = path.indexOf('?');
  if (at < 0 || isSignedInArea(path)) return undefined;
  const pairs = path.slice(at + 1).split('&');
  const kept = pairs.filter((pair) => {
    const name = pair.split('=', 1)[0];
    let decoded: string;
    try {
      decoded = decodeURIComponent(name.replace(/\+/g, ' '));
    } catch {
      return false;
    }
    return PUBLIC_PARAMS.has(decoded);
  });
  if (kept.length === pairs.length) return undefined;
  return kept.length ? `${path.slice(0, at)}?${kept.join('&')}` : path.slice(0, at);
}

/** XML writing for sitemaps (https://www.sitemaps.org/protocol.html) and RSS 2.0 feeds (DESIGN §8). */

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
/** Characters XML 1.0 forbids even escaped (C0 controls but tab, LF, CR; U+FFFE, U+FFFF). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it removes.
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Escapes a text or attribute value; every value written into XML goes through this. */
export const xmlEscape = (value: string) => value.replace(FORBIDDEN, '').replace(/[&<>"']/g, (c) => ENTITIES[c]);

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** One element with escaped text, or nothing when the value is missing. */
const el = (name: string, value: string | undefined | null) =>
  value === undefined || value === null ? '' : `<${name}>${xmlEscape(value)}</${name}>`;

export interface SitemapUrl {
  loc: string;
  lastmod?: Date | null;
}

/** A `<urlset>` sitemap file. */
export function urlset(urls: SitemapUrl[]): string {
  const lines = urls.map((u) => `<url>${el('loc', u.loc)}${el('lastmod', u.lastmod?.toISOString())}</url>`);
  return [XML_DECLARATION, `<urlset xmlns="${SITEMAP_NS}">`, ...lines, '</urlset>', ''].join('\n');
}

/** A `<sitemapindex>` naming each sitemap file. */
export function sitemapIndex(locs: string[]): string {
  const lines = locs.map((loc) => `<sitemap>${el('loc', loc)}</sitemap>`);
  return [XML_DECLARATION, `<sitemapindex xmlns="${SITEMAP_NS}">`, ...lines, '</sitemapindex>', ''].join('\n');
}

export interface RssChannel {
  title: string;
  link: string;
  description: string;
  /** This feed's own absolute URL (atom:link rel="self"). */
  self: string;
}

export interface RssItem {
  title: string;
  link: string;
  description: string;
  pubDate: Date;
  /** Absolute image URL, written as `<media:content>`. */
  image?: string | null;
}

/** An RSS 2.0 feed; items are written in the order given. */
export function rssFeed(channel: RssChannel, items: RssItem[]): string {
  const entries = items.map((i) =>
    [
      '<item>',
      el('title', i.title),
      el('link', i.link),
      `<guid isPermaLink="true">${xmlEscape(i.link)}</guid>`,
      el('pubDate', i.pubDate.toUTCString()),
      el('description', i.description),
      i.image ? `<media:content url="${xmlEscape(i.image)}" medium="image"/>` : '',
      '</item>',
    ].join(''),
  );
  return [
    XML_DECLARATION,
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">',
    '<channel>',
    el('title', channel.title),
    el('link', channel.link),
    el('description', channel.description),
    el('language', 'en'),
    `<atom:link href="${xmlEscape(channel.self)}" rel="self" type="application/rss+xml"/>`,
    ...(items[0] ? [el('lastBuildDate', items[0].pubDate.toUTCString())] : []),
    ...entries,
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}

/**
 * An OpenSearch 1.1 description (https://github.com/dewitt/opensearch): browsers offer the site's search in their
 * address bar from it. `ShortName` is at most 16 characters, as the specification asks.
 */
export function openSearchDescription(siteName: string, publicUrl: string): string {
  const short = siteName.trim().slice(0, 16).trim() || 'Search';
  return [
    XML_DECLARATION,
    '<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/" xmlns:moz="http://www.mozilla.org/2006/browser/search/">',
    el('ShortName', short),
    el('Description', `Search ${siteName}: experts, outlets, news and features`),
    el('InputEncoding', 'UTF-8'),
    `<Image type="image/svg+xml">${xmlEscape(`${publicUrl}/favicon.svg`)}</Image>`,
    `<Url type="text/html" method="get" template="${xmlEscape(`${publicUrl}/search?q={searchTerms}`)}"/>`,
    `<Url type="application/opensearchdescription+xml" rel="self" template="${xmlEscape(`${publicUrl}/opensearch.xml`)}"/>`,
    el('moz:SearchForm', `${publicUrl}/search`),
    '</OpenSearchDescription>',
    '',
  ].join('\n');
}

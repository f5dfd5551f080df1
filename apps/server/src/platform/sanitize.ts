import { decodeHTML } from 'entities';
import sanitizeHtml from 'sanitize-html';
import type { Config } from '../config';
import { storagePublicUrl } from './storage';

/**
 * Where an image in rich text may come from: our own uploads, relative (`/uploads/…`) or on the site's
 * public URL, and the storage's public URL (a bucket or CDN). Any other host would let a page load a tracking pixel.
 */
export interface ImageSources {
  /** The site's public URL (config.publicUrl). */
  siteUrl: string;
  /** Where stored files are served from when they are not on the site (config.s3.publicUrl). */
  storageUrl?: string;
}

export const imageSources = (config: Config): ImageSources => ({
  siteUrl: config.publicUrl,
  storageUrl: storagePublicUrl(config),
});

/** Sanitizes one rich-text field when it is written (bound to the site's image sources). */
export type RichText = (html: string) => string;

/** YouTube's embed hosts, each to its canonical name. */
const YOUTUBE_HOSTS = new Map([
  ['www.youtube.com', 'www.youtube.com'],
  ['youtube.com', 'www.youtube.com'],
  ['www.youtube-nocookie.com', 'www.youtube-nocookie.com'],
  ['youtube-nocookie.com', 'www.youtube-nocookie.com'],
]);

/**
 * A YouTube embed rebuilt from its parsed video id (and start time), so nothing else in the URL survives: a path
 * that climbs out of `/embed/` (`/embed/x/../../redirect?q=…`) names no video and is dropped.
 */
export function youtubeEmbed(src: string): string | null {
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return null;
  }
  const host = YOUTUBE_HOSTS.get(url.hostname);
  const id = /^\/embed\/([\w-]{11})$/.exec(url.pathname)?.[1];
  if (!host || !id || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.port) return null;
  const start = url.searchParams.get('start');
  return `https://${host}/embed/${id}${start && /^\d{1,6}$/.test(start) ? `?start=${start}` : ''}`;
}

/** The image's URL if it is one of ours (normalised, so `/uploads/../x` cannot leave the folder), else null. */
export function ownImage(src: string, sources: ImageSources): string | null {
  const site = new URL(sources.siteUrl);
  let url: URL;
  try {
    url = new URL(src.trim(), site);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (url.origin === site.origin && url.pathname.startsWith('/uploads/')) {
    return src.trim().startsWith('/') ? `${url.pathname}${url.search}` : url.href;
  }
  if (sources.storageUrl) {
    const storage = new URL(sources.storageUrl);
    const base = storage.pathname.replace(/\/?$/, '/');
    if (url.origin === storage.origin && url.pathname.startsWith(base) && url.pathname !== base) return url.href;
  }
  return null;
}

/**
 * DESIGN §7 allowlist for every rich-text field, applied when it is written: text formatting, links, lists,
 * headings, tables, images from our own uploads or storage, and YouTube embeds. Scripts, event handlers, styles,
 * `javascript:` URLs, images from other hosts and any other frame are dropped.
 */
const optionsFor = (sources: ImageSources): sanitizeHtml.IOptions => ({
  allowedTags: [
    'p',
    'br',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'pre',
    'code',
    'span',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'mark',
    'small',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'iframe',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    iframe: ['src', 'title', 'width', 'height', 'allowfullscreen'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'], iframe: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  allowedIframeHostnames: ['www.youtube.com', 'www.youtube-nocookie.com'],
  // An image or frame whose source was refused goes whole.
  exclusiveFilter: (frame) => (frame.tag === 'img' || frame.tag === 'iframe') && !frame.attribs.src,
  transformTags: {
    img: (tagName, attribs) => ({ tagName, attribs: withSrc(attribs, ownImage(attribs.src ?? '', sources)) }),
    iframe: (tagName, attribs) => ({ tagName, attribs: withSrc(attribs, youtubeEmbed(attribs.src ?? '')) }),
    // Links to other sites open safely in a new tab.
    a: (tagName, attribs) => ({
      tagName,
      attribs: /^https?:\/\//.test(attribs.href ?? '')
        ? { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' }
        : attribs,
    }),
  },
});

/** The attributes with `src` replaced in place, or without it (the tag is then dropped). */
function withSrc(attribs: sanitizeHtml.Attributes, src: string | null): sanitizeHtml.Attributes {
  const { src: _refused, ...rest } = attribs;
  return src ? { ...attribs, src } : rest;
}

/** The rich-text sanitizer for a site: relative links and our own images are kept. */
export function richTextSanitizer(sources: ImageSources): RichText {
  const options = optionsFor(sources);
  return (html) => sanitizeHtml(html, options).trim();
}

/** The plain text of rich text, for a derived description (news and features without one). */
export function plainText(html: string, max = 300): string {
  const spaced = html.replace(/<br\s*\/?>|<\/(p|div|h[1-6]|li|blockquote|tr|td|th)>/gi, (m) => `${m} `);
  const text = decodeHTML(sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} }))
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

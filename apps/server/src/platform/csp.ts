import { createHash } from 'node:crypto';
import type { Config } from '../config';
import { imageSources } from './sanitize';

/**
 * The exact text of every inline `<script>` and `<style>` element a document carries, as its renderer wrote them
 * (never read back from the HTML: a script injected into the page would be allowed along with ours). Data blocks
 * (`type="application/json"`) are never run and are not listed.
 */
export interface InlineContent {
  scripts: string[];
  styles: string[];
}

/** The CSP source that allows an inline element with exactly this text: its SHA-256, over the text's UTF-8 bytes. */
const hashSource = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** Google's hosts for reCAPTCHA (its own CSP guide), allowed only on a site that configured a site key. */
const RECAPTCHA = {
  script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
};

/** Frames a page may open: YouTube embeds (rich text and the video facade) and the footer's map, after a click. */
const FRAMES = [
  'https://www.youtube.com/embed/',
  'https://www.youtube-nocookie.com/embed/',
  'https://www.google.com/maps',
  'https://www.google.com/maps/',
];

const originOf = (url: string | undefined) => (url ? new URL(url).origin : undefined);
/** The CSP source of a tile URL template: its origin, `{s}.host` as `*.host`. */
const tilesSource = (template: string) => {
  const m = /^(https?:\/\/)([^/]+)/.exec(template);
  return m ? `${m[1]}${m[2].replace('{s}', '*')}` : undefined;
};

/**
 * The Content-Security-Policy of every server-rendered page, as a function of its inline content: scripts only
 * from this site plus the page's own inline scripts, each allowed by its hash, images from this site and the
 * storage's host, frames from YouTube, and no plugin, base or framing by other sites. Styles allow inline attributes
 * (React renders `style=` for banner and poster backgrounds) but no inline <style> element other than the page's
 * own stylesheet, allowed by its hash; except in development, where Vite injects its CSS that way and keeps a
 * WebSocket open for hot reload. Hashes rather than a nonce: a page is cached and given to everyone with its header
 * (decision 009), so a nonce in it would be the same for every reader and no secret (decision 027).
 */
export function pagePolicy(config: Config, opts: { dev?: boolean } = {}): (inline: InlineContent) => string {
  const recaptcha = Boolean(config.recaptchaSiteKey);
  const storage = originOf(imageSources(config).storageUrl);
  const list = (...sources: (string | false | undefined)[]) => sources.filter(Boolean).join(' ');
  const fixed = [
    `style-src ${list("'self'", "'unsafe-inline'")}`,
    "style-src-attr 'unsafe-inline'",
    // The map's tiles (decision 015) come from MAP_TILES_URL's host ({s} subdomains: any of its subdomains).
    `img-src ${list("'self'", 'data:', 'blob:', storage, tilesSource(config.map.tiles))}`,
    `connect-src ${list("'self'", opts.dev && 'ws:', opts.dev && 'wss:')}`,
    `frame-src ${list(...FRAMES, ...(recaptcha ? RECAPTCHA.frame : []))}`,
    "frame-ancestors 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ];
  const hashes = (texts: string[]) => [...new Set(texts.map(hashSource))];
  return ({ scripts, styles }) =>
    [
      "default-src 'self'",
      `script-src ${list("'self'", ...hashes(scripts), ...(recaptcha ? RECAPTCHA.script : []))}`,
      "script-src-attr 'none'",
      // The page's own stylesheet is inlined; in development Vite injects <style> elements of its own
      // ('unsafe-inline' would be ignored beside a hash).
      `style-src-elem ${list("'self'", ...(opts.dev ? ["'unsafe-inline'"] : hashes(styles)))}`,
      ...fixed,
    ].join('; ');
}

import { randomBytes } from 'node:crypto';
import type { Config } from '../config';
import { imageSources } from './sanitize';

/** A fresh nonce for one response's inline script. */
export const newNonce = () => randomBytes(16).toString('base64');

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
 * The Content-Security-Policy of every server-rendered page (issue 10), as a function of the response's nonce:
 * scripts only from this site plus the inline boot script that carries the nonce, images from this site and the
 * storage's host, frames from YouTube, and no plugin, base or framing by other sites. Styles allow inline attributes
 * (React renders `style=` for banner and poster backgrounds) but no inline <style> element other than the page's
 * own stylesheet, which carries the nonce; except in development, where Vite injects its CSS that way and keeps a
 * WebSocket open for hot reload.
 */
export function pagePolicy(config: Config, opts: { dev?: boolean } = {}): (nonce: string) => string {
  const recaptcha = Boolean(config.recaptchaSiteKey);
  const storage = originOf(imageSources(config).storageUrl);
  const list = (...sources: (string | false | undefined)[]) => sources.filter(Boolean).join(' ');
  const fixed = [
    `style-src ${list("'self'", "'unsafe-inline'")}`,
    "style-src-attr 'unsafe-inline'",
    // The map's tiles (issue 15) come from MAP_TILES_URL's host ({s} subdomains: any of its subdomains).
    `img-src ${list("'self'", 'data:', 'blob:', storage, tilesSource(config.map.tiles))}`,
    `connect-src ${list("'self'", opts.dev && 'ws:', opts.dev && 'wss:')}`,
    `frame-src ${list(...FRAMES, ...(recaptcha ? RECAPTCHA.frame : []))}`,
    "frame-ancestors 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ];
  const scripts = recaptcha ? ` ${RECAPTCHA.script.join(' ')}` : '';
  // The page's own stylesheet is inlined under the nonce (issue 11); in development Vite injects <style> elements
  // without one ('unsafe-inline' would be ignored beside a nonce).
  const styleElements = (nonce: string) => `style-src-elem 'self' ${opts.dev ? "'unsafe-inline'" : `'nonce-${nonce}'`}`;
  return (nonce) =>
    [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}'${scripts}`,
      "script-src-attr 'none'",
      styleElements(nonce),
      ...fixed,
    ].join('; ');
}

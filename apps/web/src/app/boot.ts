import type { DehydratedState } from '@tanstack/react-query';
import type { BootConfig } from './document';

export interface BootState {
  boot: BootConfig;
  query: DehydratedState;
  router: unknown;
}

/** A JS string literal of `text` that no value can break out of: `<` and the line separators escaped (DESIGN §8). */
const safeLiteral = (text: string) =>
  JSON.stringify(text)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The script that hands the server's state to the browser: the assets to start (read by `startScript`) and the
 * state as JSON text, which the entry parses when it runs. A string costs the browser next to nothing to compile
 * before the first paint, where an object literal of the same data costs tens of milliseconds on a phone (issue 11).
 */
export function bootScript(state: BootState): string {
  const { entry, preload } = state.boot.assets;
  return `window.__CHAUPAL_ASSETS__=JSON.parse(${safeLiteral(JSON.stringify({ entry, preload }))});window.__CHAUPAL_STATE__=${safeLiteral(JSON.stringify(state))};`;
}

/** The state `bootScript` put into the page (the browser entry reads it once). */
export function readBootState(): BootState {
  return JSON.parse((window as unknown as { __CHAUPAL_STATE__: string }).__CHAUPAL_STATE__) as BootState;
}

/**
 * Starts the page's JavaScript once the server's HTML and its largest image are on screen (issue 11): after the
 * `load` event (the eager, high-priority first image has arrived; lazy images do not hold it back) and a painted
 * frame, the entry and the page's chunks are fetched. Until then the page reads and its links work as plain HTML;
 * nothing the scripts download competes with the first image for a phone's bandwidth, so the largest paint does not
 * wait for them (a phone on slow 4G took 0.7–1 s longer to show the first image while ~120 KB of script arrived with
 * it). The chunks are preloaded together, so the entry's imports do not wait for the entry.
 */
export const startScript =
  '(function(){function go(){requestAnimationFrame(function(){setTimeout(function(){var a=window.__CHAUPAL_ASSETS__;' +
  "a.preload.forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';l.href=h;" +
  "document.head.appendChild(l)});import(a.entry)},0)})}if(document.readyState==='complete')go();" +
  "else addEventListener('load',go,{once:true})})();";

/** JSON for a `<script type="application/ld+json">` block, escaped the same way. */
export const jsonLd = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c');

import type { DehydratedState } from '@tanstack/react-query';
import type { BootConfig } from './document';

export interface BootState {
  boot: BootConfig;
  query: DehydratedState;
  router: unknown;
}

/**
 * The script that hands the server's state to the browser. Every `<` is escaped so no value (a title, say) can
 * close the script and inject markup (DESIGN §8).
 */
export function bootScript(state: BootState): string {
  const json = (v: unknown) =>
    JSON.stringify(v)
      .replace(/</g, '\\u003c')
      .replace(/\u2028/g, '\\u2028')
      .replace(/\u2029/g, '\\u2029');
  return `window.__CHAUPAL__=${json({ boot: state.boot, query: state.query })};window.__staticRouterHydrationData=${json(state.router)};`;
}

/** JSON for a `<script type="application/ld+json">` block, escaped the same way. */
export const jsonLd = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c');

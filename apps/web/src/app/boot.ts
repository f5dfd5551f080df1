import type { DehydratedState } from '@tanstack/react-query';
import type { BootConfig } from './document';
import type { StartPlan } from './start';

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

/** The id of the page's state block: `<script type="application/json">`, which the browser never compiles or runs. */
export const STATE_ID = 'chaupal-state';

/**
 * The page's state as the text of its JSON block: parsed by the entry when the app starts, so a page whose
 * app has not started pays nothing for it. `<` is escaped, so no value can close the block (DESIGN §8).
 */
export const stateJson = (state: BootState) => JSON.stringify(state).replace(/</g, '\\u003c');

/** The script that hands the plan to start by to `startScript`. */
export function bootScript(plan: StartPlan): string {
  return `window.__CHAUPAL_ASSETS__=JSON.parse(${safeLiteral(JSON.stringify(plan))});`;
}

/** The text of the state block the server put into the page (the browser entry reads it once). */
export const readStateText = () => document.getElementById(STATE_ID)?.textContent ?? '';

/** JSON for a `<script type="application/ld+json">` block, escaped the same way. */
export const jsonLd = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c');

import type { TAlert } from '@chaupal/contract';

/**
 * When a page starts its JavaScript (decision 012). A server-rendered public page reads, scrolls and navigates as
 * plain HTML, so its scripts are fetched into the HTTP cache once it has loaded (no compiling, no running), and the
 * app starts and hydrates at the visitor's first sign of intent: a touch, a press, a key, a focus, a pointer moving
 * over the page. A reader who only reads never pays for hydration on a slow phone; one who taps the menu gets it
 * from the cache. Pages that need the app at once start at once, after the load event and a painted frame: the
 * signed-in areas (they render only "Loading" on the server), any page for a signed-in visitor (their chrome is added
 * in the browser), and pages that act on arrival (`/?openProfile=true`); `/about` and `/contact` are scrolled to their section by the
 * start script. The home page's session-once alert
 * is a native dialog the start script opens itself, so it needs no app either.
 *
 * A click on a control (a button, a checkbox) before the app runs is held and replayed once it has hydrated, and text
 * typed meanwhile reaches React's state (`releaseHeld` in release-held.ts); links and plain GET forms (`form[method=get][action]`) work
 * natively and are never held.
 */
export interface StartPlan {
  entry: string;
  preload: string[];
  /** Start after the load event without waiting for intent. */
  now: boolean;
  /** The section the page opens at (`/contact`): the start script scrolls to it, so the page needs no app for it. */
  section?: string;
  /** The fingerprint of the home page's alert: the start script opens it unless this session has seen it. */
  alert?: string;
  /**
   * The enhancers (`suggest`, `map`): small modules, framework-free, that the start script loads the first time a
   * control needs one, before the app runs, without it, and after it alike: one way to work those controls.
   */
  enhance?: Record<string, { js: string; css: string[]; preload: string[] }>;
  /**
   * Chunks a control needs beyond the app (`data-app="auth"`: the sign-in dialog): preloaded with the entry when it
   * is touched, instead of after the app has run.
   */
  parts?: Record<string, string[]>;
  /** What each enhancer says, in the page's language: handed to its `enhance` (the suggestions' texts). */
  texts?: Record<string, unknown>;
}

/** The id of the home page's alert dialog, which the start script opens (features/home/alert-modal.tsx). */
export const ALERT_ID = 'site-alert';
/** The session key under which the alert's fingerprint is remembered once seen (SPEC §2: once per session). */
export const ALERT_SEEN = 'chaupal.alertSeen';

/** A short fingerprint of what the alert says and shows (djb2 over its fields). */
export function alertSignature(a: TAlert): string {
  let h = 5381;
  for (const ch of JSON.stringify([a.title, a.view_type, a.image, a.videolink, a.content]))
    h = (Math.imul(h, 33) + ch.charCodeAt(0)) | 0;
  return (h >>> 0).toString(36);
}

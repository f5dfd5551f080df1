import { lazy, Suspense, useEffect, useState } from 'react';
import type { OnTop } from './ui/layers';

/**
 * Short notices (SPEC §8 success and error toasts), announced to screen readers and drawn above every dialog, drawer
 * and popover (toast-region.tsx, ui/layers.ts). A success goes after 5 s; an error stays until it is dismissed with
 * its close button or replaced: an action names its toasts with a `key`, and its next outcome under the same key
 * takes the place of the last, so a retry that succeeds clears the error at once.
 *
 *   notify(err.body.error, { tone: 'error', key: 'save-outlet' });  // the save failed
 *   notify(res.message, { key: 'save-outlet' });                    // the retry worked: the error goes
 *   dismiss('save-outlet');                                          // or it worked with nothing to say
 */
export interface Toast {
  id: number;
  title?: string;
  message: string;
  tone: 'ok' | 'error';
  key?: string;
}

export interface NotifyOptions {
  title?: string;
  tone?: 'ok' | 'error';
  /** The action the toast reports on: a later toast or `dismiss` with the same key removes this one. */
  key?: string;
}

/** How long a success stays. */
export const TOAST_MS = 5000;

let toasts: Toast[] = [];
let next = 1;
const listeners = new Set<() => void>();
/** The region's keeper, once it runs: the region goes above the open dialogs before its first toast is put in. */
let keeper: OnTop | null = null;

function set(list: Toast[]) {
  const first = list.length > 0 && toasts.length === 0;
  toasts = list;
  if (first) keeper?.place(true);
  for (const l of listeners) l();
}

/**
 * Shows a toast and returns its id. It replaces the toasts of the same `key`, and one with the same words and tone
 * (the same failure twice is one toast, read out again).
 */
export function notify(message: string, opts: NotifyOptions = {}): number {
  const id = next++;
  const { key, title, tone = 'ok' } = opts;
  const same = (t: Toast) =>
    (key !== undefined && t.key === key) || (t.message === message && t.title === title && t.tone === tone);
  set([...toasts.filter((t) => !same(t)), { id, message, title, tone, key }]);
  // A success that was replaced meanwhile is gone already: its time running out changes nothing.
  if (tone === 'ok') setTimeout(() => dismissToast(id), TOAST_MS);
  return id;
}

/** Removes the toasts of an action, e.g. its error once a retry succeeded without a toast of its own. */
export function dismiss(key: string) {
  if (toasts.some((t) => t.key === key)) set(toasts.filter((t) => t.key !== key));
}

/** Removes one toast by the id `notify` returned. */
export function dismissToast(id: number) {
  if (toasts.some((t) => t.id === id)) set(toasts.filter((t) => t.id !== id));
}

/** The toasts for the region that shows them: the list, its changes, and where the region's keeper is handed in. */
export const toastStore = {
  list: () => toasts,
  subscribe(l: () => void) {
    listeners.add(l);
    return () => {
      listeners.delete(l);
    };
  },
  keep(k: OnTop | null) {
    keeper = k;
  },
};

const Region = lazy(() => import('./toast-region'));

/**
 * Where the toasts show. Drawing the page needs neither the region nor the code that keeps it above dialogs (the
 * public pages' budget): they are a chunk of their own, fetched once the app runs, long before a toast can need
 * them (one about a lost connection included). A toast raised before it arrives waits in the list.
 */
export function Toasts() {
  const [on, setOn] = useState(false);
  useEffect(() => setOn(true), []);
  return on ? (
    <Suspense fallback={null}>
      <Region />
    </Suspense>
  ) : null;
}

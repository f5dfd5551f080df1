/**
 * What a visitor did before the app ran (decision 012, start-script.ts), handed to it once it has hydrated: loaded
 * by the entry after hydration, so it is no part of a page's first JavaScript.
 */
type Held = HTMLElement | HTMLFormElement;
interface StartWindow {
  __CHAUPAL_HELD__?: Held[];
  __CHAUPAL_CHOSEN__?: [HTMLSelectElement, string][];
  __CHAUPAL_LIVE__?: boolean;
}

/** The native value setter, which React's value tracking does not see (so React notices the change). */
function setNativeValue(el: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, value);
}

/**
 * Once the app has hydrated: what the visitor typed or chose before it ran is handed to React (an `input` or
 * `change` event, as if typed now), then the clicks held meanwhile are replayed in order.
 */
export function releaseHeld() {
  const w = window as unknown as StartWindow;
  w.__CHAUPAL_LIVE__ = true;
  for (const el of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    // Hydration leaves a typed value in place and makes React's value the default: a difference was typed.
    if (el.type === 'file' || el.type === 'checkbox' || el.type === 'radio' || el.value === el.defaultValue) continue;
    const typed = el.value;
    el.value = el.defaultValue;
    setNativeValue(el, typed);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }
  // A choice made in a list before the app ran: chosen again, so React's change handler sees it.
  for (const [el, value] of w.__CHAUPAL_CHOSEN__ ?? []) {
    if (!el.isConnected) continue;
    el.value = value;
    el.dispatchEvent(new Event('change', { bubbles: true }));
  }
  w.__CHAUPAL_CHOSEN__ = [];
  const held = w.__CHAUPAL_HELD__ ?? [];
  w.__CHAUPAL_HELD__ = [];
  for (const el of held) {
    if (!el.isConnected) continue;
    if (el instanceof HTMLFormElement) el.requestSubmit();
    else el.click();
  }
}

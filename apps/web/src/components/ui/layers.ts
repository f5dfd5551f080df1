/**
 * Keeps one element (the toast region) above every dialog, drawer and popover of the page, visible and announced,
 * however they were opened: by our Dialog, by a `<button command="show-modal">`, by the start script or by any other
 * script.
 *
 * Modal dialogs and popovers sit in the browser's top layer, drawn above everything else in the order they were
 * shown, and while a modal dialog is open everything outside it is inert: not clickable and left out of the
 * accessibility tree, so a live region there is never read out. Two things are needed together, then:
 *
 * - The element is a `popover="manual"` that is shown again (hidden, then shown) after any other element enters the
 *   top layer, which makes it the last, topmost one. A manual popover closes no other popover when shown.
 * - While a modal dialog is open, the element lives inside the topmost one. A popover outside it would be drawn on top
 *   but stay inert: screen readers would not hear it and its close button could not be clicked (Chromium treats it
 *   so, as the HTML standard says). Inside the dialog it is part of the only live part of the page, and being in the
 *   top layer itself it is not clipped or covered by the dialog's own box.
 *
 * A dialog opening or closing changes its `open` attribute, which a MutationObserver sees in the same task, before
 * the next frame is drawn; a popover changes no attribute, so its `beforetoggle` event schedules the raise for the
 * frame it is drawn in. A browser without popovers still moves the element into the dialog, where it is a fixed box
 * over the dialog's content.
 */

const isModal = (d: HTMLDialogElement) => d.isConnected && d.open && matches(d, ':modal');

function matches(el: Element, selector: string) {
  try {
    return el.matches(selector);
  } catch {
    return false;
  }
}

const canPop = (el: HTMLElement) => typeof el.showPopover === 'function';

/** Shows `el` again so it is the last element of the top layer, keeping the focus if it was inside. */
function raise(el: HTMLElement) {
  if (!canPop(el) || !el.isConnected) return;
  const focused = el.contains(document.activeElement) ? (document.activeElement as HTMLElement) : null;
  if (matches(el, ':popover-open')) el.hidePopover();
  el.showPopover();
  focused?.focus({ preventScroll: true });
}

export interface OnTop {
  /** Puts the element where it belongs now; `raise` shows it again as the topmost even if nothing moved. */
  place(raise?: boolean): void;
  stop(): void;
}

/**
 * Starts keeping `el` (which carries `popover="manual"`) on top, while `busy()` says it has something to show: then it
 * lives in the topmost open modal dialog, or else in `document.body`. While it is empty it stays in the body, so that
 * nothing is put into a dialog's markup for nothing (a dialog the start script opened may not be hydrated yet);
 * whoever fills it calls `place(true)` first, so the content is announced where it shows.
 */
export function keepOnTop(el: HTMLElement, busy: () => boolean): OnTop {
  // The modal dialogs in the order they became modal, the last on top (those open already: in the page's order).
  let modals = [...document.querySelectorAll('dialog')].filter(isModal);

  const place = (changed = false) => {
    modals = modals.filter(isModal);
    const home = (busy() && modals.at(-1)) || document.body;
    // Moving a popover hides it: it is shown again below.
    if (el.parentNode !== home) {
      home.append(el);
      changed = true;
    }
    if (changed || (canPop(el) && !matches(el, ':popover-open'))) raise(el);
  };

  const observer = new MutationObserver((records) => {
    let changed = false;
    for (const r of records) {
      if (r.type !== 'attributes' || !(r.target instanceof HTMLDialogElement)) continue;
      const d = r.target;
      modals = modals.filter((m) => m !== d);
      if (isModal(d)) modals.push(d);
      changed = true;
    }
    // Other records matter only when they took a dialog, or `el` itself, out of the page.
    place(changed && busy());
  });
  observer.observe(document.documentElement, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['open'],
  });

  let frame = 0;
  const onBeforeToggle = (e: Event) => {
    const target = e.target;
    // Dialogs are seen by the observer, in the same task.
    if (target === el || target instanceof HTMLDialogElement || (e as ToggleEvent).newState !== 'open') return;
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => place(busy()));
  };
  document.addEventListener('beforetoggle', onBeforeToggle, true);

  place(true);
  return {
    place,
    stop() {
      observer.disconnect();
      document.removeEventListener('beforetoggle', onBeforeToggle, true);
      cancelAnimationFrame(frame);
    },
  };
}

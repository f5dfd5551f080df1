import type { TSearchBody, TSearchHit } from '@chaupal/contract';
import { SUGGEST_HEADER } from '@chaupal/contract/search-headers';
import { markedParts } from './marks';

/** Suggestions start at this many characters. */
export const MIN_CHARS = 2;
/** How long typing pauses before the words are sent. */
export const DEBOUNCE_MS = 200;

/** The suggestions' texts in the page's language, from the page's start plan (suggest-texts.ts). */
export interface TSuggestTexts {
  /** The listbox's name. */
  list: string;
  /** "1 suggestion", "2 suggestions"…, by count (index 0 is one): as many as the box asks for. */
  counts: string[];
  /** A hit's kind, by kind. */
  kinds: Record<string, string>;
}

declare global {
  interface Window {
    /** The app's navigation, once it runs (layout/layout.tsx): a picked hit opens in the app instead of reloading. */
    __CHAUPAL_NAVIGATE__?: (to: string) => void;
  }
}

const attached = new WeakSet<HTMLInputElement>();

/**
 * The site search box's suggestions, as an ARIA 1.2 combobox (list autocomplete) on the box's own input: framework-free,
 * so the start script loads it on the box's first focus before the app runs (or without it), and the app uses it
 * unchanged. Down and Up move through the options (from the box, Down opens the list), Enter on an option goes to the
 * hit's page, Enter without one submits the form (the search page), Escape closes the list; with no list open, Escape
 * keeps the words (a search input would clear them) and leaves the drawer the box stands in. A click picks an option.
 * Words in the box when it joins (typed before it arrived) are suggested for at once.
 */
export function enhance(input: HTMLInputElement, texts: TSuggestTexts) {
  if (attached.has(input)) return;
  const found = input.form?.parentElement?.querySelector<HTMLElement>('[data-suggest-slot]');
  if (!found) return;
  const slot: HTMLElement = found;
  attached.add(input);
  const listId = `${input.id}-list`;
  const status = document.createElement('span');
  status.className = 'visually-hidden';
  status.setAttribute('role', 'status');
  const list = document.createElement('div');
  list.id = listId;
  list.className = 'suggest-list';
  list.setAttribute('role', 'listbox');
  list.setAttribute('aria-label', texts.list ?? '');
  // The list is in the page only while it is open.
  slot.append(status);

  let hits: TSearchHit[] = [];
  let words = '';
  let open = true;
  let active = -1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let asking: AbortController | undefined;

  const shown = () => open && hits.length > 0 && words.length >= MIN_CHARS;
  function draw() {
    const visible = shown();
    if (!visible) list.remove();
    else if (!list.isConnected) slot.append(list);
    list.replaceChildren(
      ...(visible
        ? hits.map((h, i) => {
            const option = document.createElement('div');
            option.id = `${listId}-${i}`;
            option.className = 'suggest-option';
            option.setAttribute('role', 'option');
            option.setAttribute('aria-selected', String(i === active));
            const title = document.createElement('span');
            title.className = 'suggest-title';
            for (const part of markedParts(h.title, h.titleMarks)) {
              const el = document.createElement(part.mark ? 'mark' : 'span');
              el.textContent = part.text;
              title.append(el);
            }
            const kind = document.createElement('span');
            kind.className = 'suggest-kind';
            kind.textContent = texts.kinds?.[h.kind] ?? h.kind;
            option.append(title, kind);
            // The input keeps the focus and points at the option (aria-activedescendant): keys are handled there.
            option.addEventListener('mousedown', (e) => e.preventDefault());
            option.addEventListener('mousemove', () => {
              if (active !== i) {
                active = i;
                draw();
              }
            });
            option.addEventListener('click', () => go(h));
            return option;
          })
        : []),
    );
    status.textContent = visible ? (texts.counts?.[Math.min(hits.length, texts.counts.length) - 1] ?? '') : '';
    input.setAttribute('aria-expanded', String(visible));
    toggle(input, 'aria-controls', visible ? listId : '');
    toggle(input, 'aria-activedescendant', visible && active >= 0 ? `${listId}-${active}` : '');
  }

  async function ask(q: string) {
    words = q;
    asking?.abort();
    if (q.length < MIN_CHARS) {
      hits = [];
      return draw();
    }
    const controller = new AbortController();
    asking = controller;
    try {
      const params = new URLSearchParams({ q, pageSize: String(texts.counts?.length || 6) });
      const res = await fetch(`/api/backend/v1/search?${params}`, {
        signal: controller.signal,
        headers: { [SUGGEST_HEADER]: '1' },
      });
      // A refused or failed search suggests nothing; the form still goes to the search page.
      const body = res.ok ? ((await res.json()) as TSearchBody) : undefined;
      if (controller.signal.aborted) return;
      hits = body?.data ?? [];
    } catch {
      if (controller.signal.aborted) return;
      hits = [];
    }
    draw();
  }

  function go(hit: TSearchHit) {
    open = false;
    draw();
    if (window.__CHAUPAL_NAVIGATE__) window.__CHAUPAL_NAVIGATE__(hit.url);
    else window.location.assign(hit.url);
  }

  input.addEventListener('input', () => {
    open = true;
    active = -1;
    clearTimeout(timer);
    timer = setTimeout(() => ask(input.value.trim()), DEBOUNCE_MS);
  });
  input.addEventListener('keydown', (e) => {
    const n = hits.length;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!n || words.length < MIN_CHARS) return;
      e.preventDefault();
      const down = e.key === 'ArrowDown';
      if (!shown()) active = down ? 0 : n - 1;
      else active = down ? (active + 1) % n : active <= 0 ? n - 1 : active - 1;
      open = true;
      draw();
    } else if (e.key === 'Enter' && shown() && active >= 0) {
      e.preventDefault();
      go(hits[active]);
    } else if (e.key === 'Escape') {
      // A search input clears its words on Escape: here Escape closes the list, or else leaves the drawer.
      e.preventDefault();
      if (shown()) {
        e.stopPropagation();
        open = false;
        active = -1;
        draw();
      } else input.closest('dialog')?.close();
    }
  });
  input.addEventListener('blur', () => {
    open = false;
    active = -1;
    draw();
  });
  input.addEventListener('focus', () => {
    open = true;
    draw();
  });
  // Words typed before the suggestions arrived.
  if (input.value.trim().length >= MIN_CHARS) ask(input.value.trim());
}

function toggle(el: HTMLElement, name: string, value: string) {
  if (value) el.setAttribute(name, value);
  else el.removeAttribute(name);
}

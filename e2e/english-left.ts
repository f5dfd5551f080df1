import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { SAME_IN_BOTH } from '../apps/web/src/locales/names';

/**
 * A screen in Hindi must show no English text of ours. What a screen shows that is not Hindi is either
 * content (records, the site's settings: not translated) or a text of ours left in English. Content comes from the
 * data the page was given (the state block the server put into the page, or what the journey typed), so a text with
 * Latin letters found in neither is a text of ours; so is any text that is word for word an English catalogue text.
 */
const LOCALES = join(import.meta.dirname, '..', 'apps', 'web', 'src', 'locales');
const catalogue = (lang: string) =>
  Object.assign(
    {},
    ...readdirSync(join(LOCALES, lang)).map((f) => JSON.parse(readFileSync(join(LOCALES, lang, f), 'utf8'))),
  ) as Record<string, string>;

/** Texts of ours in English that Hindi does not share (brands and "OTP" are the same in both). */
const english = (() => {
  const hi = new Set(Object.values(catalogue('hi')));
  return new Set(Object.values(catalogue('en')).filter((t) => !hi.has(t) && !t.includes('{')));
})();

/** The API's answers a page read after it arrived (client-side navigations, dashboards), as one text. */
export interface ApiReads {
  text(): string;
}

/** Keeps what the page reads from the API from now on, so content shown after a navigation counts as data. */
export function watchApi(page: Page): ApiReads {
  const bodies: string[] = [];
  page.on('response', async (res) => {
    if (!res.url().includes('/api/backend/v1/') || !res.headers()['content-type']?.includes('json')) return;
    const body = await res.text().catch(() => '');
    // The same escaping as the state block, so one lookup serves both.
    bodies.push(body.replace(/</g, '\\u003c'));
  });
  return { text: () => bodies.join('\n') };
}

/** A text of the screen that is not Hindi, and where it is. */
export interface Leftover {
  text: string;
  where: string;
}

/**
 * The texts with Latin letters a person can see or hear in `scope` (visible text, and the names, placeholders and
 * titles of elements) that are neither the page's data nor `allow` (what the journey typed, the person's name…).
 */
export async function englishLeft(
  page: Page,
  { scope = page.locator('body'), allow = [], read }: { scope?: Locator; allow?: string[]; read?: ApiReads } = {},
): Promise<Leftover[]> {
  const found = await scope.evaluate((root, extra) => {
    const out: { text: string; where: string; data: boolean; dataParts: string[] }[] = [];
    // Words in Latin letters: not an address (a placeholder's example link) nor a unit after a number ("340px").
    const latin = (t: string) => /[A-Za-z]{2,}/.test(t.replace(/https?:\/\/\S+|\d+[A-Za-z]+/g, ''));
    // What the server put into the page, and what the app read from the API since (a journey's `read`).
    const data = (document.getElementById('chaupal-state')?.textContent ?? '') + extra;
    // A name or a label is data when the data has it as a whole value; a longer text when the data has it anywhere
    // (in a rich-text body, a description cut short for a card with "…"), sentence by sentence (a card joins a body's
    // paragraphs).
    const inData = (t: string): boolean => {
      const text = t.replace(/…$/, '');
      if (data.includes(JSON.stringify(text))) return true;
      // An element's text in a record's rich text (the state escapes `<`), or a document's file name in its address.
      if (data.includes(`>${text}\\u003c`) || data.includes(`>${text}<`)) return true;
      if (/^[\w.-]+\.\w{2,4}$/.test(text) && data.includes(`/${text}`)) return true;
      const words = (x: string) => x.split(' ').length;
      const found = (x: string) => data.includes(JSON.stringify(x).slice(1, -1)) || data.includes(x);
      if (words(text) >= 3 && found(text)) return true;
      // A list of names or an address joined with commas (circles, street, locality, PIN): each of them.
      const items = text.split(', ');
      if (items.length > 1 && items.every((x) => /^\d+$/.test(x) || found(x))) return true;
      const sentences = text.split(/(?<=[.!?])\s+/);
      return sentences.length > 1 && sentences.every((x) => words(x) >= 3 && found(x));
    };
    // A text marked as written in another language (a record's, the switch's own name) is not the interface's.
    const pageLang = document.documentElement.lang;
    const foreign = (el: Element) => (el.closest('[lang]')?.getAttribute('lang') ?? pageLang) !== pageLang;
    // The parts of a text (between separators and Hindi words) that are the page's data.
    const partsIn = (t: string) =>
      t
        .split(/\s*·\s*|[\u0900-\u097F][\u0900-\u097F\s]*/)
        .map((p) => p.replace(/^[\s,:;|“”"'()]+|[\s,:;|“”"'()]+$/g, ''))
        .filter((p) => p && inData(p));
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''}`;
    const seen = (el: Element) => (el as HTMLElement).checkVisibility?.() ?? true;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(el.tagName) || !seen(el)) continue;
      if (el.closest('[aria-hidden="true"]') || foreign(el)) continue;
      const text = (n.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (latin(text)) out.push({ text, where: describe(el), data: inData(text), dataParts: partsIn(text) });
    }
    for (const el of root.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')) {
      if (!seen(el)) continue;
      for (const a of ['aria-label', 'placeholder', 'title', 'alt']) {
        const text = el.getAttribute(a)?.trim();
        if (text && latin(text)) {
          out.push({ text, where: `${describe(el)}[${a}]`, data: inData(text), dataParts: partsIn(text) });
        }
      }
    }
    return out;
  }, read?.text() ?? '');
  // A name of a thing (a brand, "OTP"), or a part whose every Latin word is one ("0 WhatsApp"), or what was allowed.
  const known = (t: string) =>
    SAME_IN_BOTH.has(t) ||
    (t.match(/[A-Za-z]{2,}/g) ?? []).every((w) => SAME_IN_BOTH.has(w)) ||
    allow.some((a) => a && (t === a || a.includes(t)));
  // A text may join data and words of ours ("© 2026 Chaupal. All rights reserved. · 2026 से", "Chaupal, होम"): each
  // part with Latin letters must be data, a name, or allowed.
  const parts = (t: string) =>
    t
      .split(/\s*·\s*|[\u0900-\u097F][\u0900-\u097F\s]*/)
      .map((p) => p.replace(/^[\s,:;|“”"'()]+|[\s,:;|“”"'()]+$/g, ''))
      .filter((p) => /[A-Za-z]{2,}/.test(p));
  return found
    .filter(
      (f) =>
        !f.data &&
        (english.has(f.text) || !(known(f.text) || parts(f.text).every((p) => known(p) || f.dataParts.includes(p)))),
    )
    .map(({ text, where }) => ({ text, where }));
}

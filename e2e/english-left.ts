import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';

/**
 * Issue 16: "all in Hindi with no English left on those screens". What a screen shows that is not Hindi is either
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

/** Names of things, the same in both languages. */
const NAMES = new Set([
  'WhatsApp',
  'Facebook',
  'Instagram',
  'X',
  'LinkedIn',
  'YouTube',
  'English',
  'OTP',
  'PIN',
  'URL',
  'OK',
]);

/** A text of the screen that is not Hindi, and where it is. */
export interface Leftover {
  text: string;
  where: string;
}

/**
 * The texts with Latin letters a person can see or hear in `scope` (visible text, and the names, placeholders and
 * titles of elements) that are neither the page's data nor `allow` (what the journey typed, the person's name…).
 */
export async function englishLeft(page: Page, scope: Locator = page.locator('body'), allow: string[] = []) {
  const found = await scope.evaluate((root) => {
    const out: { text: string; where: string; data: boolean; dataParts: string[] }[] = [];
    const data = document.getElementById('chaupal-state')?.textContent ?? '';
    const inData = (t: string) => data.includes(JSON.stringify(t).slice(1, -1)) || data.includes(t);
    // The parts of a text (between separators and Hindi words) that are the page's data.
    const partsIn = (t: string) =>
      t
        .split(/\s*[·|,:]\s+|\s+[\u0900-\u097F][^A-Za-z]*|[\u0900-\u097F]+\s*/)
        .map((p) => p.trim())
        .filter((p) => p && inData(p));
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''}`;
    const seen = (el: Element) => (el as HTMLElement).checkVisibility?.() ?? true;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(el.tagName) || !seen(el)) continue;
      if (el.closest('[aria-hidden="true"]')) continue;
      const text = (n.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (/[A-Za-z]{2,}/.test(text))
        out.push({ text, where: describe(el), data: inData(text), dataParts: partsIn(text) });
    }
    for (const el of root.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')) {
      if (!seen(el)) continue;
      for (const a of ['aria-label', 'placeholder', 'title', 'alt']) {
        const text = el.getAttribute(a)?.trim();
        if (text && /[A-Za-z]{2,}/.test(text)) {
          out.push({ text, where: `${describe(el)}[${a}]`, data: inData(text), dataParts: partsIn(text) });
        }
      }
    }
    return out;
  });
  const known = (t: string) => NAMES.has(t) || allow.some((a) => a && (t === a || a.includes(t)));
  // A text may join data and words of ours ("© 2026 Chaupal. All rights reserved. · 2026 से", "Chaupal, होम"): each
  // part with Latin letters must be data, a name, or allowed.
  const parts = (t: string) =>
    t
      .split(/\s*[·|,:]\s+|\s+[\u0900-\u097F][^A-Za-z]*|[\u0900-\u097F]+\s*/)
      .map((p) => p.trim())
      .filter((p) => /[A-Za-z]{2,}/.test(p));
  return found
    .filter(
      (f) =>
        english.has(f.text) ||
        !(f.data || known(f.text) || parts(f.text).every((p) => known(p) || f.dataParts.includes(p))),
    )
    .map(({ text, where }) => ({ text, where }));
}

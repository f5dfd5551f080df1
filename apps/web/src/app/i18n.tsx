import type { TUiLang } from '@chaupal/contract/languages';
import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { createContext, type ReactNode, useContext } from 'react';

/**
 * The interface's texts in English and Hindi (decision 019), with Lingui's core: its message catalogues
 * are compiled at build time (`@lingui/vite-plugin`, `*.json?lingui`), so no message parser reaches the browser.
 *
 * Each area of the app has a catalogue per language in `src/locales/{en,hi}/<area>.json`. The English one is
 * imported by the area's own modules (`useT(messages)`), so its texts travel in the same chunk as the code that
 * shows them, as the inline texts did. The Hindi ones load only when Hindi is chosen: all of them on the server,
 * and in the browser as two chunks, the public pages' before hydration (`loadLanguage`) and the signed-in areas'
 * when one of them opens (`withCatalogs`).
 */
export type { TUiLang };

/** One Lingui instance per language, each activated once: a render never switches language, so renders of two
 * languages can run side by side on the server. */
const instances: Record<TUiLang, I18n> = {
  en: setupI18n({ locale: 'en', messages: { en: {} } }),
  hi: setupI18n({ locale: 'hi', messages: { hi: {} } }),
};
const added = new WeakSet<Messages>();

/** Adds a compiled catalogue to a language's instance (once per catalogue). */
export function addMessages(lang: TUiLang, messages: Messages) {
  if (added.has(messages)) return;
  added.add(messages);
  instances[lang].load(lang, messages);
}

/** The language this browser page was rendered in (boot state); the server passes it to each render instead. */
let pageLang: TUiLang = 'en';
export const setPageLang = (lang: TUiLang) => {
  pageLang = lang;
};

const LangContext = createContext<TUiLang>('en');

export function LangProvider({ lang, children }: { lang: TUiLang; children: ReactNode }) {
  return <LangContext.Provider value={lang}>{children}</LangContext.Provider>;
}

/** The interface language of the page being rendered. */
export const useLang = (): TUiLang => useContext(LangContext);

export type Translate = (id: string, values?: Record<string, unknown>) => string;

const translators = new Map<I18n, Translate>();
function translator(i18n: I18n): Translate {
  let t = translators.get(i18n);
  if (!t) {
    t = (id, values) => i18n._(id, values);
    translators.set(i18n, t);
  }
  return t;
}

/**
 * The texts of an area in the page's language. `english` is the area's compiled English catalogue
 * (`import { messages } from '…/locales/en/<area>.json?lingui'`): passing it keeps the catalogue in the area's chunk.
 */
export function useT(english: Messages): Translate {
  addMessages('en', english);
  return translator(instances[useLang()]);
}

/** The same outside React (a toast, a confirm()): in the browser, the page's language. */
export function translate(english: Messages, lang: TUiLang = pageLang): Translate {
  addMessages('en', english);
  return translator(instances[lang]);
}

/** The Hindi catalogues: the public pages' and the signed-in areas' (account, dashboard, editing), see `locales/`. */
const GROUPS = {
  public: () => import('../locales/hindi-public'),
  account: () => import('../locales/hindi-account'),
};
const loaded = new Set<keyof typeof GROUPS>();

async function loadGroup(group: keyof typeof GROUPS) {
  if (loaded.has(group)) return;
  const { catalogues } = await GROUPS[group]();
  for (const messages of Object.values(catalogues)) addMessages('hi', messages);
  loaded.add(group);
}

/** Before the browser hydrates a page in Hindi: the shell's and the public pages' Hindi catalogues. */
export const loadLanguage = (lang: TUiLang) => (lang === 'hi' ? loadGroup('public') : Promise.resolve());

/** A lazy module of the signed-in areas, with their Hindi catalogue when the page is in Hindi. */
export async function withCatalogs<M>(load: () => Promise<M>): Promise<M> {
  const [module] = await Promise.all([load(), pageLang === 'hi' ? loadGroup('account') : undefined]);
  return module;
}

/** The server: every Hindi catalogue, once. */
export function addAllHindi(...groups: Record<string, Messages>[]) {
  for (const catalogues of groups) for (const messages of Object.values(catalogues)) addMessages('hi', messages);
  loaded.add('public').add('account');
}

/**
 * A text of SPEC's (MESSAGES, API_ERRORS, a toast, a field's error from the API or the contract's schemas) in the page's
 * language. The API keeps SPEC's English; the browser shows it in Hindi from the `spec` catalogue, whose ids are the
 * English texts themselves (so English needs no catalogue at all). An id with placeholders is a template: "Must be at
 * most {max} characters" stands for every such text, its values taken from the English. A text it does not know is
 * shown as it came.
 */
export function specText(text: string, lang: TUiLang = pageLang): string {
  if (lang === 'en') return text;
  const i18n = instances[lang];
  if (i18n.messages[text] !== undefined) return i18n._(text);
  for (const { id, pattern, names } of templatesOf(i18n)) {
    const m = pattern.exec(text);
    if (m) return i18n._(id, Object.fromEntries(names.map((n, i) => [n, m[i + 1]])));
  }
  return text;
}

type Template = { id: string; pattern: RegExp; names: string[] };
const templates = new Map<I18n, { size: number; list: Template[] }>();
/**
 * The ids with placeholders among a language's messages, as patterns over the English they stand for; worked out again
 * when a catalogue has been added (Lingui adds to the same object).
 */
function templatesOf(i18n: I18n): Template[] {
  const ids = Object.keys(i18n.messages);
  let kept = templates.get(i18n);
  if (kept?.size !== ids.length) {
    const list = ids
      .filter((id) => /\{\w+\}/.test(id))
      .map((id) => ({
        id,
        names: [...id.matchAll(/\{(\w+)\}/g)].map((m) => m[1]),
        pattern: new RegExp(
          `^${id
            .split(/\{\w+\}/)
            .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
            .join('(.+?)')}$`,
        ),
      }));
    kept = { size: ids.length, list };
    templates.set(i18n, kept);
  }
  return kept.list;
}

/** `specText` in the language of the page being rendered. */
export function useSpecText(): (text: string) => string {
  const lang = useLang();
  return (text) => specText(text, lang);
}

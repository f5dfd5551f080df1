/**
 * The languages a news story or feature is written in, as the forms offer them: a BCP 47 code (stored and used as
 * the article's `lang`) and the name shown. The API takes any text for `language` (SPEC §3), so older records and
 * API clients may carry a name ("English") instead of a code: `langTag` reads either.
 */
export const LANGUAGES = [
  ['en', 'English'],
  ['hi', 'हिन्दी (Hindi)'],
  ['mr', 'मराठी (Marathi)'],
] as const;

const BY_NAME: Record<string, string> = {
  english: 'en',
  hindi: 'hi',
  हिन्दी: 'hi',
  हिंदी: 'hi',
  marathi: 'mr',
  मराठी: 'mr',
};

/** The BCP 47 tag for a stored language (a code or a name), or undefined when it names no language we know. */
export function langTag(language: string | null | undefined): string | undefined {
  const v = language?.trim().toLowerCase();
  if (!v) return undefined;
  const known = LANGUAGES.find(([code, name]) => code === v || name.toLowerCase() === v);
  return known?.[0] ?? BY_NAME[v];
}

/**
 * The languages of the interface (decision 019): English, the default and the language SPEC's texts are
 * in, and Hindi. A page's language comes from `?lang=` in its address, then the `lang` cookie, then English.
 */
export const UI_LANGS = ['en', 'hi'] as const;
export type TUiLang = (typeof UI_LANGS)[number];
/** The cookie that keeps the reader's choice, and the query parameter that makes it. */
export const UI_LANG_COOKIE = 'lang';

export const isUiLang = (v: unknown): v is TUiLang => (UI_LANGS as readonly unknown[]).includes(v);

/** The interface language for a request: `?lang=` first, then the cookie, then English. */
export function uiLangOf(query: string | null | undefined, cookie: string | null | undefined): TUiLang {
  if (isUiLang(query)) return query;
  return isUiLang(cookie) ? cookie : 'en';
}

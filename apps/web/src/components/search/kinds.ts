import type { TSearchKind } from '@chaupal/contract';
import { type TUiLang, translate, useT } from '../../app/i18n';
import { messages } from '../../locales/en/kinds.json?lingui';

/** The facets' order (the contract's SEARCH_KINDS, not imported: it would bring zod into the page, decision 004). */
export const SEARCH_KIND_ORDER: readonly TSearchKind[] = [
  'service',
  'expert',
  'category',
  'outlet',
  'edition',
  'news',
  'page',
  'feature',
];

/** How the site names a kind of search hit in the page's language: one (on a hit) or many (on a facet). */
export function useKindName(): (kind: TSearchKind, many?: 'many') => string {
  const t = useT(messages);
  return (kind, many) => t(`kinds.${many ?? 'one'}.${kind}`);
}

/** Each kind's name for one hit, in a language (the suggestions' texts, made on the server). */
export function kindNames(lang: TUiLang): Record<string, string> {
  const t = translate(messages, lang);
  return Object.fromEntries(SEARCH_KIND_ORDER.map((k) => [k, t(`kinds.one.${k}`)]));
}

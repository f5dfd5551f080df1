import type { TSearchKind } from '@chaupal/contract';
import { SEARCH_KIND_ORDER as SEARCH_KIND_ORDER_OF_REGISTRY } from '@chaupal/contract/content-kinds';
import { type TUiLang, translate, useT } from '../../app/i18n';
import { messages } from '../../locales/en/kinds.json?lingui';

/** The facets' order: each content kind after its taxonomy (the registry's, without zod: decision 004). */
export const SEARCH_KIND_ORDER = SEARCH_KIND_ORDER_OF_REGISTRY as readonly TSearchKind[];

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

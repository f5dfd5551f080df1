import { type TUiLang, translate } from '../../app/i18n';
import { messages } from '../../locales/en/suggest.json?lingui';
import { kindNames } from './kinds';
import type { TSuggestTexts } from './suggest-enhancer';

/** How many suggestions the box shows. */
const SUGGESTIONS = 6;

/**
 * The suggestions' texts in a page's language, which the server puts into the page's start plan for the enhancer
 * (entry-server.tsx): the browser's bundle carries none of them.
 */
export function suggestTexts(lang: TUiLang): TSuggestTexts {
  const t = translate(messages, lang);
  return {
    list: t('suggest.list'),
    counts: Array.from({ length: SUGGESTIONS }, (_, i) => t('suggest.count', { count: i + 1 })),
    kinds: kindNames(lang),
  };
}

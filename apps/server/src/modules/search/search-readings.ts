import { type TSearchQuery, type TSynonymGroup, withoutFillers, withSynonyms } from '@chaupal/contract';
import type { DbOrTx } from '../../db/client';
import { hasDevanagari, hinglish } from './hinglish';
import { placeInQuery } from './query-place';
import { firstTerms, queryWords } from './search-text';

/**
 * One way to read a resident's search: the words searched for, the place they name, and the words that named it
 * (a did-you-mean keeps them).
 */
export interface Reading {
  query: TSearchQuery;
  words: string[];
  where: string;
}

/**
 * The words of a search as searched: the words residents use for a service or a category as the site names it
 * (contract synonyms.ts, then the admins' groups), and past the eighth term left out (search-text.ts, SEARCH_TERMS).
 */
function searched(q: string, added: readonly TSynonymGroup[]) {
  const text = firstTerms(withSynonyms(q, added).q);
  return { q: text, words: queryWords(text) };
}

/**
 * The readings of a search, in the order they are tried until one finds something (docs/architecture.md, "Search"):
 * a place named in the words as where (when the search names none), then the words as written; the same without
 * honorifics and small words ("dr sharma" finds "Dr. Sharma's Clinic" first, and "Sharma & Associates" when no
 * title says "Dr"); and for words in Devanagari, all of these in Latin letters (hinglish.ts: "शर्मा" finds
 * "Sharma & Associates"). The last reading tried answers when none finds anything, with its did-you-mean.
 */
export async function readingsOf(db: DbOrTx, asked: TSearchQuery, added: readonly TSynonymGroup[]): Promise<Reading[]> {
  const written = withSynonyms(asked.q, added).q;
  const scripts = hasDevanagari(written) ? [written, hinglish(written)] : [written];
  const texts = [...new Set(scripts.flatMap((text) => [text, withoutFillers(text)]))];
  const readings: Reading[] = [];
  for (const text of texts) {
    const place = asked.circleName || asked.blockName ? null : await placeInQuery(db, text);
    if (place) {
      const s = searched(place.q, added);
      readings.push({
        query: { ...asked, q: s.q, circleName: place.circleName, blockName: place.blockName },
        words: s.words,
        where: place.where,
      });
    }
    const s = searched(text, added);
    readings.push({ query: { ...asked, q: s.q }, words: s.words, where: '' });
  }
  return readings;
}

import { synonymPhrase as normal } from './search-admin';

/**
 * The words residents of an Indian town use for what the directory files under one name: a search for any of a
 * group's words is a search for its first, the word the site's records use (a service's or category's title). In
 * English, Hinglish and Hindi; applied to the words searched, never to stored text. A phrase is matched whole, as
 * words, in any case.
 */
export const SEARCH_SYNONYMS: readonly (readonly string[])[] = [
  ['lawyers', 'advocate', 'advocates', 'vakil', 'vakeel', 'वकील', 'अधिवक्ता'],
  ['doctors', 'physician', 'daktar', 'डॉक्टर', 'डाक्टर', 'चिकित्सक'],
  ['plumbers', 'nal wala', 'nalwala', 'प्लंबर', 'नल वाला'],
  ['electricians', 'bijli mistri', 'bijli wala', 'बिजली मिस्त्री', 'बिजली वाला', 'इलेक्ट्रीशियन'],
  ['tutors', 'tuition', 'tuitions', 'coaching', 'ट्यूशन', 'कोचिंग'],
  ['carpenters', 'बढ़ई'],
  ['beauticians', 'beauty parlour', 'beauty parlor', 'ब्यूटी पार्लर'],
  ['pharmacy', 'chemist', 'chemists', 'medical store', 'medical shop', 'dawai dukan', 'dawai', 'दवाई की दुकान', 'दवाई'],
  ['grocery', 'kirana', 'kirana store', 'किराना', 'किराने की दुकान'],
  ['bakery', 'bakers', 'बेकरी'],
  ['hardware', 'hardware shop', 'हार्डवेयर'],
  ['wi-fi', 'wifi'],
];

/** A group of synonyms: the word the site's records use, then the words that mean it. */
export type TSynonymGroup = readonly string[];

/**
 * The words of a search with each synonym phrase replaced by its group's first word: longest phrases first, whole
 * words only (a word is a run between spaces or the ends), in any case. `added` are the admins' groups (console),
 * read after the contract's. `changed` says whether anything was replaced.
 */
export function withSynonyms(q: string, added: readonly TSynonymGroup[] = []): { q: string; changed: boolean } {
  const phrases = [...SEARCH_SYNONYMS, ...added]
    .flatMap((group) => group.slice(1).map((p) => ({ p: normal(p), to: group[0] })))
    .sort((a, b) => b.p.length - a.p.length);
  let text = ` ${normal(q)} `;
  let changed = false;
  for (const { p, to } of phrases) {
    let at = text.indexOf(` ${p} `);
    while (at >= 0) {
      text = `${text.slice(0, at)} ${to} ${text.slice(at + p.length + 2)}`;
      changed = true;
      at = text.indexOf(` ${p} `, at + to.length + 1);
    }
  }
  return { q: changed ? text.trim() : q, changed };
}

/**
 * Words that say how a resident asks, not what for: honorifics before a name ("dr sharma", "shri ramesh yadav") and
 * the small words of a sentence ("doctor in civil lines", "dawai ki dukan"). A search leaves them out, so a record
 * need not hold them; when nothing else is asked, they are searched for as written.
 */
export const SEARCH_FILLERS: ReadonlySet<string> = new Set([
  // Honorifics and titles.
  'dr',
  'shri',
  'shree',
  'sri',
  'smt',
  'shrimati',
  'kumari',
  'mr',
  'mrs',
  'ms',
  'prof',
  'er',
  'ji',
  'sahab',
  'saheb',
  'श्री',
  'श्रीमती',
  'कुमारी',
  'डॉ',
  'डा',
  'जी',
  'साहब',
  // Small words, English, Hinglish and Hindi.
  'in',
  'near',
  'at',
  'around',
  'the',
  'a',
  'an',
  'of',
  'for',
  'me',
  'mein',
  'ka',
  'ki',
  'ke',
  'ko',
  'se',
  'paas',
  'में',
  'का',
  'की',
  'के',
  'को',
  'से',
  'पास',
]);

/**
 * The search without its filler words (SEARCH_FILLERS, with or without a trailing "."), outside quoted phrases and
 * not when excluded (`-the`); as written when nothing else would be left.
 */
export function withoutFillers(q: string): string {
  let quoted = false;
  const kept: string[] = [];
  for (const token of q.split(/\s+/).filter(Boolean)) {
    const opens = quoted;
    quoted = (token.split('"').length - 1) % 2 === 1 ? !quoted : quoted;
    const word = token.toLowerCase().replace(/\.$/, '');
    if (!opens && !token.includes('"') && SEARCH_FILLERS.has(word)) continue;
    kept.push(token);
  }
  return kept.some((t) => /[\p{L}\p{N}]/u.test(t)) ? kept.join(' ') : q;
}

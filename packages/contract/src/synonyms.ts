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

const normal = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * The words of a search with each synonym phrase replaced by its group's first word: longest phrases first, whole
 * words only (a word is a run between spaces or the ends), in any case. `changed` says whether anything was replaced.
 */
export function withSynonyms(q: string): { q: string; changed: boolean } {
  const phrases = SEARCH_SYNONYMS.flatMap((group) => group.slice(1).map((p) => ({ p: normal(p), to: group[0] }))).sort(
    (a, b) => b.p.length - a.p.length,
  );
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

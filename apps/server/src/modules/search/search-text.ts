import type { TSearchMark } from '@chaupal/contract';
import { decodeHTML } from 'entities';

/**
 * The words of a search as a reader means them, and where they stand in a title or a snippet. The database ranks;
 * this marks: the same rules on PGlite and PostgreSQL, and typo-tolerant like the trigram match that found the hit.
 */

/** At most this many characters of snippet (then an ellipsis at a cut end). */
export const SNIPPET_MAX = 200;
/** A word within this trigram share of a query word is a match (pg_trgm's word similarity, as the search uses). */
const WORD_MATCH = 0.5;
/** Query words shorter than this match only a whole word or (from 3 letters) a word's start. */
const FUZZY_MIN = 4;
const WORD = /[\p{L}\p{M}\p{N}]+/gu;
/** A word of a query, with the `-` that may stand before it. */
const TERM = /(-?)([\p{L}\p{M}\p{N}]+)/gu;

/**
 * Terms of a query that are searched for; the words after them are left out. Each term adds work to every way a kind
 * is read (and, when nothing holds every word, to the did-you-mean): eight name anything a reader looks for, and a
 * pasted paragraph still finds what its first words say instead of being refused.
 */
export const SEARCH_TERMS = 8;

/**
 * The query up to the end of its SEARCH_TERMS-th term, the words searched for or excluded as `readWords` counts them
 * (`or` between words is an operator, not a term), so quotes and `-` before them keep their meaning.
 */
export function firstTerms(q: string): string {
  let terms = 0;
  for (const m of q.matchAll(TERM)) {
    if (m[1] !== '-' && m[2].toLowerCase() === 'or') continue;
    terms += 1;
    if (terms === SEARCH_TERMS) return q.slice(0, (m.index ?? 0) + m[0].length);
  }
  return q;
}

/** The query's words as `websearch_to_tsquery` reads them, lower-cased: searched for, or excluded by a `-`. */
function readWords(q: string): { wanted: string[]; excluded: string[] } {
  const wanted = new Set<string>();
  const excluded = new Set<string>();
  for (const m of q.matchAll(TERM)) {
    const before = q[(m.index ?? 0) - 1];
    const negated = m[1] === '-' && (before === undefined || /\s|"/.test(before));
    const word = m[2].toLowerCase();
    if (negated) excluded.add(word);
    else if (word !== 'or') wanted.add(word);
  }
  return { wanted: [...wanted], excluded: [...excluded] };
}

/**
 * The words a search looks for, lower-cased: quoted phrases give their words, `-word` excludes a word, and `or` is an
 * operator (as `websearch_to_tsquery` reads them).
 */
export const queryWords = (q: string): string[] => readWords(q).wanted;

/** The words a search excludes (`-word`). */
export const excludedWords = (q: string): string[] => readWords(q).excluded;

/** pg_trgm's trigrams of one word: padded with two spaces before and one after. */
export function trigrams(word: string): Set<string> {
  const padded = `  ${word.toLowerCase()} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  return out;
}

const shared = (a: Set<string>, b: Set<string>) => {
  let n = 0;
  for (const t of a) if (b.has(t)) n++;
  return n;
};

/** pg_trgm's `similarity` of two words: shared trigrams over all trigrams of both. */
export function similarity(a: string, b: string): number {
  const ta = trigrams(a);
  const tb = trigrams(b);
  const common = shared(ta, tb);
  return common / (ta.size + tb.size - common || 1);
}

/** Whether the lower-cased word `w` answers query word `q` (whose trigrams are `grams` when it is long enough). */
function answers(q: string, w: string, grams: Set<string> | undefined): boolean {
  if (w === q) return true;
  if (q.length >= 3 && w.startsWith(q)) return true;
  // A word with fewer trigrams than half of the query word's cannot share half of them.
  if (!grams || w.length + 1 < grams.size * WORD_MATCH) return false;
  return shared(grams, trigrams(w)) / grams.size >= WORD_MATCH;
}

/** Whether a word of the text answers a query word: the same word, a word it begins, or a near spelling of it. */
export function wordMatches(queryWord: string, word: string): boolean {
  return answers(queryWord, word.toLowerCase(), queryWord.length >= FUZZY_MIN ? trigrams(queryWord) : undefined);
}

/** The query words a word of the text answers. */
export type Matcher = (word: string) => readonly string[];

/** A matcher for the query's words that remembers each word it was asked about (texts repeat their words). */
export function matcher(words: readonly string[]): Matcher {
  const grams = new Map(words.filter((q) => q.length >= FUZZY_MIN).map((q) => [q, trigrams(q)]));
  const seen = new Map<string, readonly string[]>();
  return (word) => {
    const w = word.toLowerCase();
    let hit = seen.get(w);
    if (!hit) {
      hit = words.filter((q) => answers(q, w, grams.get(q)));
      seen.set(w, hit);
    }
    return hit;
  };
}

/** The stretches of `text` whose words answer any of the query's words, in order, adjacent ones merged. */
export function marksIn(text: string, match: Matcher): TSearchMark[] {
  const marks: TSearchMark[] = [];
  for (const m of text.matchAll(WORD)) {
    if (!match(m[0]).length) continue;
    const start = m.index ?? 0;
    const end = start + m[0].length;
    const last = marks[marks.length - 1];
    if (last && /^\s*$/.test(text.slice(last.end, start))) last.end = end;
    else marks.push({ start, end });
  }
  return marks;
}

/** Plain text of stored HTML whose tags the database already replaced by spaces: entities decoded, spaces collapsed. */
export function plainOf(untagged: string): string {
  return decodeHTML(untagged).replace(/\s+/g, ' ').trim();
}

export interface Snippet {
  snippet: string;
  snippetMarks: TSearchMark[];
}

/**
 * A window of at most SNIPPET_MAX characters of the text that answers the most query words (the first text when
 * none does), placed where the most matches fall together, cut at word boundaries, marked.
 */
export function makeSnippet(texts: readonly string[], match: Matcher): Snippet {
  const scored = texts
    .filter((t) => t.length > 0)
    .map((text) => {
      const marks = marksIn(text, match);
      const marked = marks.flatMap((m) => [...text.slice(m.start, m.end).matchAll(WORD)]);
      const answered = new Set(marked.flatMap((w) => match(w[0])));
      return { text, marks, answered: answered.size };
    });
  if (!scored.length) return { snippet: '', snippetMarks: [] };
  const best = scored.reduce((a, b) => (b.answered > a.answered ? b : a));
  const { text, marks } = best;
  if (text.length <= SNIPPET_MAX) return { snippet: text, snippetMarks: marks };

  // The mark that begins the densest window; the window starts a little before it, at a word boundary.
  let anchor = 0;
  let most = 0;
  let last = 0;
  marks.forEach((m, i) => {
    last = Math.max(last, i);
    while (last + 1 < marks.length && marks[last + 1].end <= m.start + SNIPPET_MAX - 40) last++;
    if (last - i + 1 > most) {
      most = last - i + 1;
      anchor = m.start;
    }
  });
  let start = Math.max(0, anchor - 40);
  if (start > 0) {
    const space = text.indexOf(' ', start);
    start = space === -1 || space >= anchor ? anchor : space + 1;
  }
  let end = Math.min(text.length, start + SNIPPET_MAX - 2);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > start) end = space;
  }
  const lead = start > 0 ? '…' : '';
  const body = text.slice(start, end).trim();
  const shift = lead.length - start - (text.slice(start, end).length - text.slice(start, end).trimStart().length);
  const snippetMarks = marks
    .filter((m) => m.start >= start && m.end <= end)
    .map((m) => ({ start: m.start + shift, end: m.end + shift }));
  return { snippet: `${lead}${body}${end < text.length ? '…' : ''}`, snippetMarks };
}

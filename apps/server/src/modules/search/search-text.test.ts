import { describe, expect, it } from 'vitest';
import {
  firstTerms,
  makeSnippet,
  marksIn,
  matcher,
  plainOf,
  queryWords,
  SNIPPET_MAX,
  similarity,
  wordMatches,
} from './search-text';

const marked = (text: string, marks: { start: number; end: number }[]) => marks.map((m) => text.slice(m.start, m.end));

describe('queryWords', () => {
  it('reads words as websearch_to_tsquery does: phrases give words, -word and OR are not searched for', () => {
    expect(queryWords('"Dr. Sharma" clinic -dental OR Dentist')).toEqual(['dr', 'sharma', 'clinic', 'dentist']);
    expect(queryWords('well-known')).toEqual(['well', 'known']);
    expect(queryWords(':* &|! -')).toEqual([]);
  });
});

describe('firstTerms', () => {
  it('keeps a query up to its eighth term, counting excluded words but not OR', () => {
    const words = Array.from({ length: 40 }, (_, i) => `w${i + 1}`);
    expect(firstTerms(words.join(' '))).toBe('w1 w2 w3 w4 w5 w6 w7 w8');
    expect(firstTerms('"dr sharma" OR clinic -dental a b c d e f')).toBe('"dr sharma" OR clinic -dental a b c d');
    expect(firstTerms('plumber near the station')).toBe('plumber near the station');
  });
});

describe('word matching', () => {
  it('computes trigram similarity as pg_trgm does', () => {
    expect(similarity('plumbr', 'plumbers')).toBeCloseTo(5 / 11);
    expect(similarity('word', 'word')).toBe(1);
  });

  it('matches the same word, a word it begins, and a near spelling; short words only whole or as a start', () => {
    expect(wordMatches('plumbr', 'Plumbers')).toBe(true);
    expect(wordMatches('electrcian', 'Electricians')).toBe(true);
    expect(wordMatches('plu', 'Plumbing')).toBe(true);
    expect(wordMatches('dr', 'Dr')).toBe(true);
    expect(wordMatches('dr', 'Drains')).toBe(false);
    expect(wordMatches('samosa', 'mimosa')).toBe(false);
  });
});

describe('marksIn', () => {
  it('marks every matching word, merging neighbours into one stretch', () => {
    const title = 'Dr. Sharma Family Clinic';
    expect(marksIn(title, matcher(['sharma', 'family']))).toEqual([{ start: 4, end: 17 }]);
    expect(marked(title, marksIn(title, matcher(['dr', 'clinic'])))).toEqual(['Dr', 'Clinic']);
    expect(marksIn(title, matcher([]))).toEqual([]);
  });

  it('counts positions in UTF-16 code units, as JavaScript strings do', () => {
    const title = 'दिल्ली रोड की दुकान';
    expect(marked(title, marksIn(title, matcher(['रोड'])))).toEqual(['रोड']);
  });
});

describe('makeSnippet', () => {
  it('gives a short text whole, marked', () => {
    expect(makeSnippet(['Pipes and taps.', ''], matcher(['taps']))).toEqual({
      snippet: 'Pipes and taps.',
      snippetMarks: [{ start: 10, end: 14 }],
    });
  });

  it('takes the text that answers the most words, and the window around the matches, cut at words', () => {
    const long = `${'Vendors set up early. '.repeat(12)}The old tandoor by the gate is lit again. ${'More stalls. '.repeat(10)}`;
    const { snippet, snippetMarks } = makeSnippet(['Stalls reopen on Sunday.', long], matcher(['tandoor']));
    expect(snippet.length).toBeLessThanOrEqual(SNIPPET_MAX);
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(marked(snippet, snippetMarks)).toEqual(['tandoor']);
    const inner = snippet.slice(1, -1);
    expect(long[long.indexOf(inner) - 1]).toBe(' ');
    expect(long[long.indexOf(inner) + inner.length]).toBe(' ');
  });

  it('falls back to the start of the first text when no word is found', () => {
    const { snippet, snippetMarks } = makeSnippet([`${'word '.repeat(60)}`.trim()], matcher(['absent']));
    expect(snippet.startsWith('word word')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippetMarks).toEqual([]);
  });

  it('gives nothing for records without text', () => {
    expect(makeSnippet(['', ''], matcher(['x']))).toEqual({ snippet: '', snippetMarks: [] });
  });
});

describe('plainOf', () => {
  it('decodes entities and collapses the spaces tags left', () => {
    expect(plainOf('  Tom &amp; Jerry   &lt;3 \n ')).toBe('Tom & Jerry <3');
  });
});

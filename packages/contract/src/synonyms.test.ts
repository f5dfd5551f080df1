import { describe, expect, it } from 'vitest';
import { SEARCH_SYNONYMS, withoutFillers, withSynonyms } from './synonyms';

describe('withSynonyms', () => {
  it('searches a resident’s word as the site names it: whole words, any case, longest phrase first', () => {
    expect(withSynonyms('Vakil')).toEqual({ q: 'lawyers', changed: true });
    expect(withSynonyms('medical  store near me')).toEqual({ q: 'pharmacy near me', changed: true });
    expect(withSynonyms('dawai dukan')).toEqual({ q: 'pharmacy', changed: true });
    expect(withSynonyms('बिजली मिस्त्री')).toEqual({ q: 'electricians', changed: true });
    expect(withSynonyms('free wifi')).toEqual({ q: 'free wi-fi', changed: true });
  });

  it('leaves other words, parts of words and excluded words as written', () => {
    expect(withSynonyms('Gupta Plumbing')).toEqual({ q: 'Gupta Plumbing', changed: false });
    expect(withSynonyms('vakilpur road')).toEqual({ q: 'vakilpur road', changed: false });
    expect(withSynonyms('lawyers -vakil')).toEqual({ q: 'lawyers -vakil', changed: false });
  });

  it('gives every phrase one group, so a word is never searched as two things', () => {
    const phrases = SEARCH_SYNONYMS.flatMap((g) => g.map((p) => p.toLowerCase()));
    expect(new Set(phrases).size).toBe(phrases.length);
  });
});

describe('withoutFillers', () => {
  it('leaves out honorifics and small words, so a record need not hold them', () => {
    expect(withoutFillers('dr sharma')).toBe('sharma');
    expect(withoutFillers('Dr. Meera')).toBe('Meera');
    expect(withoutFillers('shri ramesh yadav')).toBe('ramesh yadav');
    expect(withoutFillers('doctor in civil lines')).toBe('doctor civil lines');
    expect(withoutFillers('दवाई की दुकान')).toBe('दवाई दुकान');
  });

  it('keeps quoted phrases, excluded words and a search of fillers alone as written', () => {
    expect(withoutFillers('"bank of india" branch')).toBe('"bank of india" branch');
    expect(withoutFillers('news -the')).toBe('news -the');
    expect(withoutFillers('the')).toBe('the');
    expect(withoutFillers('dr')).toBe('dr');
  });
});

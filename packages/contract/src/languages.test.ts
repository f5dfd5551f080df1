import { describe, expect, it } from 'vitest';
import { langTag } from './languages';

describe('langTag', () => {
  it('keeps the codes the forms store', () => {
    expect(langTag('en')).toBe('en');
    expect(langTag('hi')).toBe('hi');
    expect(langTag('mr')).toBe('mr');
  });

  it('reads a language written as its name, in English or in its own script', () => {
    expect(langTag('English')).toBe('en');
    expect(langTag(' HINDI ')).toBe('hi');
    expect(langTag('हिन्दी')).toBe('hi');
    expect(langTag('मराठी (Marathi)')).toBe('mr');
  });

  it('gives nothing for text that names no language we know, so no invalid lang attribute is written', () => {
    expect(langTag('Klingon')).toBeUndefined();
    expect(langTag('')).toBeUndefined();
    expect(langTag(null)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { documentName, parseDocuments } from './documents';

describe('parseDocuments (SPEC §3)', () => {
  it('keeps a list as it is', () => {
    expect(parseDocuments(['/uploads/a/x.pdf', '/uploads/b/y.pdf'])).toEqual(['/uploads/a/x.pdf', '/uploads/b/y.pdf']);
  });
  it('reads a serialised list: strips backslashes and quotes, splits on commas', () => {
    expect(parseDocuments('[\\"/uploads/a/x.pdf\\",\\"/uploads/b/y.pdf\\"]')).toEqual([
      '/uploads/a/x.pdf',
      '/uploads/b/y.pdf',
    ]);
    expect(parseDocuments("['/u/1.pdf', '/u/2.doc']")).toEqual(['/u/1.pdf', '/u/2.doc']);
  });
  it('gives nothing for empty or other values', () => {
    expect(parseDocuments('')).toEqual([]);
    expect(parseDocuments('[]')).toEqual([]);
    expect(parseDocuments(null)).toEqual([]);
  });
});

describe('documentName (SPEC §2)', () => {
  it('is the last segment of the URL, decoded', () => {
    expect(documentName('https://cdn.example.com/uploads/ab12/Price%20List.pdf?x=1')).toBe('Price List.pdf');
    expect(documentName('/uploads/ab12/menu.pdf')).toBe('menu.pdf');
  });
});

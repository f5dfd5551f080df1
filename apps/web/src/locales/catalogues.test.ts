import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { API_ERRORS, MESSAGES } from '@chaupal/contract/messages';
import { SHELL_MESSAGES } from '@chaupal/contract/shell-messages';
import { describe, expect, it } from 'vitest';
import { SAME_IN_BOTH } from './names';

/**
 * The Hindi catalogue is complete. Every English catalogue has a Hindi one with the same ids, each
 * translated (a text may stay the same only where it names something in no language: a brand, "OTP"), with the same
 * placeholders; SPEC's texts are all in the `spec` catalogue; and every id the code asks for is in the catalogue it
 * imports, so no screen can show an id or fall back to English.
 */
const here = import.meta.dirname;
const src = join(here, '..');
type Catalogue = Record<string, string>;
const read = (lang: string, area: string): Catalogue =>
  JSON.parse(readFileSync(join(here, lang, `${area}.json`), 'utf8'));
const areas = (lang: string) =>
  readdirSync(join(here, lang))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''))
    .sort();

/** A text with no words of either language: placeholders, punctuation and names ("{channel}: {message}", "YouTube URL"). */
const neutral = (text: string) =>
  (text.replace(/\{[^}]*\}/g, '').match(/[A-Za-z]+/g) ?? []).every((w) => SAME_IN_BOTH.has(w));
/** The arguments a text names (each once, however many times a plural repeats it). */
const placeholders = (text: string) => [...new Set([...text.matchAll(/\{(\w+)/g)].map((m) => m[1]))].sort();

describe('message catalogues', () => {
  it('has a Hindi catalogue for every English one, and no other', () => {
    expect(areas('hi')).toEqual(areas('en'));
  });

  for (const area of areas('en')) {
    it(`translates every text of "${area}" into Hindi, with the same placeholders`, () => {
      const en = read('en', area);
      const hi = read('hi', area);
      expect(Object.keys(hi).sort(), 'the same ids').toEqual(Object.keys(en).sort());
      for (const [id, english] of Object.entries(en)) {
        const hindi = hi[id];
        expect(typeof hindi === 'string' && hindi.trim() !== '', `${area}: ${id} is empty`).toBe(true);
        expect(placeholders(hindi), `${area}: ${id} has the same placeholders`).toEqual(placeholders(english));
        if (hindi === english) expect(neutral(english), `${area}: ${id} ("${english}") is not translated`).toBe(true);
        else expect(/[\u0900-\u097F]/.test(hindi) || neutral(hindi), `${area}: ${id} is in Devanagari`).toBe(true);
      }
    });
  }

  it("has every text of SPEC's (MESSAGES, the shell's, the API's errors) in the spec catalogue, as its own id", () => {
    const spec = read('en', 'spec');
    const texts = [...Object.values(MESSAGES), ...Object.values(SHELL_MESSAGES), ...Object.values(API_ERRORS)];
    for (const text of texts) {
      if (typeof text === 'string') expect(spec[text], text).toBe(text);
    }
    expect(spec['Phone number is not valid (Eg {example})']).toBe(MESSAGES.phoneNotValid('{example}'));
  });
});

/** Every source file of the app but tests and the admin console (which stays English). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'admin' || e.name === 'locales' ? [] : sources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

describe('the ids the code asks for', () => {
  const files = sources(src);

  it('are each in the catalogue the file imports', () => {
    const missing: string[] = [];
    let asked = 0;
    for (const file of files) {
      const code = readFileSync(file, 'utf8');
      const imported = /locales\/en\/(\w+)\.json\?lingui/.exec(code)?.[1];
      // The names bound to a translator: `const t = useT(messages)`, `const tr = translate(messages)`, a `t` parameter.
      const names = new Set([...code.matchAll(/(\w+) = (?:useT|translate)\(messages\)/g)].map((m) => m[1]));
      if (!imported || names.size === 0) continue;
      const catalogue = read('en', imported);
      for (const name of names) {
        for (const m of code.matchAll(new RegExp(`\\b${name}\\('([^']+)'`, 'g'))) {
          asked++;
          if (!(m[1] in catalogue)) missing.push(`${relative(src, file)}: ${m[1]} (not in ${imported})`);
        }
      }
    }
    expect(missing).toEqual([]);
    expect(asked).toBeGreaterThan(20);
  });

  it('come with a catalogue: a file that translates imports one', () => {
    const without = files.filter((f) => {
      if (f.endsWith('/app/i18n.tsx')) return false;
      const code = readFileSync(f, 'utf8');
      return /\buseT\(messages\)/.test(code) && !/locales\/en\/\w+\.json\?lingui/.test(code);
    });
    expect(without).toEqual([]);
  });
});

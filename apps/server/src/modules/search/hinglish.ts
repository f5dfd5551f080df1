/**
 * Hindi words in Devanagari as residents write them in Latin letters ("शर्मा" → "sharma", "किशन लाल" → "kishan
 * lal", "सरकार" → "sarkar"), so a Devanagari search finds records written in English. Libraries for Indic scripts
 * (sanscript and its schemes) romanise Sanskrit: every inherent "a" kept ("kiśana"), no nukta letters. Hindi drops
 * the inherent vowel at a word's end and between two syllables (schwa deletion), which this does, and writes long
 * ī and ū as "ee" and "oo" inside a word ("meera", "poonam") and as "i" and "u" at its end ("nandini").
 * Docs: docs/decisions/029-search-understands-the-town.md.
 */

const CONSONANTS: Record<string, string> = {
  क: 'k',
  ख: 'kh',
  ग: 'g',
  घ: 'gh',
  ङ: 'n',
  च: 'ch',
  छ: 'chh',
  ज: 'j',
  झ: 'jh',
  ञ: 'n',
  ट: 't',
  ठ: 'th',
  ड: 'd',
  ढ: 'dh',
  ण: 'n',
  त: 't',
  थ: 'th',
  द: 'd',
  ध: 'dh',
  न: 'n',
  प: 'p',
  फ: 'ph',
  ब: 'b',
  भ: 'bh',
  म: 'm',
  य: 'y',
  र: 'r',
  ल: 'l',
  ळ: 'l',
  व: 'v',
  श: 'sh',
  ष: 'sh',
  स: 's',
  ह: 'h',
};
/** A consonant with a nukta (a dot below: Urdu and English sounds). */
const NUKTA: Record<string, string> = { क: 'q', ख: 'kh', ग: 'g', ज: 'z', ड: 'r', ढ: 'rh', फ: 'f', य: 'y' };
/** The precomposed nukta letters, as their consonant and the nukta. */
const PRECOMPOSED: Record<string, string> = {
  '\u0958': 'क़',
  '\u0959': 'ख़',
  '\u095A': 'ग़',
  '\u095B': 'ज़',
  '\u095C': 'ड़',
  '\u095D': 'ढ़',
  '\u095E': 'फ़',
  '\u095F': 'य़',
};
const VOWELS: Record<string, string> = {
  अ: 'a',
  आ: 'a',
  इ: 'i',
  ई: 'ee',
  उ: 'u',
  ऊ: 'oo',
  ऋ: 'ri',
  ए: 'e',
  ऐ: 'ai',
  ओ: 'o',
  औ: 'au',
  ऑ: 'o',
  ऍ: 'e',
};
const SIGNS: Record<string, string> = {
  'ा': 'a',
  'ि': 'i',
  'ी': 'ee',
  'ु': 'u',
  'ू': 'oo',
  'ृ': 'ri',
  'े': 'e',
  'ै': 'ai',
  'ो': 'o',
  'ौ': 'au',
  'ॉ': 'o',
  'ॅ': 'e',
};
const NUKTA_SIGN = '\u093C';
const VIRAMA = '\u094D';
const ANUSVARA = 'ं';
const CANDRABINDU = 'ँ';
const VISARGA = 'ः';
const LABIALS = new Set(['प', 'फ', 'ब', 'भ', 'म']);

/** One syllable-ish unit of a word: a consonant with its vowel, or a vowel alone; `inherent` when the vowel is "a" unwritten. */
interface Unit {
  consonant: string;
  vowel: string;
  inherent: boolean;
  /** A nasal (anusvara, candrabindu) or visarga after the vowel. */
  after: string;
}

/** A Devanagari word's units, or null when it holds a character this does not read. */
function unitsOf(word: string): Unit[] | null {
  const chars = [...word.normalize('NFC')].flatMap((c) => [...(PRECOMPOSED[c] ?? c)]);
  const units: Unit[] = [];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i];
    const last = units[units.length - 1];
    if (CONSONANTS[c]) {
      const nukta = chars[i + 1] === NUKTA_SIGN;
      if (nukta) i++;
      units.push({
        consonant: nukta ? (NUKTA[c] ?? CONSONANTS[c]) : CONSONANTS[c],
        vowel: 'a',
        inherent: true,
        after: '',
      });
    } else if (VOWELS[c]) units.push({ consonant: '', vowel: VOWELS[c], inherent: false, after: '' });
    else if (SIGNS[c] && last) {
      last.vowel = SIGNS[c];
      last.inherent = false;
    } else if (c === VIRAMA && last) {
      last.vowel = '';
      last.inherent = false;
    } else if ((c === ANUSVARA || c === CANDRABINDU) && last) {
      const next = chars[i + 1];
      last.after = next && LABIALS.has(next) ? 'm' : 'n';
    } else if (c === VISARGA && last) last.after = 'h';
    else if (c === NUKTA_SIGN) continue;
    else return null;
  }
  return units;
}

/** Whether a unit ends in a sounded vowel. */
const voiced = (u: Unit | undefined) => Boolean(u?.vowel);

/** One Devanagari word in Latin letters, lower case. */
function romanWord(word: string): string {
  const units = unitsOf(word);
  if (!units) return word;
  // The inherent vowel of the last consonant is silent, in a word of more than one unit.
  const lastUnit = units[units.length - 1];
  if (units.length > 1 && lastUnit.inherent && !lastUnit.after) lastUnit.vowel = '';
  // Between syllables: an inherent vowel after a sounded vowel, before a consonant that has its own vowel, is silent
  // (ka-ma-la → kamla, sa-ra-kaa-ra → sarkar), from the right, so each deletion is seen by the unit before.
  for (let i = units.length - 2; i >= 1; i--) {
    const u = units[i];
    if (
      u.inherent &&
      !u.after &&
      u.consonant &&
      voiced(units[i - 1]) &&
      units[i + 1].consonant &&
      voiced(units[i + 1])
    ) {
      u.vowel = '';
    }
  }
  return units
    .map((u, i) => {
      const atEnd = i === units.length - 1;
      const vowel = atEnd && u.vowel === 'ee' ? 'i' : atEnd && u.vowel === 'oo' ? 'u' : u.vowel;
      return `${u.consonant}${vowel}${u.after}`;
    })
    .join('');
}

const DEVANAGARI_WORD = /[\u0900-\u097F]+/g;

/** Whether the text holds a Devanagari letter. */
export const hasDevanagari = (s: string) => /[\u0900-\u097F]/.test(s);

/** The text with each Devanagari word in Latin letters; other words and signs as they are. */
export function hinglish(text: string): string {
  return text.replace(DEVANAGARI_WORD, (w) => romanWord(w));
}

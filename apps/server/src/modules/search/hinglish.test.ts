import { describe, expect, it } from 'vitest';
import { hasDevanagari, hinglish } from './hinglish';

describe('hinglish', () => {
  it.each([
    ['शर्मा', 'sharma'],
    ['किशन लाल', 'kishan lal'],
    ['रमेश यादव', 'ramesh yadav'],
    ['सरकार', 'sarkar'],
    ['कमला', 'kamla'],
    ['मीरा', 'meera'],
    ['नंदिनी', 'nandini'],
    ['मंदिर', 'mandir'],
    ['अंबेडकर नगर', 'ambedkar nagar'],
    ['ज़रूरी', 'zaroori'],
    ['फ़ोन', 'fon'],
    ['डॉक्टर', 'doktar'],
  ])('writes %s as residents do in Latin letters: %s', (hindi, latin) => {
    expect(hinglish(hindi)).toBe(latin);
  });

  it('keeps Latin words, digits and signs as they are', () => {
    expect(hinglish('Dr. शर्मा, 452001')).toBe('Dr. sharma, 452001');
    expect(hasDevanagari('Dr. शर्मा')).toBe(true);
    expect(hasDevanagari('Dr. Sharma')).toBe(false);
  });
});

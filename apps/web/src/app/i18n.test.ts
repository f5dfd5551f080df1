import { MESSAGES } from '@chaupal/contract/messages';
import { describe, expect, it } from 'vitest';
import { catalogues } from '../locales/hindi-public';
import { addAllHindi, specText } from './i18n';

addAllHindi(catalogues);

describe("SPEC's texts in the page's language (specText)", () => {
  it('shows English as it came, and a known text in Hindi', () => {
    expect(specText(MESSAGES.loginSuccess, 'en')).toBe('Login Successfully');
    expect(specText(MESSAGES.loginSuccess, 'hi')).toBe('सफलतापूर्वक लॉगिन हुआ');
  });

  it('fills a template with the values of the English text', () => {
    expect(specText(MESSAGES.phoneNotValid('+91 98765 43210'), 'hi')).toBe('फ़ोन नंबर मान्य नहीं है (उदा. +91 98765 43210)');
    expect(specText('Must be at most 120 characters', 'hi')).toBe('अधिकतम 120 अक्षर हो सकते हैं');
    expect(specText('At most 2000 characters', 'hi')).toBe('अधिकतम 2000 अक्षर');
  });

  it('shows a text it does not know as it came', () => {
    expect(specText('Something nobody wrote down', 'hi')).toBe('Something nobody wrote down');
    expect(specText('Must be at most characters', 'hi')).toBe('Must be at most characters');
  });
});

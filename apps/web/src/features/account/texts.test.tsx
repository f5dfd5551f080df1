import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { addMessages, translate } from '../../app/i18n';
import { messages as english } from '../../locales/en/account.json?lingui';
import { messages as hindi } from '../../locales/hi/account.json?lingui';
import { channelMessage, fill } from './texts';

const link = <a href="/policy/p1">Privacy Policy</a>;

describe('fill', () => {
  it('puts an element where each language’s word order wants it', () => {
    addMessages('hi', hindi);
    const en = renderToStaticMarkup(<p>{fill(translate(english, 'en'), 'account.agreeTo', { policy: link })}</p>);
    const hi = renderToStaticMarkup(<p>{fill(translate(english, 'hi'), 'account.agreeTo', { policy: link })}</p>);
    expect(en).toBe('<p>I agree to the <a href="/policy/p1">Privacy Policy</a></p>');
    expect(hi).toBe('<p>मैं <a href="/policy/p1">Privacy Policy</a> से सहमत हूँ</p>');
  });
});

describe('channelMessage', () => {
  it('keeps SPEC’s "Email: …" in English and names the channel in Hindi', () => {
    addMessages('hi', hindi);
    expect(channelMessage(translate(english, 'en'), 'email', 'Invalid Token')).toBe('Email: Invalid Token');
    expect(channelMessage(translate(english, 'hi'), 'phone', 'अमान्य कोड')).toBe('फ़ोन: अमान्य कोड');
  });
});

import { describe, expect, it } from 'vitest';
import { bootScript, jsonLd } from '../app/boot';
import { cut, textOf } from './cards';
import { directionsHref, telHref, whatsappHref } from './contact-links';
import { formatDateTime } from './dates';

describe('formatDateTime (SPEC §9: YYYY-MM-DD dddd h:mm A in SITE_TZ)', () => {
  it('formats in the site time zone, not the machine one', () => {
    expect(formatDateTime('2026-11-22T05:30:00.000Z', 'Asia/Kolkata')).toBe('2026-11-22 Sunday 11:00 AM');
    expect(formatDateTime('2026-11-22T20:05:00.000Z', 'Asia/Kolkata')).toBe('2026-11-23 Monday 1:35 AM');
    expect(formatDateTime('2026-11-22T12:00:00.000Z', 'UTC')).toBe('2026-11-22 Sunday 12:00 PM');
  });
});

describe('contact links', () => {
  it('calls the digits of a number', () => {
    expect(telHref('+91 98765 43210')).toBe('tel:+919876543210');
  });
  it('opens WhatsApp at wa.me with the digits, only when there is a number', () => {
    expect(whatsappHref('+91 98765-43210')).toBe('https://wa.me/919876543210');
    expect(whatsappHref('9876543210', 'Hello there')).toBe('https://wa.me/919876543210?text=Hello%20there');
    expect(whatsappHref('https://wa.me/919876543210')).toBe('https://wa.me/919876543210');
    expect(whatsappHref(null)).toBeNull();
    expect(whatsappHref('12')).toBeNull();
  });
  it('gives directions from the map URL, else a search for the place', () => {
    expect(directionsHref('https://maps.example/x', 'A')).toBe('https://maps.example/x');
    expect(directionsHref(null, 'Fresh Mart')).toBe('https://www.google.com/maps/search/?api=1&query=Fresh%20Mart');
  });
});

describe('card text', () => {
  it('takes the text of HTML and cuts expert descriptions at 100 characters', () => {
    expect(textOf('<p>Family&nbsp;doctor &amp; <b>surgeon</b></p>')).toBe('Family doctor & surgeon');
    expect(cut('x'.repeat(120), 100)).toBe(`${'x'.repeat(100)}…`);
    expect(cut('short', 100)).toBe('short');
  });
});

describe('state put into HTML', () => {
  it('escapes < so no title can close the script (stored XSS)', () => {
    const evil = '</script><script>alert(1)</script>';
    const script = bootScript({
      boot: { assets: { entry: '/a.js', css: [], preload: [] }, publicUrl: 'http://x', siteTz: 'UTC' },
      query: { mutations: [], queries: [] },
      router: { loaderData: { title: evil } },
    });
    expect(script).not.toContain('</script>');
    expect(script).toContain('\\u003c/script>');
    expect(jsonLd({ headline: evil })).toBe('{"headline":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"}');
  });
});

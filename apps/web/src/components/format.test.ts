import { describe, expect, it } from 'vitest';
import { bootScript, jsonLd, stateJson } from '../app/boot';
import { cut, repeats, textOf } from './cards';
import { directionsHref, telHref, whatsappHref } from './contact-links';
import {
  dayInSiteZone,
  formatDateTime,
  formatDay,
  inSiteZone,
  setZoneTable,
  timeInSiteZone,
  zoneOffsets,
} from './dates';
import { pageTitle } from './seo';

describe('formatDateTime (SPEC §9: YYYY-MM-DD dddd h:mm A in SITE_TZ)', () => {
  it('formats in the site time zone, not the machine one', () => {
    expect(formatDateTime('2026-11-22T05:30:00.000Z', 'Asia/Kolkata')).toBe('2026-11-22 Sunday 11:00 AM');
    expect(formatDateTime('2026-11-22T20:05:00.000Z', 'Asia/Kolkata')).toBe('2026-11-23 Monday 1:35 AM');
    expect(formatDateTime('2026-11-22T12:00:00.000Z', 'UTC')).toBe('2026-11-22 Sunday 12:00 PM');
  });

  it('formats from the zone table exactly as Intl does, across DST changes and odd offsets', () => {
    const zones = ['Asia/Kolkata', 'America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'UTC'];
    // Around each change of each zone (a minute before and after), and every ~9 days 2000-2049.
    const instants: number[] = [];
    const tables = zones.map((z) => [z, zoneOffsets(z)] as const);
    for (const [, table] of tables) for (const [from] of table) instants.push(from - 60_000, from, from + 60_000);
    for (
      let t = Date.UTC(2000, 0, 1, 0, 7);
      t < Date.UTC(2050, 0, 1);
      t += 9 * 86_400_000 + 3_600_000 * 5 + 60_000 * 13
    )
      instants.push(t);
    const byIntl = (z: string) => instants.map((t) => formatDateTime(new Date(t).toISOString(), z));
    for (const [zone, table] of tables) {
      const expected = byIntl(zone);
      setZoneTable(zone, table);
      expect(byIntl(zone), zone).toEqual(expected);
    }
    expect(tables.find(([z]) => z === 'Asia/Kolkata')?.[1]).toEqual([[Date.UTC(2000, 0, 1), 330]]);
    expect(tables.find(([z]) => z === 'America/New_York')?.[1].length).toBeGreaterThan(90);
    // Outside the table (before 2000): Intl still answers.
    expect(formatDateTime('1995-06-01T12:00:00.000Z', 'Asia/Kolkata')).toBe('1995-06-01 Thursday 5:30 PM');
  });
});

describe('dates in Hindi (Devanagari month and day names, in SITE_TZ)', () => {
  it('writes the day, the month and the weekday in Hindi, and the time of day', () => {
    expect(formatDateTime('2026-11-22T05:30:00.000Z', 'Asia/Kolkata', 'hi')).toBe('22 नवंबर 2026, रविवार, 11:00 पूर्वाह्न');
    expect(formatDateTime('2026-02-03T20:05:00.000Z', 'Asia/Kolkata', 'hi')).toBe('4 फ़रवरी 2026, बुधवार, 1:35 पूर्वाह्न');
    expect(formatDateTime('2026-08-15T12:00:00.000Z', 'UTC', 'hi')).toBe('15 अगस्त 2026, शनिवार, 12:00 अपराह्न');
  });

  it('gives the date alone in either language', () => {
    expect(formatDay('2026-11-22T20:05:00.000Z', 'Asia/Kolkata')).toBe('2026-11-23');
    expect(formatDay('2026-11-22T20:05:00.000Z', 'Asia/Kolkata', 'hi')).toBe('23 नवंबर 2026');
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
  it('escapes < so no title can close the state block or the boot script (stored XSS)', () => {
    const evil = '</script><script>alert(1)</script>';
    const state = {
      boot: {
        assets: { entry: '/a.js', css: [], preload: [] },
        publicUrl: 'http://x',
        siteTz: 'UTC',
        lang: 'en' as const,
      },
      query: { mutations: [], queries: [] },
      router: { loaderData: { title: evil } },
    };
    const block = stateJson(state);
    expect(block).not.toContain('<');
    // And the browser reads back exactly what the server meant.
    expect(JSON.parse(block)).toEqual(state);
    const script = bootScript({ entry: '/a.js', preload: [evil], now: false });
    expect(script).not.toContain('</script>');
    const win: Record<string, unknown> = {};
    new Function('window', script)(win);
    expect(win.__CHAUPAL_ASSETS__).toEqual({ entry: '/a.js', preload: [evil], now: false });
    expect(jsonLd({ headline: evil })).toBe('{"headline":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"}');
  });
});

describe('tab titles', () => {
  const site = 'Chaupal Devgarh — Local directory and news';
  it('adds the site title once, and not to a title that already ends with the site', () => {
    expect(pageTitle('Doctors', site, 'Chaupal Devgarh')).toBe(`Doctors | ${site}`);
    expect(pageTitle(undefined, site, 'Chaupal Devgarh')).toBe(site);
    expect(pageTitle('Bridge reopens | Chaupal Devgarh', site, 'Chaupal Devgarh')).toBe(
      'Bridge reopens | Chaupal Devgarh',
    );
    expect(pageTitle(`Bridge reopens | ${site}`, site, 'Chaupal Devgarh')).toBe(`Bridge reopens | ${site}`);
    // A title that merely mentions the town keeps the suffix.
    expect(pageTitle('Chaupal Devgarh Marathon results', site, 'Chaupal Devgarh')).toBe(
      `Chaupal Devgarh Marathon results | ${site}`,
    );
  });
});

describe('admin times in the site zone', () => {
  it('formats in SITE_TZ, whatever the browser zone', () => {
    setZoneTable('Asia/Kolkata', zoneOffsets('Asia/Kolkata'));
    expect(inSiteZone('2026-11-22T20:05:00.000Z')).toBe('2026-11-23 Monday 1:35 AM');
    expect(dayInSiteZone('2026-11-22T20:05:00.000Z')).toBe('2026-11-23');
    expect(timeInSiteZone('2026-11-22T20:05:00.000Z')).toBe('1:35 AM');
  });
});

describe('a lead that repeats the body', () => {
  it('is recognised through markup, spacing and a cut ending; a lead that adds something is not', () => {
    expect(repeats('Fair opens  on Sunday…', '<p>Fair opens on <b>Sunday</b> at the ground.</p>')).toBe(true);
    expect(repeats('Fair opens on Sunday...', '<p>Fair opens on Sunday at the ground.</p>')).toBe(true);
    expect(repeats('A summary', '<p>Fair opens on Sunday.</p>')).toBe(false);
    expect(repeats('', '<p>Fair opens on Sunday.</p>')).toBe(false);
    expect(repeats('Fair opens', null)).toBe(false);
  });
});

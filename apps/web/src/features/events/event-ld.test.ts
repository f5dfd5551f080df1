import { createRequire } from 'node:module';
import type { TEvent } from '@chaupal/contract/events';
import { describe, expect, it } from 'vitest';
import { entryPrice, eventStructuredData, isoInZone } from './event-ld';
import { buildEvent, IST, SITE_URL } from './test-kit';

/** structured-data-testing-tool (npm): extracts a page's JSON-LD, checks its schema.org types and runs our tests. */
const { structuredDataTest } = createRequire(import.meta.url)('structured-data-testing-tool') as {
  structuredDataTest(
    html: string,
    options: object,
  ): Promise<{ passed: { test: string }[]; failed: { test: string }[]; schemas: string[] }>;
};

/** The tool tests `expect instanceof RegExp`: its patterns are made in Node's own realm, not the test's. */
const NodeRegExp = (createRequire(import.meta.url)('node:vm') as typeof import('node:vm')).runInThisContext(
  'RegExp',
) as RegExpConstructor;
const WHEN = new NodeRegExp('^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}:\\d{2}[+-]\\d{2}:\\d{2})?$');
const DATE = new NodeRegExp('^\\d{4}-\\d{2}-\\d{2}$');
const TIME = new NodeRegExp('^([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d$');
const STATUS = new NodeRegExp('^https://schema\\.org/Event(Scheduled|Cancelled|Postponed|Rescheduled)$');
const DAY = new NodeRegExp('^https://schema\\.org/(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)$');
const FREQUENCY = new NodeRegExp('^P1[WM]$');
const PIN = new NodeRegExp('^[1-9]\\d{5}$');
/** A format test: the tool counts a RegExp test passed only on a list value, so the value is wrapped in one. */
const format = (path: string, expect: RegExp) => ({ test: `${path} | [@]`, expect });

/**
 * Google's event structured data: `name`, `startDate` and a `location` Place with a PostalAddress required; dates as
 * ISO 8601 (with the offset when timed), `eventStatus`, the attendance mode, `offers`, `organizer`, and for a
 * rescheduled event its `previousStartDate` recommended — tested here as required where the event gave them, with
 * the repeat's Schedule.
 */
function googleEvent(ld: Record<string, unknown>) {
  const at = 'Event[*]';
  const offers = ld.offers as Record<string, unknown>;
  const schedule = ld.eventSchedule as { byDay?: string[]; startTime?: string } | undefined;
  return {
    name: 'Google Event',
    description: 'Google event',
    schema: 'Event',
    tests: [
      { test: 'Event' },
      { test: `${at}."@type"`, expect: 'Event' },
      { test: `${at}.name` },
      { test: `${at}.description` },
      { test: `${at}.url` },
      format(`${at}.startDate`, WHEN),
      format(`${at}.endDate`, WHEN),
      format(`${at}.eventStatus`, STATUS),
      { test: `${at}.eventAttendanceMode`, expect: 'https://schema.org/OfflineEventAttendanceMode' },
      { test: `${at}.location."@type"`, expect: 'Place' },
      { test: `${at}.location.name` },
      { test: `${at}.location.address."@type"`, expect: 'PostalAddress' },
      { test: `${at}.location.address.addressLocality` },
      { test: `${at}.location.address.addressCountry`, expect: 'IN' },
      ...((ld.location as { address: { postalCode?: string } }).address.postalCode
        ? [format(`${at}.location.address.postalCode`, PIN)]
        : []),
      { test: `${at}.offers."@type"`, expect: 'Offer' },
      { test: `${at}.offers.availability`, expect: 'https://schema.org/InStock' },
      { test: `${at}.offers.url` },
      ...('price' in offers
        ? [{ test: `${at}.offers.price` }, { test: `${at}.offers.priceCurrency`, expect: 'INR' }]
        : []),
      ...(ld.organizer ? [{ test: `${at}.organizer.name` }] : [{ test: `${at}.organizer`, expect: false }]),
      ...(ld.eventStatus === 'https://schema.org/EventRescheduled' ? [format(`${at}.previousStartDate`, DATE)] : []),
      ...(schedule
        ? [
            { test: `${at}.eventSchedule."@type"`, expect: 'Schedule' },
            format(`${at}.eventSchedule.repeatFrequency`, FREQUENCY),
            format(`${at}.eventSchedule.startDate`, DATE),
            format(`${at}.eventSchedule.endDate`, DATE),
            { test: `${at}.eventSchedule.scheduleTimezone` },
            ...(schedule.byDay ?? []).map((_, i) => format(`${at}.eventSchedule.byDay[${i}]`, DAY)),
            ...(schedule.startTime
              ? [format(`${at}.eventSchedule.startTime`, TIME), format(`${at}.eventSchedule.endTime`, TIME)]
              : []),
          ]
        : [{ test: `${at}.eventSchedule`, expect: false }]),
    ],
  };
}

const site = { name: 'Chaupal', url: SITE_URL, logo: null };
const ldOf = (item: TEvent, tz = IST) =>
  eventStructuredData(item, `${SITE_URL}/events/${item.slug}`, site, tz) as Record<string, unknown>;

/** Runs the validator over a page with the event's JSON-LD, with the Google preset made for it; the tests that failed. */
const failures = (item: TEvent, tz = IST) => {
  const ld = ldOf(item, tz);
  const html = `<!doctype html><html><head><script type="application/ld+json">${JSON.stringify(ld)}</script></head></html>`;
  return structuredDataTest(html, { presets: [googleEvent(ld)] }).then(
    (res) => {
      expect(res.schemas).toContain('Event');
      expect(res.passed.length).toBeGreaterThan(15);
      return [] as string[];
    },
    (err: { res: { failed: { test: string }[] } }) => err.res.failed.map((f) => f.test),
  );
};

describe('Event JSON-LD', () => {
  it('gives a weekly market its next occurrence with India’s offset, its place, organiser, free entry and Schedule', async () => {
    expect(await failures(buildEvent())).toEqual([]);
    expect(ldOf(buildEvent())).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Saturday haat',
      description: 'Vegetables, grain and cloth from the villages around.',
      image: ['https://chaupal.example/uploads/haat.jpg'],
      startDate: '2026-12-05T10:00:00+05:30',
      endDate: '2026-12-05T13:00:00+05:30',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: {
        '@type': 'Place',
        name: 'Old tank ground',
        address: {
          '@type': 'PostalAddress',
          streetAddress: 'Tank Road',
          addressLocality: 'Lalbagh',
          postalCode: '261001',
          addressCountry: 'IN',
        },
        geo: { '@type': 'GeoCoordinates', latitude: 27.5706, longitude: 80.6982 },
      },
      organizer: {
        '@type': 'Organization',
        name: 'Sitapur Traders’ Association',
        url: 'https://traders.example',
        telephone: '+919876543210',
      },
      offers: {
        '@type': 'Offer',
        price: 0,
        priceCurrency: 'INR',
        url: 'https://chaupal.example/events/saturday-haat',
        availability: 'https://schema.org/InStock',
      },
      eventSchedule: {
        '@type': 'Schedule',
        repeatFrequency: 'P1W',
        byDay: ['https://schema.org/Saturday'],
        startDate: '2026-11-28',
        endDate: '2027-01-30',
        startTime: '10:00:00',
        endTime: '13:00:00',
        scheduleTimezone: 'Asia/Kolkata',
      },
      inLanguage: 'en',
      url: 'https://chaupal.example/events/saturday-haat',
    });
  });

  it('dates an all-day mela by its days, and a monthly repeat by its day of the month', async () => {
    const mela = buildEvent({
      schedule: {
        startDate: '2026-11-05',
        startTime: null,
        endDate: '2026-11-07',
        endTime: null,
        repeat: { every: 'month', until: '2027-03-05' },
      },
      next: { start: '2026-12-04T18:30:00.000Z', end: '2026-12-07T18:30:00.000Z', allDay: true },
      entry: '₹50 per person',
      registration_url: 'https://register.example/mela',
    });
    expect(await failures(mela)).toEqual([]);
    const ld = ldOf(mela);
    expect([ld.startDate, ld.endDate]).toEqual(['2026-12-05', '2026-12-07']);
    expect(ld.eventSchedule).toEqual({
      '@type': 'Schedule',
      repeatFrequency: 'P1M',
      byMonthDay: 5,
      startDate: '2026-11-05',
      endDate: '2027-03-05',
      scheduleTimezone: 'Asia/Kolkata',
    });
    expect(ld.offers).toEqual({
      '@type': 'Offer',
      price: 50,
      priceCurrency: 'INR',
      url: 'https://register.example/mela',
      availability: 'https://schema.org/InStock',
    });
  });

  it('says a cancelled event is cancelled and a postponed one rescheduled, with the date it was planned for', async () => {
    const cancelled = buildEvent({ eventStatus: 'cancelled' });
    expect(await failures(cancelled)).toEqual([]);
    expect(ldOf(cancelled).eventStatus).toBe('https://schema.org/EventCancelled');
    const postponed = buildEvent({ eventStatus: 'postponed', previousStartDate: '2026-11-21' });
    expect(await failures(postponed)).toEqual([]);
    expect(ldOf(postponed)).toMatchObject({
      eventStatus: 'https://schema.org/EventRescheduled',
      previousStartDate: '2026-11-21',
    });
    expect(ldOf(buildEvent({ eventStatus: 'postponed' })).eventStatus).toBe('https://schema.org/EventPostponed');
  });

  it('gives an event at an outlet the outlet’s page, and leaves out what the event does not have', async () => {
    const atOutlet = buildEvent({
      schedule: { startDate: '2026-11-29', startTime: '17:00', endDate: '2026-11-29', endTime: '20:00', repeat: null },
      next: null,
      venue: { id: 'o1', title: 'Corner Chemist', slug: 'corner-chemist' },
      venue_name: '',
      street_address: null,
      pin_code: null,
      latitude: null,
      longitude: null,
      organiser: '',
      image: null,
    });
    expect(await failures(atOutlet)).toEqual([]);
    const ld = ldOf(atOutlet);
    // Every occurrence has ended: the first is the event's date.
    expect([ld.startDate, ld.endDate]).toEqual(['2026-11-29T17:00:00+05:30', '2026-11-29T20:00:00+05:30']);
    expect(ld.location).toEqual({
      '@type': 'Place',
      name: 'Corner Chemist',
      url: 'https://chaupal.example/outlets/corner-chemist',
      address: { '@type': 'PostalAddress', addressLocality: 'Lalbagh', addressCountry: 'IN' },
    });
    expect(ld).not.toHaveProperty('organizer');
    expect(ld).not.toHaveProperty('image');
    expect(ld).not.toHaveProperty('eventSchedule');
  });

  it('writes the offset a zone with summer time has on the event’s date', () => {
    expect(isoInZone('2026-07-04', 600, 'Europe/London')).toBe('2026-07-04T10:00:00+01:00');
    expect(isoInZone('2026-12-04', 600, 'Europe/London')).toBe('2026-12-04T10:00:00+00:00');
    expect(isoInZone('2026-12-04', 570, 'America/New_York')).toBe('2026-12-04T09:30:00-05:00');
  });

  it('fails a shape Google would refuse', async () => {
    const broken = buildEvent({ pin_code: '26100', eventStatus: 'postponed', previousStartDate: '21/11/2026' });
    expect(await failures(broken)).toEqual([
      'Event[0].location.address.postalCode | [@]',
      'Event[0].previousStartDate | [@]',
    ]);
  });
});

describe('entryPrice', () => {
  it('reads the first amount an entry names, and none from words alone', () => {
    expect(entryPrice('₹50')).toBe(50);
    expect(entryPrice('Rs. 1,200 a family')).toBe(1200);
    expect(entryPrice('₹20.50 for children')).toBe(20.5);
    expect(entryPrice('Donation')).toBeNull();
  });

  it('says an entry without an amount in words in the offer', () => {
    expect(ldOf(buildEvent({ entry: 'Donation' })).offers).toEqual({
      '@type': 'Offer',
      description: 'Donation',
      url: 'https://chaupal.example/events/saturday-haat',
      availability: 'https://schema.org/InStock',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { googleCalendarHref, icsHref } from './calendar-links';
import { buildEvent, IST, SITE_URL } from './test-kit';

const paramsOf = (href: string) => Object.fromEntries(new URL(href).searchParams);

describe('icsHref', () => {
  it('is the server’s .ics of the event, its slug encoded', () => {
    expect(icsHref('saturday-haat')).toBe('/api/backend/v1/events/ics/saturday-haat');
    expect(icsHref('mela 2026/27')).toBe('/api/backend/v1/events/ics/mela%202026%2F27');
  });
});

describe('googleCalendarHref', () => {
  it('adds a one-evening event at its UTC instants, in the site’s zone', () => {
    const event = buildEvent({
      slug: 'health-camp',
      title: 'Free eye camp',
      description: '<p>Eye tests &amp; glasses</p>',
      schedule: { startDate: '2026-11-29', startTime: '17:00', endDate: '2026-11-29', endTime: '20:00', repeat: null },
      next: { start: '2026-11-29T11:30:00.000Z', end: '2026-11-29T14:30:00.000Z', allDay: false },
    });
    expect(googleCalendarHref(event, SITE_URL, IST)).toBe(
      'https://calendar.google.com/calendar/render?action=TEMPLATE&text=Free+eye+camp' +
        '&dates=20261129T113000Z%2F20261129T143000Z' +
        '&details=Eye+tests+%26+glasses%0A%0Ahttps%3A%2F%2Fchaupal.example%2Fevents%2Fhealth-camp' +
        '&location=Old+tank+ground%2C+Tank+Road%2C+261001&ctz=Asia%2FKolkata',
    );
  });

  it('adds a weekly repeat from its next Saturday, with its RRULE until the last second of its last day', () => {
    const p = paramsOf(googleCalendarHref(buildEvent(), SITE_URL, IST));
    expect(p).toEqual({
      action: 'TEMPLATE',
      text: 'Saturday haat',
      dates: '20261205T043000Z/20261205T073000Z',
      details: 'Vegetables, grain and cloth from the villages around.\n\nhttps://chaupal.example/events/saturday-haat',
      location: 'Old tank ground, Tank Road, 261001',
      ctz: 'Asia/Kolkata',
      // 30 Jan 2027 23:59:59 in India is 18:29:59 UTC.
      recur: 'RRULE:FREQ=WEEKLY;BYDAY=SA;UNTIL=20270130T182959Z',
    });
  });

  it('writes the weekdays of a repeat in RFC 5545’s order', () => {
    const event = buildEvent({
      schedule: {
        startDate: '2026-11-28',
        startTime: '10:00',
        endDate: '2026-11-28',
        endTime: '13:00',
        repeat: { every: 'week', days: [6, 0, 3], until: '2026-12-31' },
      },
    });
    expect(paramsOf(googleCalendarHref(event, SITE_URL, IST)).recur).toBe(
      'RRULE:FREQ=WEEKLY;BYDAY=SU,WE,SA;UNTIL=20261231T182959Z',
    );
  });

  it('adds an all-day event as dates, the day after its last as the end, and a monthly repeat until a date', () => {
    const event = buildEvent({
      schedule: {
        startDate: '2026-11-05',
        startTime: null,
        endDate: '2026-11-06',
        endTime: null,
        repeat: { every: 'month', until: '2027-03-05' },
      },
      // The December one is next: local midnight of the 5th to local midnight after the 6th.
      next: { start: '2026-12-04T18:30:00.000Z', end: '2026-12-06T18:30:00.000Z', allDay: true },
    });
    const p = paramsOf(googleCalendarHref(event, SITE_URL, IST));
    expect(p.dates).toBe('20261205/20261207');
    expect(p.recur).toBe('RRULE:FREQ=MONTHLY;BYMONTHDAY=5;UNTIL=20270305');
  });

  it('adds the first occurrence once every one has ended, and leaves out a location it does not have', () => {
    const event = buildEvent({
      schedule: { startDate: '2026-11-27', startTime: null, endDate: '2026-11-29', endTime: null, repeat: null },
      next: null,
      venue_name: '',
      street_address: null,
      pin_code: null,
    });
    const p = paramsOf(googleCalendarHref(event, SITE_URL, IST));
    expect(p.dates).toBe('20261127/20261130');
    expect(p.location).toBeUndefined();
    expect(p.recur).toBeUndefined();
  });

  it('reads the wall clock of a zone with summer time at the offset of the event’s date', () => {
    const event = buildEvent({
      schedule: { startDate: '2026-07-04', startTime: '10:00', endDate: '2026-07-04', endTime: '12:30', repeat: null },
      next: null,
    });
    const p = paramsOf(googleCalendarHref(event, SITE_URL, 'Europe/London'));
    expect(p.dates).toBe('20260704T090000Z/20260704T113000Z');
    expect(p.ctz).toBe('Europe/London');
  });

  it('names an outlet venue by its title when the event gives no venue name', () => {
    const event = buildEvent({
      venue: { id: 'o1', title: 'Corner Chemist', slug: 'corner-chemist' },
      venue_name: '',
      street_address: '12 Mall Road',
      pin_code: null,
    });
    expect(paramsOf(googleCalendarHref(event, SITE_URL, IST)).location).toBe('Corner Chemist, 12 Mall Road');
  });
});

import { occurrences, type TEventSchedule, type TOccurrence, zoneInstant } from '@chaupal/contract';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { eventCalendar, type IcsCalendarOptions, type IcsEvent, vtimezone } from './ics';

const IST = 'Asia/Kolkata';
const LONDON = 'Europe/London';
const SITE = 'https://chaupal.example';
const updatedAt = new Date('2026-11-01T09:15:00Z');

const event = (id: string, schedule: Partial<TEventSchedule>, more: Partial<IcsEvent> = {}): IcsEvent => ({
  id,
  title: `Event ${id}`,
  summary: `About ${id}`,
  url: `${SITE}/events/${id}`,
  schedule: {
    startDate: '2026-11-28',
    startTime: null,
    endDate: '2026-11-28',
    endTime: null,
    repeat: null,
    ...schedule,
  },
  status: 'scheduled',
  updatedAt,
  ...more,
});

/** Every Saturday and Sunday (2026-11-28 is a Saturday), 10 AM to 1 PM, across two month ends. */
const haat = event(
  'haat',
  {
    startTime: '10:00',
    endTime: '13:00',
    repeat: { every: 'week', days: [6, 0], until: '2027-01-31' },
  },
  {
    title: 'Saturday–Sunday haat',
    location: { name: 'Mandi ground', address: 'Station Road, Ward 4', lat: 26.85, lng: 80.95 },
    organizer: { name: 'Nagar Panchayat', email: 'haat@chaupal.example' },
  },
);
/** Monthly on the 31st, 6 to 8 PM: months without one are skipped. */
const camp = event('camp', {
  startDate: '2026-12-31',
  startTime: '18:00',
  endDate: '2026-12-31',
  endTime: '20:00',
  repeat: { every: 'month', until: '2027-12-31' },
});
/** Saturdays 4 to 6 AM in India, still Friday in UTC: the weekday is the site's, not UTC's. */
const dawn = event('dawn', {
  startTime: '04:00',
  endTime: '06:00',
  repeat: { every: 'week', days: [6], until: '2027-01-30' },
});
/** A five-day mela, all day. */
const mela = event(
  'mela',
  { startDate: '2026-11-20', endDate: '2026-11-24' },
  { location: { address: 'Ramlila Maidan' } },
);
/** All day on the 31st of every month. */
const fair = event('fair', {
  startDate: '2027-01-31',
  endDate: '2027-01-31',
  repeat: { every: 'month', until: '2027-12-31' },
});
/** An overnight jagran, 10 PM to 2 AM. */
const jagran = event('jagran', {
  startDate: '2026-12-12',
  startTime: '22:00',
  endDate: '2026-12-13',
  endTime: '02:00',
});
const HINDI = 'स्वास्थ्य शिविर, नेत्र जाँच; मुफ़्त\nदूसरी पंक्ति';
const cancelled = event(
  'eye-camp',
  { startDate: '2026-12-05', startTime: '17:00', endDate: '2026-12-05', endTime: '19:00' },
  {
    title: HINDI,
    summary: 'Bring your card; free, for all\nNo fee',
    status: 'cancelled',
    organizer: { name: 'No mail' },
  },
);
const postponed = event(
  'sabha',
  { startDate: '2026-12-07', startTime: '11:00', endDate: '2026-12-07', endTime: '12:00' },
  {
    status: 'postponed',
    location: { lat: 26.9, lng: 80.9 },
  },
);
const ALL = [haat, camp, dawn, mela, fair, jagran, cancelled, postponed];

const feed = (events: IcsEvent[], more: Partial<IcsCalendarOptions> = {}) =>
  eventCalendar({ name: 'Chaupal events, Sitapur', url: `${SITE}/events.ics`, events, tz: IST, ...more });

/** The lines of an iCalendar text, long ones unfolded. */
const lines = (text: string) => text.replace(/\r\n[ \t]/g, '').split('\r\n');
const parse = (text: string) => new ICAL.Component(ICAL.parse(text));
const vevents = (text: string) => parse(text).getAllSubcomponents('vevent');
const byUid = (text: string, uid: string) => {
  const found = vevents(text).find((c) => c.getFirstPropertyValue('uid') === uid);
  if (!found) throw new Error(`No VEVENT ${uid}`);
  return new ICAL.Event(found);
};

/**
 * Occurrences as ical.js expands the VEVENT (RRULE, DTSTART, DTEND and the VTIMEZONE), overlapping [from, to). Dates
 * of all-day ones are placed at the site's midnights, as `occurrences` places them, since a DATE has no zone.
 */
function expand(vevent: ICAL.Event, tz: string, from: Date, to: Date): TOccurrence[] {
  const found: TOccurrence[] = [];
  const iterator = vevent.iterator();
  for (let next = iterator.next(), guard = 0; next && guard < 1000; next = iterator.next(), guard++) {
    const details = vevent.getOccurrenceDetails(next);
    const allDay = details.startDate.isDate;
    const instant = (t: ICAL.Time) => (allDay ? zoneInstant(t.toString(), 0, tz) : t.toJSDate());
    const start = instant(details.startDate);
    const end = instant(details.endDate);
    if (start.getTime() >= to.getTime()) break;
    if (end.getTime() > from.getTime()) found.push({ start, end, allDay });
  }
  return found;
}
const iso = (list: TOccurrence[]) => list.map((o) => `${o.start.toISOString()}/${o.end.toISOString()}/${o.allDay}`);

describe('eventCalendar', () => {
  const text = feed(ALL);

  it('is one VEVENT per event, with UIDs from the event and the site’s host', () => {
    expect(vevents(text).map((c) => c.getFirstPropertyValue('uid'))).toEqual(ALL.map((e) => `${e.id}@chaupal.example`));
  });

  it('expands every repeat in ical.js exactly as occurrences() does', () => {
    const windows: [Date, Date][] = [
      [new Date('2026-01-01T00:00:00Z'), new Date('2029-01-01T00:00:00Z')],
      // A month end inside, starting midway through a haat morning and an all-day mela.
      [new Date('2026-11-22T05:00:00Z'), new Date('2027-01-05T00:00:00Z')],
      [new Date('2027-01-31T05:00:00Z'), new Date('2027-04-01T00:00:00Z')],
    ];
    for (const e of ALL) {
      const vevent = byUid(text, `${e.id}@chaupal.example`);
      for (const [from, to] of windows) {
        const ours = occurrences(e.schedule, IST, from, to);
        expect(iso(expand(vevent, IST, from, to)), `${e.id} from ${from.toISOString()}`).toEqual(iso(ours));
      }
    }
    // The comparison has something to compare.
    const all = (e: IcsEvent) => occurrences(e.schedule, IST, new Date('2026-01-01'), new Date('2029-01-01'));
    expect([haat, camp, dawn, mela, fair, jagran].map((e) => all(e).length)).toEqual([20, 8, 10, 1, 7, 1]);
  });

  it('reads timed events in the site’s zone from its VTIMEZONE, not as floating times', () => {
    const vevent = byUid(text, 'haat@chaupal.example');
    expect(vevent.startDate.zone?.tzid).toBe(IST);
    expect(vevent.startDate.toJSDate().toISOString()).toBe('2026-11-28T04:30:00.000Z');
    expect(vevent.endDate.toJSDate().toISOString()).toBe('2026-11-28T07:30:00.000Z');
    expect(vevent.startDate.isDate).toBe(false);
    const all = lines(text);
    expect(all).toContain('DTSTART;TZID=Asia/Kolkata:20261128T100000');
    expect(all).toContain('DTEND;TZID=Asia/Kolkata:20261128T130000');
    expect(all).toContain('DTSTART;TZID=Asia/Kolkata:20261212T220000');
    expect(all).toContain('DTEND;TZID=Asia/Kolkata:20261213T020000');
    // India has one offset all year: a single observance, from two days before the first timed date.
    const zone = all.slice(all.indexOf('BEGIN:VTIMEZONE'), all.indexOf('END:VTIMEZONE') + 1);
    expect(zone).toEqual([
      'BEGIN:VTIMEZONE',
      'TZID:Asia/Kolkata',
      'BEGIN:STANDARD',
      'DTSTART:20261126T053000',
      'TZOFFSETFROM:+0530',
      'TZOFFSETTO:+0530',
      'END:STANDARD',
      'END:VTIMEZONE',
    ]);
  });

  it('writes repeats as RRULEs with UNTIL at the end of the until date', () => {
    const rules = lines(text).filter((l) => l.startsWith('RRULE:'));
    expect(rules).toEqual([
      // Midnight after 2027-01-31 in India is 18:30 UTC.
      'RRULE:FREQ=WEEKLY;BYDAY=SU,SA;UNTIL=20270131T182959Z',
      'RRULE:FREQ=MONTHLY;BYMONTHDAY=31;UNTIL=20271231T182959Z',
      'RRULE:FREQ=WEEKLY;BYDAY=SA;UNTIL=20270130T182959Z',
      'RRULE:FREQ=MONTHLY;BYMONTHDAY=31;UNTIL=20271231',
    ]);
  });

  it('writes all-day events as DATE values, ending the day after their last', () => {
    const vevent = byUid(text, 'mela@chaupal.example');
    expect(vevent.startDate.isDate).toBe(true);
    expect(vevent.startDate.toString()).toBe('2026-11-20');
    expect(vevent.endDate.toString()).toBe('2026-11-25');
    expect(lines(text)).toContain('DTSTART;VALUE=DATE:20261120');
    expect(lines(text)).toContain('DTEND;VALUE=DATE:20261125');
  });

  it('carries status, place, pin, link, organizer and when the event last changed', () => {
    const h = byUid(text, 'haat@chaupal.example');
    expect(h.summary).toBe('Saturday–Sunday haat');
    expect(h.description).toBe(`About haat\n\n${SITE}/events/haat`);
    expect(h.location).toBe('Mandi ground\nStation Road, Ward 4');
    expect(h.component.getFirstPropertyValue('geo')).toEqual([26.85, 80.95]);
    expect(h.component.getFirstPropertyValue('url')).toBe(`${SITE}/events/haat`);
    expect(h.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(h.organizer).toBe('mailto:haat@chaupal.example');
    expect(h.component.getFirstProperty('organizer')?.getParameter('cn')).toBe('Nagar Panchayat');
    const stamp = h.component.getFirstPropertyValue('dtstamp') as ICAL.Time;
    const modified = h.component.getFirstPropertyValue('last-modified') as ICAL.Time;
    expect([stamp.toJSDate(), modified.toJSDate()]).toEqual([updatedAt, updatedAt]);

    expect(byUid(text, 'mela@chaupal.example').location).toBe('Ramlila Maidan');
    const c = byUid(text, 'eye-camp@chaupal.example').component;
    expect(c.getFirstPropertyValue('status')).toBe('CANCELLED');
    // An organizer without an email has no address to write.
    expect(c.getFirstProperty('organizer')).toBeNull();
    const p = byUid(text, 'sabha@chaupal.example').component;
    expect(p.getFirstPropertyValue('status')).toBe('TENTATIVE');
    expect(p.getFirstProperty('location')).toBeNull();
    expect(p.getFirstPropertyValue('geo')).toEqual([26.9, 80.9]);
  });

  it('escapes commas, semicolons and new lines, and keeps Hindi whole', () => {
    const e = byUid(text, 'eye-camp@chaupal.example');
    expect(e.summary).toBe(HINDI);
    expect(e.description).toBe(`Bring your card; free, for all\nNo fee\n\n${SITE}/events/eye-camp`);
    expect(lines(text)).toContain('SUMMARY:स्वास्थ्य शिविर\\, नेत्र जाँच\\; मुफ़्त\\nदूसरी पंक्ति');
    // Folded at 75 octets, never inside a character's bytes.
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(text).not.toContain('\uFFFD');
  });

  it('names the feed and tells subscribers how often to refresh', () => {
    const calendar = parse(text);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Chaupal events\\, Sitapur');
    expect(lines(text)).toContain('NAME:Chaupal events\\, Sitapur');
    expect(lines(text)).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT6H');
    expect(lines(text)).toContain('PRODID:-//chaupal.example//chaupal//EN');
    expect(lines(feed([], { ttl: 3600, prodId: '//example.org//events//EN' }))).toEqual(
      expect.arrayContaining(['REFRESH-INTERVAL;VALUE=DURATION:PT1H', 'PRODID:-//example.org//events//EN']),
    );
  });

  it('is the same text every time, whatever the order or the server’s own zone', () => {
    expect(feed(ALL)).toBe(text);
    const reversed = vevents(feed([...ALL].reverse())).map((c) => c.getFirstPropertyValue('uid'));
    expect(reversed).toEqual([...ALL].reverse().map((e) => `${e.id}@chaupal.example`));
    const saved = process.env.TZ;
    try {
      process.env.TZ = 'America/New_York';
      expect(new Date(2026, 0, 1).getTimezoneOffset()).toBe(300);
      expect(feed(ALL)).toBe(text);
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  });

  it('has no VTIMEZONE when every event is all day', () => {
    expect(feed([mela, fair])).not.toContain('VTIMEZONE');
  });
});

describe('a zone with daylight saving (Europe/London)', () => {
  /** Sundays at 10 AM across 2026-10-25, when the clocks go back. */
  const service = event('service', {
    startDate: '2026-10-11',
    startTime: '10:00',
    endDate: '2026-10-11',
    endTime: '11:00',
    repeat: { every: 'week', days: [0], until: '2026-11-08' },
  });
  /** Saturday nights 10 PM to 2 AM: the one of 24–25 October runs across the change. */
  const late = event('late', {
    startDate: '2026-10-17',
    startTime: '22:00',
    endDate: '2026-10-18',
    endTime: '02:00',
    repeat: { every: 'week', days: [6], until: '2026-10-31' },
  });
  const text = feed([service, late], { tz: LONDON });

  it('keeps 10 AM on the clock in ical.js as on the site', () => {
    const from = new Date('2026-01-01T00:00:00Z');
    const to = new Date('2027-01-01T00:00:00Z');
    const expanded = expand(byUid(text, 'service@chaupal.example'), LONDON, from, to);
    expect(iso(expanded)).toEqual(iso(occurrences(service.schedule, LONDON, from, to)));
    expect(expanded.map((o) => o.start.toISOString())).toEqual([
      '2026-10-11T09:00:00.000Z',
      '2026-10-18T09:00:00.000Z',
      '2026-10-25T10:00:00.000Z',
      '2026-11-01T10:00:00.000Z',
      '2026-11-08T10:00:00.000Z',
    ]);
  });

  it('reads DTSTART and DTEND across the change as the site does', () => {
    const vevent = byUid(text, 'late@chaupal.example');
    const [first] = occurrences(late.schedule, LONDON, new Date('2026-01-01'), new Date('2027-01-01'));
    expect([vevent.startDate.toJSDate(), vevent.endDate.toJSDate()]).toEqual([first.start, first.end]);
    expect(lines(text)).toEqual(
      expect.arrayContaining([
        'DTSTART;TZID=Europe/London:20261017T220000',
        'DTEND;TZID=Europe/London:20261018T020000',
        'RRULE:FREQ=WEEKLY;BYDAY=SA;UNTIL=20261031T235959Z',
      ]),
    );
    // Its occurrence of 24 October is not compared: ical.js adds the four hours to the clock time and ends it at 2 AM
    // winter time, five hours on; RFC 5545 repeats the exact duration, as `occurrences` does, and ends it at 1 AM.
  });

  it('describes the change of offset in its VTIMEZONE', () => {
    const all = lines(text);
    expect(all.slice(all.indexOf('BEGIN:VTIMEZONE'), all.indexOf('END:VTIMEZONE') + 1)).toEqual([
      'BEGIN:VTIMEZONE',
      'TZID:Europe/London',
      'BEGIN:DAYLIGHT',
      'DTSTART:20261009T010000',
      'TZOFFSETFROM:+0100',
      'TZOFFSETTO:+0100',
      'END:DAYLIGHT',
      'BEGIN:STANDARD',
      'DTSTART:20261025T020000',
      'TZOFFSETFROM:+0100',
      'TZOFFSETTO:+0000',
      'END:STANDARD',
      'END:VTIMEZONE',
    ]);
  });

  it('finds each change to the minute over a year', () => {
    const text = vtimezone(LONDON, new Date('2026-01-01T00:00:00Z'), new Date('2026-12-31T00:00:00Z'));
    expect(text.split('\r\n').filter((l) => l.startsWith('DTSTART') || l.startsWith('BEGIN:'))).toEqual([
      'BEGIN:VTIMEZONE',
      'BEGIN:STANDARD',
      'DTSTART:20260101T000000',
      'BEGIN:DAYLIGHT',
      'DTSTART:20260329T010000',
      'BEGIN:STANDARD',
      'DTSTART:20261025T020000',
    ]);
  });
});

describe('a site on UTC', () => {
  it('writes timed events as UTC times, with no zone to define', () => {
    const text = feed([haat], { tz: 'UTC' });
    expect(lines(text)).toContain('DTSTART:20261128T100000Z');
    expect(lines(text)).toContain('RRULE:FREQ=WEEKLY;BYDAY=SU,SA;UNTIL=20270131T235959Z');
    expect(text).not.toContain('VTIMEZONE');
    const from = new Date('2026-01-01T00:00:00Z');
    const to = new Date('2028-01-01T00:00:00Z');
    expect(iso(expand(byUid(text, 'haat@chaupal.example'), 'UTC', from, to))).toEqual(
      iso(occurrences(haat.schedule, 'UTC', from, to)),
    );
  });
});

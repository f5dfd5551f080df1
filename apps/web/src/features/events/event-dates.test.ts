import type { TEventSchedule } from '@chaupal/contract/event-times';
import { describe, expect, it } from 'vitest';
import { addMessages, translate } from '../../app/i18n';
import { messages } from '../../locales/en/events.json?lingui';
import { messages as hindi } from '../../locales/hi/events.json?lingui';
import { dayText, firstOccurrence, localOccurrence, occurrenceText, ordinal, repeatText } from './event-dates';
import { IST } from './test-kit';

addMessages('hi', hindi);
const en = translate(messages, 'en');
const hi = translate(messages, 'hi');
/** `5 PM`, `5:30 PM`: the English clock without the place catalogue. */
const clock = (m: number) =>
  `${Math.floor(m / 60) % 12 || 12}${m % 60 ? `:${String(m % 60).padStart(2, '0')}` : ''} ${m < 720 ? 'AM' : 'PM'}`;
const schedule = (over: Partial<TEventSchedule>): TEventSchedule => ({
  startDate: '2026-11-28',
  startTime: '17:00',
  endDate: '2026-11-28',
  endTime: '20:00',
  repeat: null,
  ...over,
});

describe('dayText', () => {
  it('writes the weekday, day and month, and the year unless it is this one', () => {
    expect(dayText('2026-11-28', 'en', '2026')).toBe('Sat 28 Nov');
    expect(dayText('2027-01-02', 'en', '2026')).toBe('Sat 2 Jan 2027');
    expect(dayText('2026-11-28', 'en')).toBe('Sat 28 Nov 2026');
    expect(dayText('2026-11-28', 'hi', '2026')).toBe('शनि 28 नवंबर');
  });
});

describe('occurrenceText', () => {
  it('says a one-day event’s times, an all-day event’s days, and an event across midnight both ends', () => {
    expect(occurrenceText(firstOccurrence(schedule({})), 'en', clock, en)).toBe('Sat 28 Nov 2026 · 5 PM – 8 PM');
    expect(occurrenceText(firstOccurrence(schedule({ startTime: null, endTime: null })), 'en', clock, en)).toBe(
      'Sat 28 Nov 2026 · All day',
    );
    expect(
      occurrenceText(
        firstOccurrence(schedule({ startDate: '2026-11-27', endDate: '2026-11-29', startTime: null, endTime: null })),
        'en',
        clock,
        en,
      ),
    ).toBe('Fri 27 Nov 2026 – Sun 29 Nov 2026');
    expect(
      occurrenceText(firstOccurrence(schedule({ endDate: '2026-11-29', endTime: '02:30' })), 'en', clock, en, '2026'),
    ).toBe('Sat 28 Nov, 5 PM – Sun 29 Nov, 2:30 AM');
  });

  it('reads an occurrence the API worked out back on the site’s clock', () => {
    const timed = localOccurrence({ start: '2026-12-05T04:30:00Z', end: '2026-12-05T07:30:00Z', allDay: false }, IST);
    expect(timed).toEqual({ startDate: '2026-12-05', endDate: '2026-12-05', startMinutes: 600, endMinutes: 780 });
    // All day on the 5th and 6th: from local midnight of the 5th to local midnight after the 6th.
    const allDay = localOccurrence({ start: '2026-12-04T18:30:00Z', end: '2026-12-06T18:30:00Z', allDay: true }, IST);
    expect(allDay).toEqual({ startDate: '2026-12-05', endDate: '2026-12-06', startMinutes: null, endMinutes: null });
  });
});

describe('repeatText', () => {
  it('says a weekly repeat’s days Monday first, and a monthly one’s day of the month', () => {
    const weekly = schedule({ repeat: { every: 'week', days: [6], until: '2027-01-30' } });
    expect(repeatText(weekly, 'en', en)).toBe('Every Saturday until 30 Jan 2027');
    const days = schedule({ repeat: { every: 'week', days: [0, 6, 3], until: '2027-01-30' } });
    expect(repeatText(days, 'en', en)).toBe('Every Wednesday, Saturday and Sunday until 30 Jan 2027');
    expect(repeatText(days, 'hi', hi)).toBe('हर बुधवार, शनिवार और रविवार, 30 जनवरी 2027 तक');
    const monthly = schedule({ startDate: '2026-11-05', repeat: { every: 'month', until: '2027-03-05' } });
    expect(repeatText(monthly, 'en', en)).toBe('Every month on the 5th until 5 Mar 2027');
    expect(repeatText(monthly, 'hi', hi)).toBe('हर महीने की 5 तारीख को, 5 मार्च 2027 तक');
    expect(repeatText(schedule({}), 'en', en)).toBeNull();
  });

  it('writes English ordinals, the teens included', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31].map((n) => ordinal(n, 'en'))).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '31st',
    ]);
  });
});

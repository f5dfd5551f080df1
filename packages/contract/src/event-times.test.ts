import { describe, expect, it } from 'vitest';
import { ZEventSchedule } from './event-schedule';
import {
  dateRangeWindow,
  eventBadge,
  eventWindow,
  formatTime12,
  nextOccurrence,
  occurrences,
  scheduleBounds,
  type TEventSchedule,
  type TOccurrence,
  zoneInstant,
  zoneLocalTime,
  zoneOffsetMinutes,
} from './event-times';

const IST = 'Asia/Kolkata';
const LONDON = 'Europe/London';
const at = (iso: string) => new Date(iso);
/** Occurrences as ISO instants, to compare whole lists at a glance. */
const iso = (list: TOccurrence[]) => list.map((o) => [o.start.toISOString(), o.end.toISOString(), o.allDay] as const);
const schedule = (s: Partial<TEventSchedule>): TEventSchedule => ({
  startDate: '2026-11-28',
  startTime: null,
  endDate: '2026-11-28',
  endTime: null,
  repeat: null,
  ...s,
});

/** The haat: every Saturday and Sunday (2026-11-28 is a Saturday), 10 AM to 1 PM, into the new year. */
const haat = schedule({
  startTime: '10:00',
  endTime: '13:00',
  repeat: { every: 'week', days: [6, 0], until: '2027-01-31' },
});
const ALL_TIME = [at('2000-01-01T00:00:00Z'), at('2100-01-01T00:00:00Z')] as const;

describe('the zone helpers', () => {
  it('read the wall clock of the zone, not the machine', () => {
    // 19:00 UTC on Friday is half past midnight on Saturday in India.
    expect(zoneLocalTime(at('2026-11-27T19:00:00Z'), IST)).toEqual({ date: '2026-11-28', minutes: 30 });
    expect(zoneLocalTime(at('2026-11-27T19:00:00Z'), 'UTC')).toEqual({ date: '2026-11-27', minutes: 1140 });
    expect(zoneOffsetMinutes(at('2026-07-01T00:00:00Z'), IST)).toBe(330);
    expect(zoneOffsetMinutes(at('2026-07-01T00:00:00Z'), LONDON)).toBe(60);
    expect(zoneOffsetMinutes(at('2026-12-01T00:00:00Z'), LONDON)).toBe(0);
    expect(zoneOffsetMinutes(at('2026-07-01T00:00:00Z'), 'America/St_Johns')).toBe(-150);
  });

  it('turn a wall-clock time into its instant, the first of a repeated hour and past a skipped one', () => {
    expect(zoneInstant('2026-11-28', 600, IST).toISOString()).toBe('2026-11-28T04:30:00.000Z');
    expect(zoneInstant('2026-11-28', 0, IST).toISOString()).toBe('2026-11-27T18:30:00.000Z');
    expect(zoneInstant('2026-10-24', 600, LONDON).toISOString()).toBe('2026-10-24T09:00:00.000Z');
    expect(zoneInstant('2026-10-26', 600, LONDON).toISOString()).toBe('2026-10-26T10:00:00.000Z');
    // 01:30 happens twice on 2026-10-25 in London: the first, still summer time, is meant.
    expect(zoneInstant('2026-10-25', 90, LONDON).toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(zoneInstant('2026-10-25', 120, LONDON).toISOString()).toBe('2026-10-25T02:00:00.000Z');
    // 01:30 never happens on 2027-03-28: read with the winter offset, it is 02:30 summer time.
    expect(zoneInstant('2027-03-28', 90, LONDON).toISOString()).toBe('2027-03-28T01:30:00.000Z');
    expect(zoneInstant('2027-03-28', 60, LONDON).toISOString()).toBe('2027-03-28T01:00:00.000Z');
  });
});

describe('ZEventSchedule', () => {
  const issues = (input: unknown) =>
    ZEventSchedule.safeParse(input).error?.issues.map((i) => ({ path: i.path, message: i.message }));

  it('accepts timed, all-day and repeating schedules as they are', () => {
    expect(ZEventSchedule.parse(haat)).toEqual(haat);
    const mela = schedule({ startDate: '2026-11-20', endDate: '2026-11-24' });
    expect(ZEventSchedule.parse(mela)).toEqual(mela);
    const monthly = schedule({
      startDate: '2026-12-31',
      endDate: '2026-12-31',
      repeat: { every: 'month', until: '2027-12-31' },
    });
    expect(ZEventSchedule.parse(monthly)).toEqual(monthly);
  });

  it('says an end before the start on the end date', () => {
    expect(issues(schedule({ endDate: '2026-11-27' }))).toEqual([
      { path: ['endDate'], message: 'Ends before it starts' },
    ]);
    expect(issues(schedule({ startTime: '17:00', endTime: '16:59' }))).toEqual([
      { path: ['endDate'], message: 'Ends before it starts' },
    ]);
    // Ending when it starts is an event at one moment, and allowed; so is ending after midnight.
    expect(issues(schedule({ startTime: '17:00', endTime: '17:00' }))).toBeUndefined();
    expect(issues(schedule({ startTime: '22:00', endDate: '2026-11-29', endTime: '02:00' }))).toBeUndefined();
  });

  it('is all day at both ends or at neither, naming the missing time', () => {
    expect(issues(schedule({ startTime: '10:00' }))).toEqual([
      { path: ['endTime'], message: 'Give both a start and an end time, or neither for an all-day event' },
    ]);
    expect(issues(schedule({ endTime: '10:00' }))).toEqual([
      { path: ['startTime'], message: 'Give both a start and an end time, or neither for an all-day event' },
    ]);
  });

  it('covers at most 14 calendar days', () => {
    expect(issues(schedule({ startDate: '2026-11-01', endDate: '2026-11-14' }))).toBeUndefined();
    expect(issues(schedule({ startDate: '2026-11-01', endDate: '2026-11-15' }))).toEqual([
      { path: ['endDate'], message: 'An event lasts at most 14 days' },
    ]);
  });

  it('repeats from the first date for at most two years', () => {
    const until = (date: string) => issues(schedule({ repeat: { every: 'month', until: date } }));
    expect(until('2026-11-28')).toBeUndefined();
    expect(until('2028-11-28')).toBeUndefined();
    expect(until('2026-11-27')).toEqual([
      { path: ['repeat', 'until'], message: 'Repeats until a date on or after the first date' },
    ]);
    expect(until('2028-11-29')).toEqual([
      { path: ['repeat', 'until'], message: 'Repeats until a date within two years of the first date' },
    ]);
    // Two years after a 29 February is the 28th.
    const leap = (date: string) =>
      issues(schedule({ startDate: '2028-02-29', endDate: '2028-02-29', repeat: { every: 'month', until: date } }));
    expect(leap('2030-02-28')).toBeUndefined();
    expect(leap('2030-03-01')?.[0].path).toEqual(['repeat', 'until']);
  });

  it('has a weekly repeat on its first date’s weekday, each day once', () => {
    const days = (list: number[]) => issues(schedule({ repeat: { every: 'week', days: list, until: '2027-01-31' } }));
    expect(days([0, 6])).toBeUndefined();
    expect(days([0, 1, 2, 3, 4, 5, 6])).toBeUndefined();
    expect(days([0])).toEqual([{ path: ['repeat', 'days'], message: 'The first date must be one of the repeat days' }]);
    expect(days([])).toEqual([{ path: ['repeat', 'days'], message: 'Choose at least one day' }]);
    expect(days([6, 6])).toEqual([{ path: ['repeat', 'days'], message: 'Each day at most once' }]);
    expect(days([6, 7])).toEqual([{ path: ['repeat', 'days', 1], message: 'Must be a weekday, 0 (Sunday) to 6' }]);
  });

  it('says what is wrong with a malformed date or time, and nothing more', () => {
    expect(issues(schedule({ startDate: '28/11/2026' }))).toEqual([
      { path: ['startDate'], message: 'Must be a date as YYYY-MM-DD' },
    ]);
    expect(issues(schedule({ endDate: '2026-11-31' }))).toEqual([
      { path: ['endDate'], message: 'Must be a real date' },
    ]);
    expect(issues(schedule({ startTime: '10:00', endTime: '24:00' }))).toEqual([
      { path: ['endTime'], message: 'Must be a time as HH:MM (00:00 to 23:59)' },
    ]);
    expect(issues(schedule({ repeat: { every: 'month', until: '2027-02-29' } }))).toEqual([
      { path: ['repeat', 'until'], message: 'Must be a real date' },
    ]);
  });
});

describe('occurrences', () => {
  it('repeats weekly across the ends of November and December', () => {
    const dates = occurrences(haat, IST, ...ALL_TIME).map((o) => zoneLocalTime(o.start, IST).date);
    expect(dates).toEqual([
      '2026-11-28',
      '2026-11-29',
      '2026-12-05',
      '2026-12-06',
      '2026-12-12',
      '2026-12-13',
      '2026-12-19',
      '2026-12-20',
      '2026-12-26',
      '2026-12-27',
      '2027-01-02',
      '2027-01-03',
      '2027-01-09',
      '2027-01-10',
      '2027-01-16',
      '2027-01-17',
      '2027-01-23',
      '2027-01-24',
      '2027-01-30',
      '2027-01-31',
    ]);
  });

  it('gives each occurrence the first one’s hours, and only those overlapping the window', () => {
    // From 11:00 IST on Sunday 2026-12-27 (that day's haat is on) to midnight before Saturday 2027-01-09.
    expect(iso(occurrences(haat, IST, at('2026-12-27T05:30:00Z'), at('2027-01-08T18:30:00Z')))).toEqual([
      ['2026-12-27T04:30:00.000Z', '2026-12-27T07:30:00.000Z', false],
      ['2027-01-02T04:30:00.000Z', '2027-01-02T07:30:00.000Z', false],
      ['2027-01-03T04:30:00.000Z', '2027-01-03T07:30:00.000Z', false],
    ]);
    // The window's end is open and its start closed: one ending as the window starts is not in it.
    expect(occurrences(haat, IST, at('2026-11-28T07:30:00Z'), at('2026-11-29T04:30:00Z'))).toEqual([]);
  });

  it('stops at the limit', () => {
    const from = at('2026-12-10T00:00:00Z');
    expect(occurrences(haat, IST, from, ALL_TIME[1], 3).map((o) => zoneLocalTime(o.start, IST).date)).toEqual([
      '2026-12-12',
      '2026-12-13',
      '2026-12-19',
    ]);
    expect(occurrences(haat, IST, from, ALL_TIME[1], 0)).toEqual([]);
    expect(occurrences(haat, IST, ...ALL_TIME)).toHaveLength(20);
  });

  it('repeats monthly on the 31st, skipping months without one', () => {
    const camp = schedule({
      startDate: '2026-12-31',
      startTime: '18:00',
      endDate: '2026-12-31',
      endTime: '20:00',
      repeat: { every: 'month', until: '2027-12-31' },
    });
    expect(iso(occurrences(camp, IST, ...ALL_TIME))).toEqual([
      ['2026-12-31T12:30:00.000Z', '2026-12-31T14:30:00.000Z', false],
      ['2027-01-31T12:30:00.000Z', '2027-01-31T14:30:00.000Z', false],
      ['2027-03-31T12:30:00.000Z', '2027-03-31T14:30:00.000Z', false],
      ['2027-05-31T12:30:00.000Z', '2027-05-31T14:30:00.000Z', false],
      ['2027-07-31T12:30:00.000Z', '2027-07-31T14:30:00.000Z', false],
      ['2027-08-31T12:30:00.000Z', '2027-08-31T14:30:00.000Z', false],
      ['2027-10-31T12:30:00.000Z', '2027-10-31T14:30:00.000Z', false],
      ['2027-12-31T12:30:00.000Z', '2027-12-31T14:30:00.000Z', false],
    ]);
    // Until a date in a month without the day: the last is the month before's.
    const short = { ...camp, repeat: { every: 'month', until: '2027-04-30' } } as const;
    expect(occurrences(short, IST, ...ALL_TIME).map((o) => zoneLocalTime(o.start, IST).date)).toEqual([
      '2026-12-31',
      '2027-01-31',
      '2027-03-31',
    ]);
  });

  it('runs an all-day event from local midnight to the midnight after its last day', () => {
    const mela = schedule({ startDate: '2026-11-20', endDate: '2026-11-24' });
    expect(iso(occurrences(mela, IST, ...ALL_TIME))).toEqual([
      ['2026-11-19T18:30:00.000Z', '2026-11-24T18:30:00.000Z', true],
    ]);
    // It overlaps the weekend in its middle, and not the day after it.
    const weekend = eventWindow('weekend', IST, at('2026-11-18T06:00:00Z'));
    expect(occurrences(mela, IST, weekend.from, weekend.to)).toHaveLength(1);
    const dayAfter = eventWindow('today', IST, at('2026-11-25T06:00:00Z'));
    expect(occurrences(mela, IST, dayAfter.from, dayAfter.to)).toEqual([]);
  });

  it('finds a timed event of several days from a window inside it', () => {
    const camp = schedule({ startDate: '2026-11-20', startTime: '18:00', endDate: '2026-11-23', endTime: '12:00' });
    expect(iso(occurrences(camp, IST, at('2026-11-22T00:00:00Z'), at('2026-11-22T01:00:00Z')))).toEqual([
      ['2026-11-20T12:30:00.000Z', '2026-11-23T06:30:00.000Z', false],
    ]);
  });

  it('keeps the wall-clock hours when London’s clocks go back (last Sunday of October)', () => {
    const service = schedule({
      startDate: '2026-10-11',
      startTime: '10:00',
      endDate: '2026-10-11',
      endTime: '11:00',
      repeat: { every: 'week', days: [0], until: '2026-11-08' },
    });
    expect(iso(occurrences(service, LONDON, ...ALL_TIME))).toEqual([
      ['2026-10-11T09:00:00.000Z', '2026-10-11T10:00:00.000Z', false],
      ['2026-10-18T09:00:00.000Z', '2026-10-18T10:00:00.000Z', false],
      ['2026-10-25T10:00:00.000Z', '2026-10-25T11:00:00.000Z', false],
      ['2026-11-01T10:00:00.000Z', '2026-11-01T11:00:00.000Z', false],
      ['2026-11-08T10:00:00.000Z', '2026-11-08T11:00:00.000Z', false],
    ]);
    // A repeat lasts exactly as long as the first: four hours, also on the night the clocks go back.
    const late = schedule({
      startDate: '2026-10-17',
      startTime: '22:00',
      endDate: '2026-10-18',
      endTime: '02:00',
      repeat: { every: 'week', days: [6], until: '2026-10-31' },
    });
    expect(iso(occurrences(late, LONDON, ...ALL_TIME))).toEqual([
      ['2026-10-17T21:00:00.000Z', '2026-10-18T01:00:00.000Z', false],
      ['2026-10-24T21:00:00.000Z', '2026-10-25T01:00:00.000Z', false],
      ['2026-10-31T22:00:00.000Z', '2026-11-01T02:00:00.000Z', false],
    ]);
    // That Sunday has 25 hours, all of them the all-day event's.
    const fair = schedule({ startDate: '2026-10-25', endDate: '2026-10-25' });
    expect(iso(occurrences(fair, LONDON, ...ALL_TIME))).toEqual([
      ['2026-10-24T23:00:00.000Z', '2026-10-26T00:00:00.000Z', true],
    ]);
  });
});

describe('nextOccurrence', () => {
  it('is the one on now, else the next, else none', () => {
    expect(iso([nextOccurrence(haat, IST, at('2026-11-28T05:00:00Z'))!])).toEqual([
      ['2026-11-28T04:30:00.000Z', '2026-11-28T07:30:00.000Z', false],
    ]);
    expect(iso([nextOccurrence(haat, IST, at('2026-11-28T07:30:00Z'))!])).toEqual([
      ['2026-11-29T04:30:00.000Z', '2026-11-29T07:30:00.000Z', false],
    ]);
    expect(iso([nextOccurrence(haat, IST, at('2020-01-01T00:00:00Z'))!])).toEqual([
      ['2026-11-28T04:30:00.000Z', '2026-11-28T07:30:00.000Z', false],
    ]);
    expect(nextOccurrence(haat, IST, at('2027-01-31T07:30:00Z'))).toBeNull();
  });
});

describe('eventWindow', () => {
  /** A window as ISO instants; `now` is 10 AM in India on the date given. */
  const window = (name: 'today' | 'weekend' | 'week', date: string) => {
    const w = eventWindow(name, IST, zoneInstant(date, 600, IST));
    return [w.from.toISOString(), w.to.toISOString()];
  };

  it('on a Monday: today, the coming Saturday and Sunday, and the week to Sunday', () => {
    expect(window('today', '2026-11-23')).toEqual(['2026-11-22T18:30:00.000Z', '2026-11-23T18:30:00.000Z']);
    expect(window('weekend', '2026-11-23')).toEqual(['2026-11-27T18:30:00.000Z', '2026-11-29T18:30:00.000Z']);
    expect(window('week', '2026-11-23')).toEqual(['2026-11-22T18:30:00.000Z', '2026-11-29T18:30:00.000Z']);
  });

  it('on a Friday', () => {
    expect(window('today', '2026-11-27')).toEqual(['2026-11-26T18:30:00.000Z', '2026-11-27T18:30:00.000Z']);
    expect(window('weekend', '2026-11-27')).toEqual(['2026-11-27T18:30:00.000Z', '2026-11-29T18:30:00.000Z']);
    expect(window('week', '2026-11-27')).toEqual(['2026-11-26T18:30:00.000Z', '2026-11-29T18:30:00.000Z']);
  });

  it('on a Saturday the weekend is today and tomorrow', () => {
    expect(window('weekend', '2026-11-28')).toEqual(['2026-11-27T18:30:00.000Z', '2026-11-29T18:30:00.000Z']);
    expect(window('week', '2026-11-28')).toEqual(['2026-11-27T18:30:00.000Z', '2026-11-29T18:30:00.000Z']);
  });

  it('on a Sunday the weekend and the week are what is left of today', () => {
    expect(window('today', '2026-11-29')).toEqual(['2026-11-28T18:30:00.000Z', '2026-11-29T18:30:00.000Z']);
    expect(window('weekend', '2026-11-29')).toEqual(['2026-11-28T18:30:00.000Z', '2026-11-29T18:30:00.000Z']);
    expect(window('week', '2026-11-29')).toEqual(['2026-11-28T18:30:00.000Z', '2026-11-29T18:30:00.000Z']);
  });

  it('takes the day from the site’s clock: half past midnight on Saturday in India is Friday in UTC', () => {
    const w = eventWindow('today', IST, at('2026-11-27T19:00:00Z'));
    expect([w.from.toISOString(), w.to.toISOString()]).toEqual([
      '2026-11-27T18:30:00.000Z',
      '2026-11-28T18:30:00.000Z',
    ]);
  });

  it('has a 25-hour today when London’s clocks go back', () => {
    const w = eventWindow('today', LONDON, at('2026-10-25T12:00:00Z'));
    expect([w.from.toISOString(), w.to.toISOString()]).toEqual([
      '2026-10-24T23:00:00.000Z',
      '2026-10-26T00:00:00.000Z',
    ]);
  });
});

describe('dateRangeWindow', () => {
  it('covers both days named, in either order', () => {
    const expected = { from: at('2026-11-30T18:30:00Z'), to: at('2026-12-03T18:30:00Z') };
    expect(dateRangeWindow('2026-12-01', '2026-12-03', IST)).toEqual(expected);
    expect(dateRangeWindow('2026-12-03', '2026-12-01', IST)).toEqual(expected);
    expect(dateRangeWindow('2026-12-01', '2026-12-01', IST)).toEqual({
      from: at('2026-11-30T18:30:00Z'),
      to: at('2026-12-01T18:30:00Z'),
    });
  });
});

describe('eventBadge', () => {
  const badge = (s: TEventSchedule, date: string, time: string) =>
    eventBadge(s, IST, zoneInstant(date, Number(time.slice(0, 2)) * 60 + Number(time.slice(3)), IST));

  it('follows the next occurrence', () => {
    expect(badge(haat, '2026-11-28', '11:00')).toEqual({ state: 'now' });
    expect(badge(haat, '2026-11-28', '08:00')).toEqual({ state: 'today', time: '10:00' });
    expect(badge(haat, '2026-11-28', '13:00')).toEqual({ state: 'tomorrow', time: '10:00' });
    expect(badge(haat, '2026-11-27', '23:59')).toEqual({ state: 'tomorrow', time: '10:00' });
    expect(badge(haat, '2026-11-30', '09:00')).toEqual({ state: 'upcoming', date: '2026-12-05', time: '10:00' });
    expect(badge(haat, '2027-01-31', '13:00')).toEqual({ state: 'ended' });
  });

  it('has no time for an all-day event, which is on all its days', () => {
    const mela = schedule({ startDate: '2026-11-20', endDate: '2026-11-24' });
    expect(badge(mela, '2026-11-19', '20:00')).toEqual({ state: 'tomorrow', time: null });
    expect(badge(mela, '2026-11-18', '20:00')).toEqual({ state: 'upcoming', date: '2026-11-20', time: null });
    expect(badge(mela, '2026-11-20', '00:00')).toEqual({ state: 'now' });
    expect(badge(mela, '2026-11-24', '23:59')).toEqual({ state: 'now' });
    expect(badge(mela, '2026-11-25', '00:00')).toEqual({ state: 'ended' });
  });
});

describe('formatTime12', () => {
  it('writes times as the badge says them', () => {
    expect(formatTime12('17:00')).toBe('5 PM');
    expect(formatTime12('17:30')).toBe('5:30 PM');
    expect(formatTime12('00:00')).toBe('12 AM');
    expect(formatTime12('12:00')).toBe('12 PM');
    expect(formatTime12('09:05')).toBe('9:05 AM');
  });
});

describe('scheduleBounds', () => {
  const tz = 'Asia/Kolkata';
  it('runs from the first start to local midnight after the last possible day', () => {
    const b = scheduleBounds(
      {
        startDate: '2026-11-28',
        startTime: '10:00',
        endDate: '2026-11-28',
        endTime: '13:00',
        repeat: { every: 'week', days: [6], until: '2027-01-30' },
      },
      tz,
    );
    expect(b.from.toISOString()).toBe('2026-11-28T04:30:00.000Z');
    expect(b.to.toISOString()).toBe('2027-01-30T18:30:00.000Z');
  });
  it('holds every occurrence of a two-day repeat', () => {
    const s = {
      startDate: '2026-01-31',
      startTime: null,
      endDate: '2026-02-01',
      endTime: null,
      repeat: { every: 'month' as const, until: '2026-12-31' },
    };
    const b = scheduleBounds(s, tz);
    for (const o of occurrences(s, tz, new Date(0), new Date(8.64e15))) {
      expect(o.start >= b.from && o.end <= b.to).toBe(true);
    }
  });
});

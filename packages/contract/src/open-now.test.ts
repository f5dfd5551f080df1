import { describe, expect, it } from 'vitest';
import { ZOpeningHours } from './hours';
import { clockLabel, openStatus, openStatusLabel, type TOpeningHours } from './open-now';

const nineToSix = [{ open: '09:00', close: '18:00' }];
/** Mon–Sat 9 AM–6 PM with a lunch break on Saturday, closed on Sunday. */
const shop: TOpeningHours = {
  weekly: {
    mon: nineToSix,
    tue: nineToSix,
    wed: nineToSix,
    thu: nineToSix,
    fri: nineToSix,
    sat: [
      { open: '09:00', close: '13:00' },
      { open: '14:30', close: '18:00' },
    ],
    sun: [],
  },
};
const at = (date: string, time: string) => {
  const [h, m] = time.split(':').map(Number);
  return { date, minutes: h * 60 + m };
};
/** The label of `hours` at a local date and time (2026-11-23 is a Monday). */
const label = (hours: TOpeningHours, date: string, time: string) => {
  const status = openStatus(hours, at(date, time));
  return status && openStatusLabel(status);
};

describe('openStatus', () => {
  it('is open inside a range and says when it closes', () => {
    expect(label(shop, '2026-11-23', '10:15')).toEqual({ state: 'Open now', detail: 'Closes at 6 PM' });
  });

  it('counts the opening minute as open and the closing minute as closed', () => {
    expect(label(shop, '2026-11-23', '09:00')?.state).toBe('Open now');
    expect(label(shop, '2026-11-23', '18:00')).toEqual({ state: 'Closed', detail: 'Opens tomorrow 9 AM' });
  });

  it('before opening says today', () => {
    expect(label(shop, '2026-11-23', '07:59')).toEqual({ state: 'Closed', detail: 'Opens at 9 AM' });
  });

  it('in a break reopens the same day', () => {
    expect(label(shop, '2026-11-28', '13:45')).toEqual({ state: 'Closed', detail: 'Opens at 2:30 PM' });
  });

  it('skips closed days: after Saturday it opens on Monday', () => {
    expect(label(shop, '2026-11-28', '19:00')).toEqual({ state: 'Closed', detail: 'Opens Monday 9 AM' });
    expect(label(shop, '2026-11-29', '12:00')).toEqual({ state: 'Closed', detail: 'Opens tomorrow 9 AM' });
  });

  it('runs a range past midnight into the next day', () => {
    const bar: TOpeningHours = { weekly: { fri: [{ open: '18:00', close: '02:00' }] } };
    // Friday 2026-11-27, 11 PM: open, closing at 2 AM said as a time.
    expect(label(bar, '2026-11-27', '23:00')).toEqual({ state: 'Open now', detail: 'Closes at 2 AM' });
    // Saturday 1:30 AM is still Friday's evening.
    expect(label(bar, '2026-11-28', '01:30')).toEqual({ state: 'Open now', detail: 'Closes at 2 AM' });
    expect(label(bar, '2026-11-28', '02:00')).toEqual({ state: 'Closed', detail: 'Opens Friday 6 PM' });
  });

  it('joins ranges that touch across midnight', () => {
    const late: TOpeningHours = {
      weekly: { mon: [{ open: '20:00', close: '24:00' }], tue: [{ open: '00:00', close: '03:00' }] },
    };
    expect(label(late, '2026-11-23', '21:00')).toEqual({ state: 'Open now', detail: 'Closes at 3 AM' });
  });

  it('an exception replaces the weekly hours of its date', () => {
    const holiday: TOpeningHours = { ...shop, exceptions: [{ date: '2026-11-24', ranges: [], note: 'Holiday' }] };
    expect(label(holiday, '2026-11-24', '10:00')).toEqual({ state: 'Closed', detail: 'Opens tomorrow 9 AM' });
    expect(label(holiday, '2026-11-23', '19:00')).toEqual({ state: 'Closed', detail: 'Opens Wednesday 9 AM' });
    const shortDay: TOpeningHours = {
      ...shop,
      exceptions: [{ date: '2026-11-29', ranges: [{ open: '10:00', close: '12:00' }] }],
    };
    expect(label(shortDay, '2026-11-29', '11:00')).toEqual({ state: 'Open now', detail: 'Closes at 12 PM' });
  });

  it('open every hour of the week is open 24 hours', () => {
    const day = [{ open: '00:00', close: '24:00' }];
    const always: TOpeningHours = {
      weekly: { mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: day },
    };
    expect(label(always, '2026-11-25', '03:00')).toEqual({ state: 'Open now', detail: 'Open 24 hours' });
  });

  it('has no badge without hours, and says only Closed when nothing opens in the week ahead', () => {
    expect(openStatus(null, at('2026-11-23', '10:00'))).toBeNull();
    expect(openStatus({ weekly: {} }, at('2026-11-23', '10:00'))).toBeNull();
    const past: TOpeningHours = { weekly: {}, exceptions: [{ date: '2026-01-01', ranges: nineToSix }] };
    expect(label(past, '2026-11-23', '10:00')).toEqual({ state: 'Closed', detail: '' });
  });

  it('crosses month and year ends', () => {
    // 2026-12-31 is a Thursday; Friday is 2027-01-01.
    expect(label(shop, '2026-12-31', '19:00')).toEqual({ state: 'Closed', detail: 'Opens tomorrow 9 AM' });
    const newYear: TOpeningHours = { ...shop, exceptions: [{ date: '2027-01-01', ranges: [] }] };
    expect(label(newYear, '2026-12-31', '19:00')).toEqual({ state: 'Closed', detail: 'Opens Saturday 9 AM' });
  });
});

describe('clockLabel', () => {
  it('reads minutes as a 12-hour time', () => {
    expect([0, 59, 720, 810, 1439].map(clockLabel)).toEqual(['12 AM', '12:59 AM', '12 PM', '1:30 PM', '11:59 PM']);
  });
});

describe('ZOpeningHours', () => {
  const errors = (v: unknown) => {
    const r = ZOpeningHours.safeParse(v);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('accepts a week with breaks, an overnight range and exceptions', () => {
    expect(errors({ ...shop, exceptions: [{ date: '2026-12-25', ranges: [], note: 'Christmas' }] })).toEqual([]);
    expect(errors({ weekly: { fri: [{ open: '18:00', close: '02:00' }] } })).toEqual([]);
    expect(ZOpeningHours.parse({ weekly: {} }).exceptions).toEqual([]);
  });

  it('names what is wrong', () => {
    expect(errors({ weekly: { mon: [{ open: '9:00', close: '18:00' }] } })).toEqual([
      'weekly.mon.0.open: Must be a time as HH:MM (00:00 to 24:00)',
    ]);
    expect(errors({ weekly: { mon: [{ open: '25:00', close: '26:00' }] } })).toHaveLength(2);
    expect(errors({ weekly: { tue: [{ open: '09:00', close: '09:00' }] } })).toEqual([
      'weekly.tue.0.close: Opening and closing times must differ',
    ]);
    expect(
      errors({
        weekly: {
          wed: [
            { open: '09:00', close: '13:00' },
            { open: '12:00', close: '18:00' },
          ],
        },
      }),
    ).toEqual(['weekly.wed: Time ranges of a day must not overlap']);
    expect(errors({ weekly: { thu: Array(5).fill({ open: '09:00', close: '10:00' }) } })).toContain(
      'weekly.thu: At most 4 time ranges a day',
    );
    expect(errors({ weekly: {}, exceptions: [{ date: '2026-02-30', ranges: [] }] })).toEqual([
      'exceptions.0.date: Must be a real date',
    ]);
    expect(
      errors({
        weekly: {},
        exceptions: [
          { date: '2026-12-25', ranges: [] },
          { date: '2026-12-25', ranges: nineToSix },
        ],
      }),
    ).toEqual(['exceptions.1.date: Each date may have one exception']);
  });
});

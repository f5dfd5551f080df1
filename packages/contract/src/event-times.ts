import { clockLabel, clockMinutes, type TLocalTime } from './open-now';

/**
 * When an event happens (a mela, a health camp, a weekly market, a ward meeting): dates and wall-clock times in the
 * site's zone, and perhaps a weekly or monthly repeat. Repeats are expanded when read, never stored one row per
 * occurrence, so a change to the schedule changes every date at once. Wall-clock times become instants through Intl,
 * which knows every IANA zone's offsets: a 10 AM market stays at 10 AM on the clock when a zone's clocks change.
 */

export const EVENT_LIMITS = {
  /** Calendar days one occurrence may cover, first and last day included. */
  spanDays: 14,
  /** How far after the first date a repeat may run. */
  repeatYears: 2,
  /** Occurrences `occurrences` returns unless told otherwise. */
  occurrences: 200,
} as const;

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const DAY_MINUTES = 1440;

const pad = (n: number) => String(n).padStart(2, '0');
const isLeapYear = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const daysInMonth = (y: number, m: number) =>
  m === 2 ? (isLeapYear(y) ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31;
const splitDate = (date: string) => date.split('-').map(Number) as [number, number, number];

/** Days since 1970-01-01 of a `YYYY-MM-DD` date; parsed as ISO, so years before 100 are not read as 19xx. */
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const addDays = (date: string, days: number) => dateOfDay(dayNumber(date) + days);
/** 0 is Sunday, as `Date#getUTCDay` and RFC 5545's weekday list count. */
const weekdayOf = (date: string) => new Date(dayNumber(date) * DAY_MS).getUTCDay();

const dateOf = (y: number, m: number, d: number) => `${String(y).padStart(4, '0')}-${pad(m)}-${pad(d)}`;

/** The same date `years` later; a 29 February becomes the 28th in a common year, so the limit is never overshot. */
function yearsLater(date: string, years: number): string {
  const [y, m, d] = splitDate(date);
  return dateOf(y + years, m, Math.min(d, daysInMonth(y + years, m)));
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone: building an Intl.DateTimeFormat costs far more than formatting with it. */
function formatterFor(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    // hourCycle h23: with hour12 false some engines write midnight as 24.
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(tz, f);
  }
  return f;
}

/** The wall clock of `tz` at `at` written as if it were UTC, in milliseconds (whole seconds: Intl has no finer). */
function wallClockMs(at: Date, tz: string): number {
  const parts: Record<string, string> = {};
  for (const p of formatterFor(tz).formatToParts(at)) parts[p.type] = p.value;
  const date = `${parts.year.padStart(4, '0')}-${parts.month}-${parts.day}`;
  return (
    dayNumber(date) * DAY_MS + ((Number(parts.hour) * 60 + Number(parts.minute)) * 60 + Number(parts.second)) * 1000
  );
}

/** The offset of `tz` from UTC at `at`, in minutes: 330 in India, 60 in London's summer. */
export function zoneOffsetMinutes(at: Date, tz: string): number {
  return (wallClockMs(at, tz) - Math.floor(at.getTime() / 1000) * 1000) / MINUTE_MS;
}

/** The local date and minutes since midnight of `tz` at `at`, as `openStatus` reads them. */
export function zoneLocalTime(at: Date, tz: string): TLocalTime {
  const wall = wallClockMs(at, tz);
  const day = Math.floor(wall / DAY_MS);
  return { date: dateOfDay(day), minutes: Math.floor((wall - day * DAY_MS) / MINUTE_MS) };
}

/**
 * The instant the clocks of `tz` read `minutes` after midnight of `date`. Where the clocks go back and the time
 * happens twice, the first is meant; where they go forward and skip it, it is read with the offset from before the
 * change (01:30 on London's spring-forward night is 02:30 summer time). Both are what RFC 5545 says of such times,
 * so a calendar app places the feed's events where this places them.
 */
export function zoneInstant(date: string, minutes: number, tz: string): Date {
  const wall = dayNumber(date) * DAY_MS + minutes * MINUTE_MS;
  // A zone changes its offset at most once within a day either side, so these are the only two candidates.
  const before = wall - zoneOffsetMinutes(new Date(wall - DAY_MS), tz) * MINUTE_MS;
  const after = wall - zoneOffsetMinutes(new Date(wall + DAY_MS), tz) * MINUTE_MS;
  const reads = (t: number) => t + zoneOffsetMinutes(new Date(t), tz) * MINUTE_MS === wall;
  // Where both read right (clocks went back) `before` is the earlier, having the larger offset.
  return new Date(reads(before) || !reads(after) ? before : after);
}

/** A real `YYYY-MM-DD` date. */
export function isEventDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const [y, m, d] = splitDate(v);
  return m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

/** Calendar days from one `YYYY-MM-DD` date to another. */
export const daysBetween = (from: string, to: string) => dayNumber(to) - dayNumber(from);
export { weekdayOf, yearsLater };

/** Weekly on some weekdays (0 is Sunday), or monthly on the first date's day of the month, up to `until` inclusive. */
export type TEventRepeat = { every: 'week'; days: number[]; until: string } | { every: 'month'; until: string };

/**
 * An event's schedule (event-schedule.ts checks one): dates and wall-clock times in the site's zone, a null time
 * making the event all day, and perhaps a repeat.
 */
export interface TEventSchedule {
  startDate: string;
  startTime: string | null;
  endDate: string;
  endTime: string | null;
  repeat: TEventRepeat | null;
}

/** One occurrence: all-day ones run from local midnight of their first day to local midnight after their last. */
export interface TOccurrence {
  start: Date;
  end: Date;
  allDay: boolean;
}

/** The dates occurrences start on, in order, none before `earliest` (later ones cannot reach back into a window). */
function* startDates(s: TEventSchedule, earliest: string): Generator<string> {
  const repeat = s.repeat;
  if (!repeat) {
    if (s.startDate >= earliest) yield s.startDate;
    return;
  }
  if (repeat.every === 'week') {
    const last = dayNumber(repeat.until);
    for (let day = Math.max(dayNumber(s.startDate), dayNumber(earliest)); day <= last; day++) {
      const date = dateOfDay(day);
      if (repeat.days.includes(weekdayOf(date))) yield date;
    }
    return;
  }
  // Monthly: every month up to the until's, skipping those too short to have the first date's day.
  const [y, m, d] = splitDate(s.startDate);
  for (let index = y * 12 + m - 1; ; index++) {
    const year = Math.floor(index / 12);
    const month = (index % 12) + 1;
    if (dateOf(year, month, 1) > repeat.until) return;
    if (d > daysInMonth(year, month)) continue;
    const date = dateOf(year, month, d);
    if (date > repeat.until) return;
    if (date >= earliest) yield date;
  }
}

/**
 * How to place an occurrence starting on a date. An all-day one covers as many local days as the first. A timed one
 * starts at the start time on the clock and lasts exactly as long as the first, as RFC 5545 repeats a DTSTART/DTEND
 * pair: the two differ only for an occurrence across a change of the clocks, which a 10 AM–1 PM market never is.
 */
function placer(s: TEventSchedule, tz: string): (date: string) => TOccurrence {
  const spanDays = dayNumber(s.endDate) - dayNumber(s.startDate);
  const { startTime, endTime } = s;
  if (startTime === null || endTime === null) {
    return (date) => ({
      start: zoneInstant(date, 0, tz),
      end: zoneInstant(addDays(date, spanDays + 1), 0, tz),
      allDay: true,
    });
  }
  const startMinutes = clockMinutes(startTime);
  const duration =
    zoneInstant(s.endDate, clockMinutes(endTime), tz).getTime() - zoneInstant(s.startDate, startMinutes, tz).getTime();
  return (date) => {
    const start = zoneInstant(date, startMinutes, tz);
    return { start, end: new Date(start.getTime() + duration), allDay: false };
  };
}

/**
 * Every occurrence of a schedule that overlaps [from, to), in order, at most `limit`. An occurrence that starts and
 * ends at the same instant counts when that instant is in the window.
 */
export function occurrences(
  schedule: TEventSchedule,
  tz: string,
  from: Date,
  to: Date,
  limit: number = EVENT_LIMITS.occurrences,
): TOccurrence[] {
  const found: TOccurrence[] = [];
  if (limit <= 0) return found;
  const spanDays = dayNumber(schedule.endDate) - dayNumber(schedule.startDate);
  const place = placer(schedule, tz);
  // An occurrence starting earlier than this ends before `from` whatever the zone's offsets.
  const earliest = addDays(zoneLocalTime(from, tz).date, -(spanDays + 1));
  for (const date of startDates(schedule, earliest)) {
    const o = place(date);
    const start = o.start.getTime();
    const end = o.end.getTime();
    if (start >= to.getTime()) break;
    if (end > from.getTime() || (start === end && start >= from.getTime())) {
      found.push(o);
      if (found.length >= limit) break;
    }
  }
  return found;
}

/** The last instant a Date holds. */
const END_OF_TIME = new Date(8.64e15);

/** The occurrence on at `now`, or else the next to start; null when every occurrence has ended. */
export function nextOccurrence(schedule: TEventSchedule, tz: string, now: Date): TOccurrence | null {
  return occurrences(schedule, tz, now, END_OF_TIME, 1)[0] ?? null;
}

/**
 * A span that holds every occurrence of a schedule: from the first start to an end no occurrence passes (the last
 * possible start day plus the event's length, to local midnight). Stored beside the schedule, it lets the database
 * narrow a window's candidates before the repeats are expanded.
 */
export function scheduleBounds(schedule: TEventSchedule, tz: string): TEventWindow {
  const spanDays = dayNumber(schedule.endDate) - dayNumber(schedule.startDate);
  const first = placer(schedule, tz)(schedule.startDate);
  const lastStart = schedule.repeat?.until ?? schedule.startDate;
  return { from: first.start, to: zoneInstant(addDays(lastStart, spanDays + 1), 0, tz) };
}

/** A span of time [from, to) that event listings filter on. */
export interface TEventWindow {
  from: Date;
  to: Date;
}
export type TEventWindowName = 'today' | 'weekend' | 'week';

/** Local midnight of the earlier date to local midnight after the later: a typed range covers both days it names. */
export function dateRangeWindow(fromDate: string, toDate: string, tz: string): TEventWindow {
  const [first, last] = fromDate <= toDate ? [fromDate, toDate] : [toDate, fromDate];
  return { from: zoneInstant(first, 0, tz), to: zoneInstant(addDays(last, 1), 0, tz) };
}

/**
 * The listing filters, as whole local days from midnight: `today`; `weekend`, this week's Saturday and Sunday (the
 * coming ones from Monday to Friday, only today on a Sunday); `week`, today through the coming Sunday (only today on
 * a Sunday, the week that then begins is next week's).
 */
export function eventWindow(name: TEventWindowName, tz: string, now: Date): TEventWindow {
  const today = zoneLocalTime(now, tz).date;
  const [offset, days] = windowDays(name, weekdayOf(today));
  return dateRangeWindow(addDays(today, offset), addDays(today, offset + days - 1), tz);
}

/** A window's first day, counted from today, and its number of days, by today's weekday (0 is Sunday). */
function windowDays(name: TEventWindowName, weekday: number): [number, number] {
  if (name === 'today') return [0, 1];
  // Sunday is the weekend's last day: what is left of it is today.
  if (name === 'weekend') return weekday === 0 ? [0, 1] : [6 - weekday, 2];
  return [0, ((7 - weekday) % 7) + 1];
}

/**
 * What an event card's badge says, from the occurrence on now or next: on now, today or tomorrow (with the start
 * time, null all day), a later date, or ended. Words are the page's to choose ("Today · 5 PM").
 */
export type TEventBadge =
  | { state: 'now' }
  | { state: 'today'; time: string | null }
  | { state: 'tomorrow'; time: string | null }
  | { state: 'upcoming'; date: string; time: string | null }
  | { state: 'ended' };

export function eventBadge(schedule: TEventSchedule, tz: string, now: Date): TEventBadge {
  const next = nextOccurrence(schedule, tz, now);
  if (!next) return { state: 'ended' };
  if (next.start.getTime() <= now.getTime() && now.getTime() < next.end.getTime()) return { state: 'now' };
  const today = zoneLocalTime(now, tz).date;
  const date = zoneLocalTime(next.start, tz).date;
  const time = next.allDay ? null : schedule.startTime;
  if (date === today) return { state: 'today', time };
  if (date === addDays(today, 1)) return { state: 'tomorrow', time };
  return { state: 'upcoming', date, time };
}

/** `17:00` as `5 PM`, `17:30` as `5:30 PM`, `00:00` as `12 AM`: how the opening-hours badge writes times. */
export function formatTime12(clock: string): string {
  return clockLabel(clockMinutes(clock));
}

/** RFC 5545's weekday codes, indexed as schedules count weekdays (0 is Sunday). */
const BYDAY = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;

/** `20270131T182959Z`, an instant as an iCalendar UTC DATE-TIME. */
export const icalUtc = (at: Date) => `${at.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;

/**
 * The RRULE of a schedule's repeat (null without one), as the calendar file and the Google Calendar link both write
 * it: weekly on its days, or monthly on the first date's day of the month (RFC 5545 skips the months without that
 * day, as the site does). UNTIL is a DATE for an all-day event and otherwise the last second of the until date in
 * `tz`, in UTC as RFC 5545 requires beside a TZID: an occurrence starting any time that day is the last.
 */
export function recurrenceRule(s: TEventSchedule, tz: string): string | null {
  const repeat = s.repeat;
  if (!repeat) return null;
  const until =
    s.startTime === null || s.endTime === null
      ? repeat.until.replaceAll('-', '')
      : icalUtc(new Date(zoneInstant(repeat.until, DAY_MINUTES - 1, tz).getTime() + 59_000));
  const rule =
    repeat.every === 'week'
      ? `FREQ=WEEKLY;BYDAY=${[...repeat.days]
          .sort((a, b) => a - b)
          .map((d) => BYDAY[d])
          .join(',')}`
      : `FREQ=MONTHLY;BYMONTHDAY=${Number(s.startDate.slice(8))}`;
  return `RRULE:${rule};UNTIL=${until}`;
}

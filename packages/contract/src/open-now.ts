/**
 * "Open now" for a listing's opening hours (decision 015), on wall-clock time in the site's zone. Pure and free of zod
 * and Intl, so the browser imports it by file and computes the same answer as the server from the same local time (the
 * caller turns an instant into local date and minutes: `components/dates.ts` in the web app, Intl on the server).
 */

/** `HH:MM`, 24-hour; `24:00` only as a closing time (open until midnight). */
export type TClock = string;
export interface TTimeRange {
  open: TClock;
  close: TClock;
}
export const WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type TWeekday = (typeof WEEK)[number];
/** Each day's ranges; an empty list (or a missing day) is closed. A range whose close is not after its open runs past midnight. */
export type TWeeklyHours = Partial<Record<TWeekday, TTimeRange[]>>;
/** A dated exception (a holiday, special hours): it replaces that date's weekly ranges; none means closed all day. */
export interface THoursException {
  date: string;
  ranges: TTimeRange[];
  note?: string;
}
export interface TOpeningHours {
  weekly: TWeeklyHours;
  exceptions?: THoursException[];
}

/** Local time in the site's zone: the calendar date (`YYYY-MM-DD`) and minutes since midnight. */
export interface TLocalTime {
  date: string;
  minutes: number;
}

/** When the state next changes, on the local clock: `dayOffset` 0 is today, 1 tomorrow…; `inMinutes` from now. */
export interface TChange {
  inMinutes: number;
  dayOffset: number;
  weekday: TWeekday;
  minutes: number;
}
export type TOpenStatus =
  | { open: true; allDay: true }
  | { open: true; allDay: false; closes: TChange }
  | { open: false; opens: TChange | null };

const DAY = 1440;
/** How far ahead the next opening is looked for: a week, and a day more for a range that starts late and runs past midnight. */
const LOOK_AHEAD_DAYS = 8;

/** Minutes since midnight of `HH:MM`, or NaN when it is not a clock time (24:00 allowed). */
export function clockMinutes(clock: TClock): number {
  const m = /^([01]\d|2[0-4]):([0-5]\d)$/.exec(clock);
  if (!m) return Number.NaN;
  const minutes = Number(m[1]) * 60 + Number(m[2]);
  return minutes <= DAY ? minutes : Number.NaN;
}

/** The date `days` after `date` (both `YYYY-MM-DD`), and its weekday. */
function shift(date: string, days: number): { date: string; weekday: TWeekday } {
  const [y, m, d] = date.split('-').map(Number);
  const at = new Date(Date.UTC(y, m - 1, d + days));
  // getUTCDay: 0 is Sunday; WEEK starts on Monday.
  return { date: at.toISOString().slice(0, 10), weekday: WEEK[(at.getUTCDay() + 6) % 7] };
}

function rangesOn(hours: TOpeningHours, date: string, weekday: TWeekday): TTimeRange[] {
  const exception = hours.exceptions?.find((e) => e.date === date);
  return exception ? exception.ranges : (hours.weekly[weekday] ?? []);
}

/** The open stretches from yesterday to a week ahead, in minutes from today's midnight, merged where they touch. */
function stretches(hours: TOpeningHours, today: string): [number, number][] {
  const all: [number, number][] = [];
  for (let offset = -1; offset <= LOOK_AHEAD_DAYS; offset++) {
    const { date, weekday } = shift(today, offset);
    for (const range of rangesOn(hours, date, weekday)) {
      const open = clockMinutes(range.open);
      let close = clockMinutes(range.close);
      if (Number.isNaN(open) || Number.isNaN(close) || open === DAY) continue;
      if (close <= open) close += DAY;
      all.push([offset * DAY + open, offset * DAY + close]);
    }
  }
  all.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const s of all) {
    const last = merged[merged.length - 1];
    if (last && s[0] <= last[1]) last[1] = Math.max(last[1], s[1]);
    else merged.push([...s]);
  }
  return merged;
}

function changeAt(now: TLocalTime, at: number): TChange {
  const dayOffset = Math.floor(at / DAY);
  return {
    inMinutes: at - now.minutes,
    dayOffset,
    weekday: shift(now.date, dayOffset).weekday,
    minutes: at - dayOffset * DAY,
  };
}

/** Whether a listing with these hours is open at `now`, and when that changes; null when it has no hours at all. */
export function openStatus(hours: TOpeningHours | null | undefined, now: TLocalTime): TOpenStatus | null {
  if (!hours || !hasHours(hours)) return null;
  const list = stretches(hours, now.date);
  const current = list.find(([from, to]) => from <= now.minutes && now.minutes < to);
  if (current) {
    // Open without a break for the whole week ahead: a 24-hour place.
    if (current[1] >= LOOK_AHEAD_DAYS * DAY) return { open: true, allDay: true };
    return { open: true, allDay: false, closes: changeAt(now, current[1]) };
  }
  const next = list.find(([from]) => from > now.minutes);
  return { open: false, opens: next ? changeAt(now, next[0]) : null };
}

/** True when any weekday or exception lists a range: a listing that never filled its hours shows no badge. */
export function hasHours(hours: TOpeningHours): boolean {
  return WEEK.some((d) => (hours.weekly[d]?.length ?? 0) > 0) || (hours.exceptions?.length ?? 0) > 0;
}

const DAY_NAMES: Record<TWeekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

/** `9 AM`, `6:30 PM`, `12 AM` (midnight). */
export function clockLabel(minutes: number): string {
  const m = ((minutes % DAY) + DAY) % DAY;
  const h = Math.floor(m / 60);
  const min = m % 60;
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${hour12}${min ? `:${String(min).padStart(2, '0')}` : ''} ${h < 12 ? 'AM' : 'PM'}`;
}

function whenLabel(change: TChange): string {
  const time = clockLabel(change.minutes);
  if (change.dayOffset === 0) return `at ${time}`;
  if (change.dayOffset === 1) return `tomorrow ${time}`;
  return `${DAY_NAMES[change.weekday]} ${time}`;
}

/**
 * The badge's two parts in English: `Open now` with `Closes at 6 PM` (or `Open 24 hours`), `Closed` with
 * `Opens tomorrow 9 AM`, `Opens Monday 9 AM`. Closing within the next 24 hours reads as a time (`Closes at 2 AM`).
 */
export function openStatusLabel(status: TOpenStatus): { state: string; detail: string } {
  if (status.open) {
    return status.allDay
      ? { state: 'Open now', detail: 'Open 24 hours' }
      : // Closing within the day ahead is said as a time ("Closes at 2 AM" at 11 PM), as people say it.
        {
          state: 'Open now',
          detail: `Closes ${status.closes.inMinutes < DAY ? `at ${clockLabel(status.closes.minutes)}` : whenLabel(status.closes)}`,
        };
  }
  return { state: 'Closed', detail: status.opens ? `Opens ${whenLabel(status.opens)}` : '' };
}

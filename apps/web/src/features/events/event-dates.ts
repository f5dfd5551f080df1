import { type TEventSchedule, type TOccurrence, zoneLocalTime } from '@chaupal/contract/event-times';
import type { Translate, TUiLang } from '../../app/i18n';

/**
 * Event dates in words, in the site's zone: `Sat 29 Nov`, `Sat 29 Nov 2026 · 5 PM – 8 PM`, `Every Saturday until
 * 30 Jan 2027`, their words from the events texts (`locales/en/events.json`, the `t` the functions take). Schedules are
 * the organiser's wall clock already; only an occurrence the API worked out (`next`, an instant) is read back into the
 * zone.
 */

const WEEKDAYS: Record<TUiLang, readonly string[]> = {
  en: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  hi: ['रविवार', 'सोमवार', 'मंगलवार', 'बुधवार', 'गुरुवार', 'शुक्रवार', 'शनिवार'],
};
const SHORT_WEEKDAYS: Record<TUiLang, readonly string[]> = {
  en: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  hi: ['रवि', 'सोम', 'मंगल', 'बुध', 'गुरु', 'शुक्र', 'शनि'],
};
/** Hindi's month names are short enough whole, as `hi-IN` writes them. */
const MONTHS: Record<TUiLang, readonly string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  hi: ['जनवरी', 'फ़रवरी', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुलाई', 'अगस्त', 'सितंबर', 'अक्तूबर', 'नवंबर', 'दिसंबर'],
};

/** A time of day from minutes after midnight: open-badge's `clockText` with the page's texts (`5 PM`, `शाम 5 बजे`). */
export type Clock = (minutes: number) => string;

/** 0 (Sunday) to 6 of a `YYYY-MM-DD` date, as schedules count weekdays. */
export const weekdayOf = (date: string) => new Date(`${date.slice(0, 10)}T00:00:00Z`).getUTCDay();

export const minutesOf = (clock: string) => {
  const [h, m] = clock.split(':').map(Number);
  return h * 60 + m;
};

/** Year, month and day of a `YYYY-MM-DD` date (of a timestamp's date part too). */
const parts = (date: string) => date.slice(0, 10).split('-').map(Number) as [number, number, number];

/** A weekday's whole name: `Saturday`, `शनिवार`. */
export const weekdayName = (day: number, lang: TUiLang) => WEEKDAYS[lang][day];

/** `Sat 29 Nov`, with the year when it is not `thisYear` (`Sat 2 Jan 2027`); without `thisYear`, always with it. */
export function dayText(date: string, lang: TUiLang, thisYear?: string): string {
  const [y, m, d] = parts(date);
  const day = `${SHORT_WEEKDAYS[lang][weekdayOf(date)]} ${d} ${MONTHS[lang][m - 1]}`;
  return date.slice(0, 4) === thisYear ? day : `${day} ${y}`;
}

/** `30 Jan 2027`, `30 जनवरी 2027`: a date without its weekday. */
export function dateText(date: string, lang: TUiLang): string {
  const [y, m, d] = parts(date);
  return `${d} ${MONTHS[lang][m - 1]} ${y}`;
}

/**
 * One occurrence on the site's clock: the first and last day, and the start and end times (null all day). An all-day
 * occurrence's `endDate` is its last day; a timed one's, the day it ends on.
 */
export interface TLocalOccurrence {
  startDate: string;
  endDate: string;
  startMinutes: number | null;
  endMinutes: number | null;
}

/** The first occurrence, as the schedule gives it. */
export const firstOccurrence = (s: TEventSchedule): TLocalOccurrence => ({
  startDate: s.startDate,
  endDate: s.endDate,
  startMinutes: s.startTime === null ? null : minutesOf(s.startTime),
  endMinutes: s.endTime === null ? null : minutesOf(s.endTime),
});

/** An occurrence the API worked out (`next`: ISO instants) read back on the clock of `tz`. */
export function localOccurrence(
  o: Pick<TOccurrence, 'allDay'> & { start: string | Date; end: string | Date },
  tz: string,
): TLocalOccurrence {
  const start = zoneLocalTime(new Date(o.start), tz);
  const end = zoneLocalTime(new Date(o.end), tz);
  if (!o.allDay) {
    return { startDate: start.date, endDate: end.date, startMinutes: start.minutes, endMinutes: end.minutes };
  }
  // An all-day occurrence ends at local midnight after its last day.
  const last = new Date(Date.parse(`${end.date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  return {
    startDate: start.date,
    endDate: last,
    startMinutes: null,
    endMinutes: null,
  };
}

/**
 * An occurrence in words: `Sat 29 Nov 2026 · 5 PM – 8 PM`, `Sat 29 Nov 2026 · All day`, `Fri 27 Nov 2026 – Sun 29 Nov
 * 2026`, or `Sat 29 Nov 2026, 8 PM – Sun 30 Nov 2026, 2 AM` across midnight.
 */
export function occurrenceText(o: TLocalOccurrence, lang: TUiLang, clock: Clock, t: Translate, thisYear?: string) {
  const first = dayText(o.startDate, lang, thisYear);
  const last = dayText(o.endDate, lang, thisYear);
  if (o.startMinutes === null || o.endMinutes === null) {
    return o.startDate === o.endDate ? `${first} · ${t('events.detail.allDay')}` : `${first} – ${last}`;
  }
  if (o.startDate === o.endDate) return `${first} · ${clock(o.startMinutes)} – ${clock(o.endMinutes)}`;
  return `${first}, ${clock(o.startMinutes)} – ${last}, ${clock(o.endMinutes)}`;
}

/** `Saturday`, `Saturday and Sunday`, `Monday, Wednesday and Friday`. */
function listText(items: string[], t: Translate): string {
  if (items.length < 2) return items.join('');
  return t('events.list.and', { first: items.slice(0, -1).join(', '), last: items[items.length - 1] });
}

/** `5th`, `21st`, `12th` in English; the number alone in Hindi (`5 तारीख`). */
export function ordinal(n: number, lang: TUiLang): string {
  if (lang !== 'en') return String(n);
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** A repeat in words: `Every Saturday until 30 Jan 2027`, `Every month on the 5th until 5 Mar 2027`; null if none. */
export function repeatText(s: TEventSchedule, lang: TUiLang, t: Translate): string | null {
  const repeat = s.repeat;
  if (!repeat) return null;
  const until = dateText(repeat.until, lang);
  if (repeat.every === 'month') return t('events.repeat.monthly', { day: ordinal(parts(s.startDate)[2], lang), until });
  // The week as it is read here: Monday first.
  const days = [...repeat.days].sort((a, b) => ((a + 6) % 7) - ((b + 6) % 7)).map((d) => weekdayName(d, lang));
  return t('events.repeat.weekly', { days: listText(days, t), until });
}

import type { TUiLang } from '@chaupal/contract/languages';
import { formatDateTime } from '../dates';

/**
 * The publishing-time picker's clock: a `datetime-local` input knows only the browser's zone, and a contributor abroad
 * still publishes on the site's (SITE_TZ, decision 006). These read and write its value as the site zone's wall clock.
 * They live with the forms rather than in dates.ts, which every public page loads.
 */

const MINUTE = 60_000;
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The zone's offset from UTC at `ms`, in minutes, read from dates.ts's `YYYY-MM-DD dddd h:mm A` (its zone table in
 * the browser, Intl elsewhere), so the picker and every date the site shows agree.
 */
function offsetAt(ms: number, timeZone: string): number {
  const at = Math.floor(ms / MINUTE) * MINUTE;
  const [date, , clock, half] = formatDateTime(new Date(at).toISOString(), timeZone).split(' ');
  const [y, mo, d] = date.split('-').map(Number);
  const [h, mi] = clock.split(':').map(Number);
  return (Date.UTC(y, mo - 1, d, (h % 12) + (half === 'PM' ? 12 : 0), mi) - at) / MINUTE;
}

/** The wall clock of `timeZone` at `ms` as a `datetime-local` input holds it: `YYYY-MM-DDTHH:mm:ss`. */
export function wallClockAt(ms: number, timeZone: string): string {
  const whole = Math.floor(ms / 1000) * 1000;
  return new Date(whole + offsetAt(whole, timeZone) * MINUTE).toISOString().slice(0, 19);
}

/**
 * The instant a wall-clock time of `timeZone` names (`YYYY-MM-DDTHH:mm` or with seconds), as ISO 8601; null when it is
 * not one. A time the clocks skip or repeat at a daylight-saving change comes out as one of the two offsets' readings.
 */
export function instantOfWallClock(local: string, timeZone: string): string | null {
  const m = LOCAL.exec(local);
  if (!m) return null;
  const asUtc = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +(m[6] ?? 0));
  if (Number.isNaN(asUtc)) return null;
  // Two passes: the offset at the guess differs from the offset at the answer only across a change of offset.
  const guess = asUtc - offsetAt(asUtc, timeZone) * MINUTE;
  return new Date(asUtc - offsetAt(guess, timeZone) * MINUTE).toISOString();
}

/**
 * A `datetime-local` value in SPEC §9's picker format `DD/MM/YYYY h:mm:ss a`: `26/11/2026 10:30:00 am`, with Hindi's
 * words for the half of the day (`पूर्वाह्न`, `अपराह्न`) as the site's other dates write them; empty when it is none.
 */
export function formatPickerTime(local: string, lang: TUiLang = 'en'): string {
  const m = LOCAL.exec(local);
  if (!m) return '';
  const hour = Number(m[4]);
  const half = hour < 12 ? (lang === 'en' ? 'am' : 'पूर्वाह्न') : lang === 'en' ? 'pm' : 'अपराह्न';
  return `${m[3]}/${m[2]}/${m[1]} ${hour % 12 || 12}:${m[5]}:${m[6] ?? '00'} ${half}`;
}

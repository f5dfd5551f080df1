import type { TUiLang } from '@chaupal/contract/languages';
/**
 * SPEC §9 display format `YYYY-MM-DD dddd h:mm A`, in the site's time zone on server and browser alike (DESIGN §4).
 *
 * Intl knows every time zone, but a phone pays for it: building the first formatter for a zone loads its data and
 * costs tens of milliseconds on the main thread while the page hydrates (total blocking time). So the
 * server works out the site zone's UTC offsets once (`zoneOffsets`), sends them with the page, and both sides format
 * with plain arithmetic from that table; a date outside it, or a zone without one, falls back to Intl.
 */

/** A zone's UTC offsets from `ZONE_TABLE_FROM` on: `[from (epoch ms), offset (minutes)]`, ascending by `from`. */
export type TZoneOffsets = [number, number][];

const ZONE_TABLE_FROM = Date.UTC(2000, 0, 1);
const ZONE_TABLE_TO = Date.UTC(2050, 0, 1);
const DAY = 86_400_000;
const MINUTE = 60_000;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const formatters = new Map<string, Intl.DateTimeFormat>();
const zones = new Map<string, TZoneOffsets>();
/** The site's zone (SITE_TZ), as the page said at boot: screens that are not server-rendered format in it too. */
let siteZone = 'UTC';

/** One formatter per time zone: building an Intl.DateTimeFormat costs far more than formatting with it. */
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      weekday: 'long',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function partsOf(f: Intl.DateTimeFormat, ms: number) {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const p of f.formatToParts(new Date(ms))) parts[p.type] = p.value;
  return parts;
}

/** The zone's offset from UTC at `ms`, in whole minutes, read from Intl. */
function offsetAt(f: Intl.DateTimeFormat, ms: number): number {
  const at = Math.floor(ms / MINUTE) * MINUTE;
  const p = partsOf(f, at);
  const hour = (Number(p.hour) % 12) + (p.dayPeriod?.toUpperCase() === 'PM' ? 12 : 0);
  const local = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), hour, Number(p.minute));
  return Math.round((local - at) / MINUTE);
}

/**
 * The UTC offsets of `timeZone` from 2000 to 2050, with Intl (on the server, once per zone): a day-by-day walk, and
 * each change pinned to its minute by bisection.
 */
export function zoneOffsets(timeZone: string): TZoneOffsets {
  const f = formatterFor(timeZone);
  const table: TZoneOffsets = [[ZONE_TABLE_FROM, offsetAt(f, ZONE_TABLE_FROM)]];
  let last = table[0][1];
  for (let day = ZONE_TABLE_FROM + DAY; day <= ZONE_TABLE_TO; day += DAY) {
    const offset = offsetAt(f, day);
    if (offset === last) continue;
    let lo = day - DAY;
    let hi = day;
    while (hi - lo > MINUTE) {
      const mid = lo + Math.floor((hi - lo) / 2 / MINUTE) * MINUTE;
      if (offsetAt(f, mid) === last) lo = mid;
      else hi = mid;
    }
    table.push([hi, offset]);
    last = offset;
  }
  return table;
}

/** Formats this zone's dates from `offsets` from now on (the browser, with the table the server sent for the site). */
export function setZoneTable(timeZone: string, offsets: TZoneOffsets) {
  zones.set(timeZone, offsets);
  siteZone = timeZone;
}

function fromTable(ms: number, offsets: TZoneOffsets): string | null {
  if (!(ms >= ZONE_TABLE_FROM && ms < ZONE_TABLE_TO)) return null;
  let i = offsets.length - 1;
  while (i > 0 && offsets[i][0] > ms) i--;
  const local = new Date(Math.floor(ms / MINUTE) * MINUTE + offsets[i][1] * MINUTE);
  const hour = local.getUTCHours();
  const two = (n: number) => String(n).padStart(2, '0');
  return `${local.getUTCFullYear()}-${two(local.getUTCMonth() + 1)}-${two(local.getUTCDate())} ${WEEKDAYS[local.getUTCDay()]} ${hour % 12 || 12}:${two(local.getUTCMinutes())} ${hour < 12 ? 'AM' : 'PM'}`;
}

function englishDateTime(iso: string, timeZone: string): string {
  const ms = Date.parse(iso);
  const offsets = zones.get(timeZone);
  const quick = offsets && fromTable(ms, offsets);
  if (quick) return quick;
  const parts = partsOf(formatterFor(timeZone), ms);
  return `${parts.year}-${parts.month}-${parts.day} ${parts.weekday} ${parts.hour}:${parts.minute} ${String(parts.dayPeriod).toUpperCase()}`;
}

/** Hindi's month and day names, as `hi-IN` writes them: from a table, like the English ones. */
const HI_MONTHS = ['जनवरी', 'फ़रवरी', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुलाई', 'अगस्त', 'सितंबर', 'अक्तूबर', 'नवंबर', 'दिसंबर'];
const HI_WEEKDAYS = ['रविवार', 'सोमवार', 'मंगलवार', 'बुधवार', 'गुरुवार', 'शुक्रवार', 'शनिवार'];

/** The parts of an English `YYYY-MM-DD dddd h:mm A`. */
function split(english: string) {
  const [date, weekday, clock, period] = english.split(' ');
  const [year, month, day] = date.split('-').map(Number);
  return { year, month, day, weekday: WEEKDAYS.indexOf(weekday), clock, period };
}

/**
 * A date and time in the site's zone, in the interface's language: SPEC §9's `YYYY-MM-DD dddd h:mm A` in English,
 * and `25 नवंबर 2026, बुधवार, 5:30 अपराह्न` in Hindi.
 */
export function formatDateTime(iso: string, timeZone: string, lang: TUiLang = 'en'): string {
  const english = englishDateTime(iso, timeZone);
  if (lang === 'en') return english;
  const p = split(english);
  return `${formatDayOf(p, lang)}, ${HI_WEEKDAYS[p.weekday]}, ${p.clock} ${p.period === 'AM' ? 'पूर्वाह्न' : 'अपराह्न'}`;
}

function formatDayOf(p: { year: number; month: number; day: number }, lang: TUiLang) {
  const two = (n: number) => String(n).padStart(2, '0');
  return lang === 'en' ? `${p.year}-${two(p.month)}-${two(p.day)}` : `${p.day} ${HI_MONTHS[p.month - 1]} ${p.year}`;
}

/** The date alone: `YYYY-MM-DD` in English, `25 नवंबर 2026` in Hindi. */
export const formatDay = (iso: string, timeZone: string, lang: TUiLang = 'en') =>
  formatDayOf(split(englishDateTime(iso, timeZone)), lang);

/** A time in the site's zone, SPEC §9 format (`YYYY-MM-DD dddd h:mm A`): the admin console's times. */
export const inSiteZone = (iso: string) => formatDateTime(iso, siteZone);
/** The date part of `inSiteZone` (`YYYY-MM-DD`). */
export const dayInSiteZone = (iso: string) => inSiteZone(iso).slice(0, 10);
/** The time part of `inSiteZone` (`h:mm A`). */
export const timeInSiteZone = (iso: string) => inSiteZone(iso).split(' ').slice(-2).join(' ');

import { clockMinutes, recurrenceRule, type TEventSchedule, zoneInstant, zoneOffsetMinutes } from '@chaupal/contract';
import ical, { type ICalDayJsStub, ICalEventStatus, type ICalLocation, escape as icalEscape } from 'ical-generator';

/**
 * Events as an iCalendar feed (RFC 5545), to subscribe to in a calendar app or to add one event from its page. Each
 * event is one VEVENT; a repeat is its RRULE, so the app expands it exactly as `occurrences` does on the site.
 */

/** An event as the feed carries it. */
export interface IcsEvent {
  id: string;
  title: string;
  /** Plain text, the feed's DESCRIPTION. */
  summary: string;
  url: string;
  schedule: TEventSchedule;
  status: 'scheduled' | 'cancelled' | 'postponed';
  location?: { name?: string; address?: string; lat?: number; lng?: number };
  organizer?: { name: string; email?: string };
  updatedAt: Date;
}

export interface IcsCalendarOptions {
  name: string;
  /** The feed's address: its host makes the events' UIDs (`<id>@<host>`), stable however often the feed is built. */
  url: string;
  /** `//company//product//EN`; the feed's host and `chaupal` by default. */
  prodId?: string;
  events: IcsEvent[];
  /** The site's zone (SITE_TZ), in which the schedules' dates and times are written. */
  tz: string;
  /** Seconds a subscribed app should wait before fetching again (REFRESH-INTERVAL); six hours by default. */
  ttl?: number;
}

const DEFAULT_TTL_SECONDS = 6 * 3600;
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/**
 * Postponed has no iCalendar status of its own: TENTATIVE says the date may not hold, and calendar apps show it
 * apart from confirmed events.
 */
const STATUS: Record<IcsEvent['status'], ICalEventStatus> = {
  scheduled: ICalEventStatus.CONFIRMED,
  cancelled: ICalEventStatus.CANCELLED,
  postponed: ICalEventStatus.TENTATIVE,
};

const utcMidnight = (date: string) => new Date(`${date}T00:00:00Z`);

/**
 * A wall-clock time of the event's zone as ical-generator writes it. Given a Date and a zone, it would write the
 * Date's time in the server process's zone; given a Day.js-like value, it writes what `format` returns, so this
 * writes the date and time the organiser gave and DTSTART;TZID=… is right whatever zone the server runs in.
 * `tz` returns the same value: ical-generator asks for it only in the event's own zone.
 */
function wallClock(date: string, clock: string, instant: Date): ICalDayJsStub {
  const fields: Record<string, string> = {
    YYYYMMDD: date.replaceAll('-', ''),
    HHmmss: `${clock.replace(':', '')}00`,
  };
  const value: ICalDayJsStub = {
    format: (f) => {
      const text = fields[f ?? ''];
      if (text === undefined) throw new Error(`No format ${f} for an event time`);
      return text;
    },
    tz: () => value,
    // In UTC (SITE_TZ=UTC, which ical-generator writes without a TZID) the time is the instant's own.
    utc: () => {
      const iso = instant.toISOString();
      return wallClock(iso.slice(0, 10), iso.slice(11, 16), instant);
    },
    toDate: () => instant,
    isValid: () => true,
    toJSON: () => instant.toISOString(),
  };
  return value;
}

/** `clock` on `date` in `tz`, for DTSTART and DTEND. */
const eventTime = (date: string, clock: string, tz: string) =>
  wallClock(date, clock, zoneInstant(date, clockMinutes(clock), tz));

/** LOCATION is the place's name and address on two lines; GEO its pin. */
function place(l: IcsEvent['location']): ICalLocation | null {
  if (!l) return null;
  const geo = l.lat !== undefined && l.lng !== undefined ? { lat: l.lat, lon: l.lng } : undefined;
  const title = l.name || l.address;
  if (title) return { title, address: l.name ? l.address : undefined, geo };
  return geo ? { geo } : null;
}

const utcOffset = (minutes: number) =>
  `${minutes < 0 ? '-' : '+'}${String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0')}${String(Math.abs(minutes) % 60).padStart(2, '0')}`;

/**
 * The VTIMEZONE of `tz` from `from` to `to`, read from Intl: RFC 5545 wants a definition of every TZID used, and
 * ical-generator has no zone data of its own (its documented generator is a package this project does not carry).
 * One observance for the offset at `from`, then one for each change of offset, found a day at a time and then to the
 * minute by halving. An offset above the lowest of the span is daylight saving.
 */
export function vtimezone(tz: string, from: Date, to: Date): string {
  const offsetAt = (t: number) => zoneOffsetMinutes(new Date(t), tz);
  const changes: { at: number; from: number; to: number }[] = [];
  let offset = offsetAt(from.getTime());
  changes.push({ at: from.getTime(), from: offset, to: offset });
  for (let t = from.getTime() + DAY_MS; t < to.getTime() + DAY_MS; t += DAY_MS) {
    const next = offsetAt(t);
    if (next === offset) continue;
    let before = t - DAY_MS;
    let after = t;
    while (after - before > MINUTE_MS) {
      const mid = before + Math.floor((after - before) / MINUTE_MS / 2) * MINUTE_MS;
      if (offsetAt(mid) === offset) before = mid;
      else after = mid;
    }
    changes.push({ at: after, from: offset, to: next });
    offset = next;
  }
  const lowest = Math.min(...changes.map((c) => c.to));
  const lines = ['BEGIN:VTIMEZONE', `TZID:${tz}`];
  for (const c of changes) {
    const kind = c.to > lowest ? 'DAYLIGHT' : 'STANDARD';
    // DTSTART is the local time the change happens at, on the clock before it.
    const local = new Date(c.at + c.from * MINUTE_MS).toISOString().replace(/[-:]/g, '').slice(0, 15);
    lines.push(
      `BEGIN:${kind}`,
      `DTSTART:${local}`,
      `TZOFFSETFROM:${utcOffset(c.from)}`,
      `TZOFFSETTO:${utcOffset(c.to)}`,
      `END:${kind}`,
    );
  }
  lines.push('END:VTIMEZONE');
  return lines.join('\r\n');
}

/** The instants the timed events' dates span, with two days either side for any zone's offset. */
function timedSpan(events: IcsEvent[]): { from: Date; to: Date } | null {
  const timed = events.filter((e) => e.schedule.startTime !== null);
  if (timed.length === 0) return null;
  const first = timed.map((e) => e.schedule.startDate).sort()[0];
  const ends = timed.map((e) => e.schedule.repeat?.until ?? e.schedule.endDate).sort();
  const last = ends[ends.length - 1];
  return {
    from: new Date(utcMidnight(first).getTime() - 2 * DAY_MS),
    to: new Date(utcMidnight(last).getTime() + 2 * DAY_MS),
  };
}

/**
 * The feed as iCalendar text. All-day events are DATE values (the day after the last is DTEND, as RFC 5545 counts);
 * timed ones are wall-clock times with TZID = `tz` and the zone's VTIMEZONE. DTSTAMP and LAST-MODIFIED are when the
 * event last changed, so building the feed again yields the same text and apps see what changed.
 */
export function eventCalendar(opts: IcsCalendarOptions): string {
  const host = new URL(opts.url).hostname;
  const span = timedSpan(opts.events);
  const calendar = ical({
    // ical-generator writes NAME and X-WR-CALNAME as given: a comma or a new line must be escaped here.
    name: icalEscape(opts.name, false),
    url: opts.url,
    prodId: opts.prodId ?? { company: host, product: 'chaupal', language: 'EN' },
    ttl: opts.ttl ?? DEFAULT_TTL_SECONDS,
    // A zone for the generator only: a calendar-wide zone name would make ical-generator write DTSTAMP and
    // LAST-MODIFIED in the server's local time rather than UTC.
    timezone: { name: null, generator: (tz) => (span ? vtimezone(tz, span.from, span.to) : null) },
  });
  for (const e of opts.events) {
    const { startDate, startTime, endDate, endTime } = e.schedule;
    const timing =
      startTime === null || endTime === null
        ? {
            allDay: true,
            timezone: null,
            start: utcMidnight(startDate),
            end: new Date(utcMidnight(endDate).getTime() + DAY_MS),
          }
        : {
            allDay: false,
            timezone: opts.tz,
            start: eventTime(startDate, startTime, opts.tz),
            end: eventTime(endDate, endTime, opts.tz),
          };
    calendar.createEvent({
      ...timing,
      id: `${e.id}@${host}`,
      repeating: recurrenceRule(e.schedule, opts.tz),
      summary: e.title,
      description: `${e.summary}\n\n${e.url}`,
      url: e.url,
      status: STATUS[e.status],
      location: place(e.location),
      // ORGANIZER's value is an address: without an email there is nothing to write.
      organizer: e.organizer?.email ? { name: e.organizer.name, email: e.organizer.email } : null,
      stamp: e.updatedAt,
      lastModified: e.updatedAt,
    });
  }
  return calendar.toString();
}

import { type TEventSchedule, zoneInstant } from '@chaupal/contract/event-times';
import type { TEvent } from '@chaupal/contract/events';
import { API_BASE } from '../../api/client';
import { textOf } from '../../components/cards';
import { firstOccurrence, localOccurrence, type TLocalOccurrence } from './event-dates';
import { eventPath } from './event-paths';

/** The event's .ics file, which the server writes (one VEVENT, its repeat as an RRULE). */
export const icsHref = (slug: string) => `${API_BASE}/events/ics/${encodeURIComponent(slug)}`;

/** RFC 5545's weekday codes, indexed as schedules count weekdays (0 is Sunday). */
const BYDAY = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;

const compactDate = (date: string) => date.replaceAll('-', '');
/** `20261129T113000Z`: an instant as a UTC date-time. */
const utcStamp = (at: Date) => `${at.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;
const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Google's `dates`: UTC instants for a timed occurrence, dates with the day after the last for an all-day one. */
function datesOf(o: TLocalOccurrence, tz: string): string {
  if (o.startMinutes === null || o.endMinutes === null) {
    return `${compactDate(o.startDate)}/${compactDate(nextDay(o.endDate))}`;
  }
  const start = zoneInstant(o.startDate, o.startMinutes, tz);
  const end = zoneInstant(o.endDate, o.endMinutes, tz);
  return `${utcStamp(start)}/${utcStamp(end)}`;
}

/**
 * The repeat as the server's .ics writes it: weekly on its days, or monthly on the first date's day of the month,
 * until the until date (a date all day; else the last second of that day on the site's clock, in UTC).
 */
function repeatRule(s: TEventSchedule, tz: string): string | null {
  const repeat = s.repeat;
  if (!repeat) return null;
  const until =
    s.startTime === null || s.endTime === null
      ? compactDate(repeat.until)
      : utcStamp(new Date(zoneInstant(repeat.until, 1439, tz).getTime() + 59_000));
  const rule =
    repeat.every === 'week'
      ? `FREQ=WEEKLY;BYDAY=${[...repeat.days]
          .sort((a, b) => a - b)
          .map((d) => BYDAY[d])
          .join(',')}`
      : `FREQ=MONTHLY;BYMONTHDAY=${Number(s.startDate.slice(8))}`;
  return `RRULE:${rule};UNTIL=${until}`;
}

/** Where it is, in one line: the venue's name, street address and PIN code. */
export const locationText = (e: TEvent) =>
  [e.venue_name || e.venue?.title, e.street_address, e.pin_code].filter(Boolean).join(', ');

/**
 * "Add to Google Calendar": Google's event template with the occurrence on now or next (the API's `next`), or the
 * first once all have ended, so a weekly market is added from its coming Saturday; a repeat goes along as its RRULE
 * from there. `tz` (SITE_TZ) is the calendar's zone for the event.
 */
export function googleCalendarHref(event: TEvent, publicUrl: string, tz: string): string {
  const occurrence = event.next ? localOccurrence(event.next, tz) : firstOccurrence(event.schedule);
  const url = `${publicUrl}${eventPath(event.slug)}`;
  const summary = textOf(event.description);
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: datesOf(occurrence, tz),
    details: summary ? `${summary}\n\n${url}` : url,
  });
  const location = locationText(event);
  if (location) params.set('location', location);
  params.set('ctz', tz);
  const recur = repeatRule(event.schedule, tz);
  if (recur) params.set('recur', recur);
  return `https://calendar.google.com/calendar/render?${params}`;
}

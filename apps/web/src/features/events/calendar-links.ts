import { icalUtc, recurrenceRule, zoneInstant } from '@chaupal/contract/event-times';
import type { TEvent } from '@chaupal/contract/events';
import { API_BASE } from '../../api/client';
import { textOf } from '../../components/cards';
import { firstOccurrence, localOccurrence, type TLocalOccurrence } from './event-dates';
import { eventPath } from './event-paths';

/** The event's .ics file, which the server writes (one VEVENT, its repeat as an RRULE). */
export const icsHref = (slug: string) => `${API_BASE}/events/ics/${encodeURIComponent(slug)}`;

const compactDate = (date: string) => date.replaceAll('-', '');
const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Google's `dates`: UTC instants for a timed occurrence, dates with the day after the last for an all-day one. */
function datesOf(o: TLocalOccurrence, tz: string): string {
  if (o.startMinutes === null || o.endMinutes === null) {
    return `${compactDate(o.startDate)}/${compactDate(nextDay(o.endDate))}`;
  }
  const start = zoneInstant(o.startDate, o.startMinutes, tz);
  const end = zoneInstant(o.endDate, o.endMinutes, tz);
  return `${icalUtc(start)}/${icalUtc(end)}`;
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
  const recur = recurrenceRule(event.schedule, tz);
  if (recur) params.set('recur', recur);
  return `https://calendar.google.com/calendar/render?${params}`;
}

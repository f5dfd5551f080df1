import { zoneInstant, zoneOffsetMinutes } from '@chaupal/contract/event-times';
import type { TEvent } from '@chaupal/contract/events';
import { langTag } from '@chaupal/contract/languages';
import { textOf } from '../../components/cards';
import type { TSiteLd } from '../../components/content/structured-data';
import { firstOccurrence, localOccurrence } from './event-dates';
import { outletPath } from './event-paths';

const SCHEMA_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const pad = (n: number) => String(n).padStart(2, '0');

/** `17:00:00`: minutes after midnight as schema.org's Time. */
const timeOf = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}:00`;

/** `2026-11-29T17:00:00+05:30`: a wall-clock time of `tz` with the offset the zone has then. */
export function isoInZone(date: string, minutes: number, tz: string): string {
  const offset = zoneOffsetMinutes(zoneInstant(date, minutes, tz), tz);
  const abs = Math.abs(offset);
  return `${date}T${timeOf(minutes)}${offset < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The first amount an entry text names: `₹50` is 50, `Rs. 1,200 a family` 1200; null when it names none. */
export function entryPrice(entry: string): number | null {
  const m = /\d[\d,]*(\.\d+)?/.exec(entry);
  return m ? Number(m[0].replaceAll(',', '')) : null;
}

/** schema.org's EventStatusType: a postponed event with its new date in the schedule has been rescheduled. */
function statusOf(item: TEvent): string {
  if (item.eventStatus === 'cancelled') return 'https://schema.org/EventCancelled';
  if (item.eventStatus === 'postponed') {
    return `https://schema.org/${item.previousStartDate ? 'EventRescheduled' : 'EventPostponed'}`;
  }
  return 'https://schema.org/EventScheduled';
}

/** The venue as a Place: its name, PostalAddress (the locality, else the circle, as place-ld.ts says it) and pin. */
function placeOf(item: TEvent, site: TSiteLd) {
  const locality = item.blocks[0]?.name ?? item.circles[0]?.name;
  return {
    '@type': 'Place',
    name: item.venue_name || item.venue?.title || locality || item.title,
    ...(item.venue ? { url: `${site.url}${outletPath(item.venue.slug)}` } : {}),
    address: {
      '@type': 'PostalAddress',
      ...(item.street_address ? { streetAddress: item.street_address } : {}),
      ...(locality ? { addressLocality: locality } : {}),
      ...(item.pin_code ? { postalCode: item.pin_code } : {}),
      addressCountry: 'IN',
    },
    ...(item.latitude !== null && item.longitude !== null
      ? { geo: { '@type': 'GeoCoordinates', latitude: item.latitude, longitude: item.longitude } }
      : {}),
  };
}

/** A repeat as schema.org's Schedule: weekly on its days or monthly on the first date's day, until its last date. */
function scheduleOf(item: TEvent, tz: string) {
  const s = item.schedule;
  const repeat = s.repeat;
  if (!repeat) return null;
  return {
    '@type': 'Schedule',
    repeatFrequency: repeat.every === 'week' ? 'P1W' : 'P1M',
    ...(repeat.every === 'week'
      ? { byDay: [...repeat.days].sort((a, b) => a - b).map((d) => `https://schema.org/${SCHEMA_DAYS[d]}`) }
      : { byMonthDay: Number(s.startDate.slice(8)) }),
    startDate: s.startDate,
    endDate: repeat.until,
    ...(s.startTime !== null && s.endTime !== null
      ? { startTime: `${s.startTime}:00`, endTime: `${s.endTime}:00` }
      : {}),
    scheduleTimezone: tz,
  };
}

/**
 * An event page's schema.org Event (Google's event structured data): its occurrence on now or next (the first once
 * all have ended) with the zone's offset, or its dates all day; status, place, organiser and entry; and for a repeat
 * its Schedule. `tz` is SITE_TZ, the clock the schedule is on.
 */
export function eventStructuredData(item: TEvent, url: string, site: TSiteLd, tz: string) {
  const o = item.next ? localOccurrence(item.next, tz) : firstOccurrence(item.schedule);
  const times = o.startMinutes !== null && o.endMinutes !== null ? [o.startMinutes, o.endMinutes] : null;
  const image = item.image ? (item.image.startsWith('http') ? item.image : `${site.url}${item.image}`) : null;
  const price = item.entry ? entryPrice(item.entry) : 0;
  const schedule = scheduleOf(item, tz);
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: item.title,
    description: textOf(item.description).slice(0, 300),
    ...(image ? { image: [image] } : {}),
    startDate: times ? isoInZone(o.startDate, times[0], tz) : o.startDate,
    endDate: times ? isoInZone(o.endDate, times[1], tz) : o.endDate,
    eventStatus: statusOf(item),
    ...(item.eventStatus === 'postponed' && item.previousStartDate
      ? { previousStartDate: item.previousStartDate }
      : {}),
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: placeOf(item, site),
    ...(item.organiser
      ? {
          organizer: {
            '@type': 'Organization',
            name: item.organiser,
            ...(item.website_url ? { url: item.website_url } : {}),
            ...(item.call_now ? { telephone: item.call_now } : {}),
          },
        }
      : {}),
    offers: {
      '@type': 'Offer',
      // An entry that names no amount ("Donation") is said in words; Google then warns of a missing price.
      ...(price === null ? { description: item.entry } : { price, priceCurrency: 'INR' }),
      url: item.registration_url ?? url,
      availability: 'https://schema.org/InStock',
    },
    ...(schedule ? { eventSchedule: schedule } : {}),
    ...(langTag(item.language) ? { inLanguage: langTag(item.language) } : {}),
    url,
  };
}

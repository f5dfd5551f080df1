import { nextOccurrence } from '@chaupal/contract';
import type { TEvent } from '@chaupal/contract/events';
import type { events } from '../../db/schema';
import type { LoadedRow, RowOf } from '../content';
import { isoOrNull, presentCommon } from '../content';

/** An event as the API answers it, with the occurrence on now or next worked out at `now`. */
export function presentEvent(l: LoadedRow<RowOf<typeof events>>, now = new Date()): TEvent {
  const r = l.row;
  const type = l.parents[0];
  const next = nextOccurrence(r.schedule, r.timeZone, now);
  // The shared fields last: see presentCommon.
  return {
    content: r.content,
    image: r.image,
    eventType: type ? { id: type.id, title: type.title, slug: type.slug } : null,
    eventTypeId: r.eventTypeId,
    schedule: r.schedule,
    next: next && { start: next.start.toISOString(), end: next.end.toISOString(), allDay: next.allDay },
    eventStatus: r.eventStatus,
    previousStartDate: r.previousStartDate,
    venue: r.venueOutletId && r.venueSlug ? { id: r.venueOutletId, title: r.venueName, slug: r.venueSlug } : null,
    venue_name: r.venueName,
    street_address: r.streetAddress,
    pin_code: r.pinCode,
    latitude: r.latitude,
    longitude: r.longitude,
    opening_hours: null,
    organiser: r.organiser,
    call_now: r.callNow,
    whatsapp_no: r.whatsappNo,
    website_url: r.websiteUrl,
    entry: r.entry,
    registration_url: r.registrationUrl,
    language: r.language,
    publish_at: isoOrNull(r.publishAt),
    unpublish_at: isoOrNull(r.unpublishAt),
    ...presentCommon(l),
  };
}

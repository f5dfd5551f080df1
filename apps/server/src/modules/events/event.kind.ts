import { CONTENT_KINDS, scheduleBounds } from '@chaupal/contract';
import { type TEventForm, ZEvent, ZEventCard, ZEventForm, ZEventListQuery } from '@chaupal/contract/events';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { idOrSlug } from '../../db/lookup';
import { eventBlocks, eventCircles, events, eventTypes, outlets } from '../../db/schema';
import { invalidFields } from '../../platform/errors';
import { plainText } from '../../platform/sanitize';
import { type ContentKind, commonFormOf, defineContentKind, metaValues, type RowOf } from '../content';
import { presentEvent } from './event.presenter';
import { eventFeeds, eventRoutes } from './event.routes';
import { eventPage } from './event-list';

/**
 * The venue an event names by outlet (id or slug): a public outlet, whose title, address and pin the event copies, so
 * its page keeps its place if the outlet later goes. Unknown or not public: the form's 400.
 */
async function venueValues(db: DbOrTx, ref: string) {
  const [o] = await db
    .select({
      id: outlets.id,
      slug: outlets.slug,
      title: outlets.title,
      streetAddress: outlets.streetAddress,
      pinCode: outlets.pinCode,
      latitude: outlets.latitude,
      longitude: outlets.longitude,
    })
    .from(outlets)
    .where(and(idOrSlug(outlets, ref), eq(outlets.isPublic, true)))
    .limit(1);
  if (!o) throw invalidFields([{ parameter: 'venue', errors: [`Unknown outlet: ${ref}`] }]);
  return {
    venueOutletId: o.id,
    venueSlug: o.slug,
    venueName: o.title,
    streetAddress: o.streetAddress,
    pinCode: o.pinCode,
    latitude: o.latitude,
    longitude: o.longitude,
  };
}

/**
 * Events: what is on in town, filed under one event type, listed by when they happen (the occurrence on now or next,
 * repeats expanded on read), with an iCalendar file, subscribable calendars and an RSS feed.
 */
export const eventKind: ContentKind<RowOf<typeof events>, TEventForm> = defineContentKind({
  spec: CONTENT_KINDS.event,
  table: events,
  circles: eventCircles,
  blocks: eventBlocks,
  parent: { many: false, column: events.eventTypeId, table: eventTypes },
  order: [desc(events.startsAt), desc(events.id)],
  sorts: {
    newest: [desc(events.startsAt), desc(events.id)],
    az: [asc(events.title), asc(events.id)],
    updated: [desc(events.updatedAt), desc(events.id)],
  },
  pin: { latitude: events.latitude, longitude: events.longitude },
  image: events.image,
  searchDate: events.startsAt,
  query: ZEventListQuery,
  item: ZEvent,
  card: ZEventCard,
  form: ZEventForm,
  present: (l) => presentEvent(l),
  parentRefs: (f: TEventForm) => [f.eventTypeId],
  values: (f: TEventForm, links, richText) => ({
    title: f.title,
    description: plainText(f.description),
    content: richText(f.content ?? ''),
    eventTypeId: links.parentIds[0],
    schedule: f.schedule,
    eventStatus: f.eventStatus,
    previousStartDate: f.eventStatus === 'postponed' ? (f.previousStartDate ?? null) : null,
    venueOutletId: null,
    venueSlug: null,
    venueName: f.venue_name ?? '',
    streetAddress: f.street_address ?? null,
    pinCode: f.pin_code ?? null,
    latitude: f.latitude ?? null,
    longitude: f.longitude ?? null,
    organiser: f.organiser ?? '',
    callNow: f.call_now ?? null,
    whatsappNo: f.whatsapp_no ?? null,
    websiteUrl: f.website_url ?? null,
    entry: f.entry ?? null,
    registrationUrl: f.registration_url ?? null,
    language: f.language,
    ...metaValues(f),
  }),
  // Where the schedule's instants fall is the site's zone's business, and a venue outlet is read from the database.
  resolveValues: async (db, f, { siteTz }) => {
    const bounds = scheduleBounds(f.schedule, siteTz);
    const when = { timeZone: siteTz, startsAt: bounds.from, endsBy: bounds.to };
    if (!f.venue) return when;
    const venue = await venueValues(db, f.venue);
    // A venue name the organiser typed (a hall within the outlet) wins over the outlet's title.
    return { ...when, ...venue, venueName: f.venue_name || venue.venueName };
  },
  formOf: (l) => {
    const r = l.row;
    const s = r.schedule;
    return {
      ...commonFormOf(l),
      description: r.description,
      content: r.content,
      image: r.image ?? '',
      eventTypeId: r.eventTypeId,
      startDate: s.startDate,
      startTime: s.startTime ?? '',
      endDate: s.endDate,
      endTime: s.endTime ?? '',
      repeat: s.repeat?.every ?? '',
      repeatDays: s.repeat?.every === 'week' ? s.repeat.days.map(String) : [],
      repeatUntil: s.repeat?.until ?? '',
      eventStatus: r.eventStatus,
      previousStartDate: r.previousStartDate ?? '',
      venue: r.venueOutletId ?? '',
      venue_name: r.venueOutletId ? '' : r.venueName,
      street_address: r.streetAddress ?? '',
      pin_code: r.pinCode ?? '',
      latitude: r.latitude ?? '',
      longitude: r.longitude ?? '',
      organiser: r.organiser,
      call_now: r.callNow ?? '',
      whatsapp_no: r.whatsappNo ?? '',
      website_url: r.websiteUrl ?? '',
      entry: r.entry ?? '',
      registration_url: r.registrationUrl ?? '',
      language: r.language,
    };
  },
  publicPage: (db, where, query, page, site) => eventPage(db, where, query, page, site),
  // Given this descriptor, typed: the hook's argument is the registry's erased one.
  routes: (app) => eventRoutes(app, eventKind),
  feeds: (app) => eventFeeds(app, eventKind),
});

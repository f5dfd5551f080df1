import { nextOccurrence, ZErrorBody, ZRefParam, ZSlugParams } from '@chaupal/contract';
import type { TEventForm } from '@chaupal/contract/events';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { events as eventsTable } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { rssFeed } from '../../platform/xml';
import { type ContentKind, type LoadedRow, listPublic, loadRows, type RowOf } from '../content';
import { readSettings } from '../home';
import { eventCalendar, type IcsEvent } from './ics';

type EventKind = ContentKind<RowOf<typeof eventsTable>, TEventForm>;
type LoadedEvent = LoadedRow<RowOf<typeof eventsTable>>;

/** How many upcoming events a subscribed calendar or the RSS feed carries. */
export const EVENT_FEED_MAX = 200;
const CALENDAR = 'text/calendar; charset=utf-8';
const cacheTags = ['events', 'taxonomy', 'users'] as const;

/** An event as an iCalendar VEVENT: its page, its place, its organiser. */
function icsEvent(l: LoadedEvent, publicUrl: string): IcsEvent {
  const r = l.row;
  const address = [r.streetAddress, l.circles[0]?.name, r.pinCode].filter(Boolean).join(', ');
  return {
    id: r.id,
    title: r.title,
    summary: r.description,
    url: `${publicUrl}/events/${encodeURIComponent(r.slug)}`,
    schedule: r.schedule,
    status: r.eventStatus,
    location:
      r.venueName || address || r.latitude !== null
        ? {
            name: r.venueName || undefined,
            address: address || undefined,
            lat: r.latitude ?? undefined,
            lng: r.longitude ?? undefined,
          }
        : undefined,
    organizer: r.organiser ? { name: r.organiser } : undefined,
    updatedAt: r.updatedAt,
  };
}

const siteName = async (app: FastifyInstance) => (await readSettings(app.db, ['site'])).site.siteName;

/** The upcoming public events a feed carries, of one type and circle when asked. */
const upcoming = (app: FastifyInstance, kind: EventKind, f: { eventType?: string; circle?: string }) =>
  listPublic(
    app.db,
    kind,
    {
      parent: f.eventType,
      parentParameter: 'eventType',
      circle: f.circle,
      query: { when: 'upcoming' },
      siteTz: app.config.siteTz,
    },
    { page: 1, pageSize: EVENT_FEED_MAX },
  );

/**
 * An event's calendar file ("Add to calendar") and a calendar of upcoming events to subscribe to, of every type or one
 * type or circle: the same VEVENTs, so an app that subscribed sees a change to an event at its next refresh.
 */
export function eventRoutes(app: FastifyInstance, kind: EventKind) {
  app.get(
    '/events/ics/:slug',
    {
      config: { cacheTags },
      schema: {
        tags: ['events'],
        summary: 'One public event as an iCalendar file (RFC 5545)',
        params: ZSlugParams,
        response: { 404: ZErrorBody },
      },
    },
    async (req, reply) => {
      const { slug } = req.params as z.output<typeof ZSlugParams>;
      const [found] = await app.db
        .select({ id: eventsTable.id })
        .from(eventsTable)
        .where(and(eq(eventsTable.slug, slug), eq(eventsTable.isPublic, true)))
        .limit(1);
      if (!found) throw notFound();
      const [l] = await loadRows(app.db, kind, [found.id]);
      const base = app.config.publicUrl;
      const text = eventCalendar({
        name: l.row.title,
        url: `${base}/events/${encodeURIComponent(l.row.slug)}`,
        events: [icsEvent(l, base)],
        tz: app.config.siteTz,
      });
      return sendCalendar(reply, text, `${l.row.slug}.ics`);
    },
  );

  app.get(
    '/events/calendar.ics',
    {
      config: { cacheTags },
      schema: {
        tags: ['events'],
        summary: 'Upcoming public events as a calendar to subscribe to, of one type or circle when asked',
        querystring: z.object({ eventType: ZRefParam, circle: ZRefParam }),
        response: { 400: ZErrorBody },
      },
    },
    async (req, reply) => {
      const q = req.query as { eventType?: string; circle?: string };
      const [{ rows }, name] = await Promise.all([upcoming(app, kind, q), siteName(app)]);
      const base = app.config.publicUrl;
      const text = eventCalendar({
        name: `${name} — Events`,
        url: `${base}/events`,
        events: rows.map((l) => icsEvent(l, base)),
        tz: app.config.siteTz,
      });
      return sendCalendar(reply, text, 'events.ics');
    },
  );
}

/** A calendar file: opened by a calendar app, or saved under its name. */
function sendCalendar(reply: FastifyReply, text: string, filename: string) {
  return reply
    .type(CALENDAR)
    .header('content-disposition', `attachment; filename="${filename.replace(/[^\w.-]/g, '-')}"`)
    .send(text);
}

/** How an event's time reads in a feed: "Sat 29 Nov 2026, 10:00 am", in the event's zone. */
function whenText(l: LoadedEvent, next: Date | null): string {
  const at = next ?? l.row.startsAt;
  const allDay = l.row.schedule.startTime === null;
  return new Intl.DateTimeFormat('en-IN', {
    timeZone: l.row.timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    ...(allDay ? {} : { hour: 'numeric', minute: '2-digit' }),
  }).format(at);
}

/** `/rss/events.xml`: the upcoming events, soonest first, each with its date and place. */
export function eventFeeds(app: FastifyInstance, kind: EventKind) {
  app.get(
    '/rss/events.xml',
    { schema: { hide: true }, config: { cacheTags: [...cacheTags, 'home'] } },
    async (_req, reply) => {
      const [{ rows }, name] = await Promise.all([upcoming(app, kind, {}), siteName(app)]);
      const base = app.config.publicUrl;
      const now = new Date();
      const items = rows.map((l) => {
        const next = nextOccurrence(l.row.schedule, l.row.timeZone, now);
        const where = [l.row.venueName, l.row.streetAddress].filter(Boolean).join(', ');
        return {
          title: l.row.title,
          link: `${base}/events/${encodeURIComponent(l.row.slug)}`,
          description: [whenText(l, next?.start ?? null), where, l.row.description].filter(Boolean).join(' · '),
          pubDate: l.row.createdAt,
          image: l.image ? new URL(l.image, base).toString() : null,
        };
      });
      const channel = {
        title: `${name} — Events`,
        link: `${base}/events`,
        description: `What is on around ${name}`,
        self: `${base}/rss/events.xml`,
      };
      return reply.type('application/rss+xml; charset=utf-8').send(rssFeed(channel, items));
    },
  );
}

import { CONTENT_KINDS } from '@chaupal/contract/content-kinds';
import { API_BASE } from '../../api/client';
import type { Translate } from '../../app/i18n';
import type { Crumb } from '../../components/breadcrumbs';

/**
 * The events area's addresses: the public list, an event type's list, an event's page, its outlet venue, and the
 * feeds the server publishes. One place, so the routes and every link agree.
 */
const { detailPath, parent } = CONTENT_KINDS.event;
/** `/events`: the list, under which each event's page is (the registry's `detailPath`). */
export const EVENTS_PATH = detailPath.replace(/\/$/, '');
export const eventPath = (slug: string) => `${detailPath}${slug}`;
/** An event type's list (the registry's `parent.listPath`), as `/service/:id` is a service's. */
export const eventTypePath = (slug: string) => `${parent.listPath}${slug}`;
export const outletPath = (slug: string) => `/outlets/${slug}`;

/** The feeds, narrowed to an event type or a circle (by slug) when the list is. */
export function feedHrefs(filter: { eventType?: string; circle?: string }) {
  const sp = new URLSearchParams();
  if (filter.eventType) sp.set('eventType', filter.eventType);
  if (filter.circle) sp.set('circle', filter.circle);
  const query = sp.size ? `?${sp}` : '';
  return { rss: `/rss/events.xml${query}`, ical: `${API_BASE}/events/calendar.ics${query}` };
}

/**
 * Home › Events, › the event type on its list or an event's page, and › the event on its page; `t` is the events texts'
 * translator (`locales/en/events.json`).
 */
export const eventsTrail = (
  home: string,
  t: Translate,
  type?: { title: string; slug: string } | null,
  event?: { title: string; slug: string },
): Crumb[] => [
  { name: home, path: '/' },
  { name: t('events.title'), path: EVENTS_PATH },
  ...(type ? [{ name: type.title, path: eventTypePath(type.slug) }] : []),
  ...(event ? [{ name: event.title, path: eventPath(event.slug) }] : []),
];

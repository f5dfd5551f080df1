import type { TEventWhen } from '@chaupal/contract/events';
import { data, type LoaderFunctionArgs } from 'react-router';
import { ApiError } from '../../api/client';
import type { LoaderTools } from '../../app/loader-tools';
import type { Places } from '../../components/places';
import { EVENTS_PATH, eventTypePath } from './event-paths';
import { type EventFilters, eventQueries } from './events-queries';

/**
 * The listing windows of `/events` in the order the page offers them (the contract's EVENT_WHEN, kept here as data: the
 * contract's events module brings zod, which the public pages do not load for a list of words).
 */
export const WINDOWS = ['upcoming', 'today', 'weekend', 'week', 'past'] as const satisfies readonly TEventWhen[];

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A real `YYYY-MM-DD` date: one the API would refuse (30 February) makes no range rather than a refused page. */
const isDate = (v: string | null): v is string =>
  v !== null && DATE.test(v) && new Date(Date.parse(v) || 0).toISOString().slice(0, 10) === v;

/** What an events list's address says: its window or date range, place by name, words, page and event type. */
export interface TEventsUrl {
  when: TEventWhen;
  /** A range of whole days on the site's clock; both or neither (a lone date is left out). */
  from?: string;
  to?: string;
  circleName?: string;
  blockName?: string;
  q?: string;
  page: number;
  /** The event type's slug on its own list (`/events/type/:id`). */
  type?: string;
}

/** The list of an address, the same for the route's loader and the page (so they share one cache entry). */
export function eventsUrlOf(sp: URLSearchParams, type?: string): TEventsUrl {
  const when = sp.get('when');
  const from = sp.get('from');
  const to = sp.get('to');
  const range = isDate(from) && isDate(to);
  return {
    when: WINDOWS.find((w) => w === when) ?? 'upcoming',
    ...(range ? { from, to } : {}),
    circleName: sp.get('circleName') || undefined,
    blockName: sp.get('blockName') || undefined,
    q: sp.get('q')?.trim() || undefined,
    page: Math.max(1, Math.floor(Number(sp.get('page'))) || 1),
    type: type || undefined,
  };
}

/** The address of a list: the type's list or `/events`, and what is not the default in the query string. */
export function eventsHref(u: Partial<TEventsUrl>): string {
  const sp = new URLSearchParams();
  if (u.from && u.to) {
    sp.set('from', u.from);
    sp.set('to', u.to);
  } else if (u.when && u.when !== 'upcoming') sp.set('when', u.when);
  if (u.circleName) sp.set('circleName', u.circleName);
  if (u.blockName) sp.set('blockName', u.blockName);
  if (u.q) sp.set('q', u.q);
  if (u.page && u.page > 1) sp.set('page', String(u.page));
  return `${u.type ? eventTypePath(u.type) : EVENTS_PATH}${sp.size ? `?${sp}` : ''}`;
}

/** What the API is asked for a list's address, once its circle and locality names are ids. */
export function eventFiltersOf(u: TEventsUrl, places: Omit<Places, 'unknown'>): EventFilters {
  const span = u.from && u.to ? { from: u.from, to: u.to } : u.when === 'upcoming' ? {} : { when: u.when };
  return {
    ...span,
    eventType: u.type,
    circle: places.circle,
    block: places.block,
    q: u.q,
    page: u.page,
  };
}

type ToolsOf = (args: LoaderFunctionArgs) => LoaderTools;

/** An API 404 is the route's 404 (the HTTP status on the server, the not-found screen everywhere). */
async function orNotFound<T>(p: Promise<T>): Promise<T> {
  try {
    return await p;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) throw data(null, { status: 404 });
    throw err;
  }
}

/**
 * `/events` and `/events/type/:id` prefetch the event types (an unknown type is a 404), the circles of the filter and
 * then the list.
 */
export const eventsLoader = (toolsOf: ToolsOf) => async (args: LoaderFunctionArgs) => {
  const { ensure, queries, resolvePlaces } = toolsOf(args);
  const events = eventQueries(queries);
  const u = eventsUrlOf(new URL(args.request.url).searchParams, args.params.id);
  const [types, { unknown, ...places }] = await Promise.all([
    ensure(events.types()),
    resolvePlaces(u.circleName, u.blockName),
    ensure(queries.circles()),
  ]);
  if (u.type && !types.some((t) => t.slug === u.type)) throw data(null, { status: 404 });
  // A place no circle or locality has lists nothing (the page says so), rather than everything.
  if (!unknown) await ensure(events.list(eventFiltersOf(u, places)));
  return null;
};

/** `/events/:id` prefetches the event and its related events; an unknown slug is a 404. */
export const eventDetailLoader = (toolsOf: ToolsOf) => async (args: LoaderFunctionArgs) => {
  const { ensure, queries } = toolsOf(args);
  await orNotFound(ensure(eventQueries(queries).detail(args.params.id as string)));
  return null;
};

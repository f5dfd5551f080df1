import type { TEventWhen } from '@chaupal/contract/events';
import { useMemo } from 'react';
import type { PublicQueries } from '../../api/queries';
import { useServices } from '../../app/services';

/** What `/events/view` filters on (the contract's ZEventListQuery): a window or a date range, and the usual filters. */
export interface EventFilters {
  /** Absent: upcoming, the API's default. */
  when?: Exclude<TEventWhen, 'upcoming'>;
  from?: string;
  to?: string;
  /** An event type's id or slug. */
  eventType?: string;
  circle?: string;
  block?: string;
  q?: string;
  page?: number;
}

/** Outlets a venue is picked from: the API's largest page. */
const VENUE_CHOICES = 100;

/**
 * The events area's reads in its own words, as the app's public queries (api/queries.ts): the route loaders prefetch
 * them and the pages read them, so both, and any other page that shows events, share one cache entry per question.
 */
export function eventQueries(queries: PublicQueries) {
  return {
    list: ({ when, from, to, eventType, ...f }: EventFilters) =>
      queries.list('event', { ...f, parent: eventType, extra: { when, from, to } }),
    /** An event by its slug, with its related events. */
    detail: (slug: string) => queries.detail('event', slug),
    /** Every active event type. */
    types: () => queries.index('eventTypes'),
    /** The outlets an event can be held at (the form's venue picker). */
    venues: () => queries.list('outlet', { extra: { pageSize: String(VENUE_CHOICES) } }),
  };
}
export type EventQueries = ReturnType<typeof eventQueries>;

/** The events reads over the page's queries. */
export function useEventQueries(): EventQueries {
  const { queries } = useServices();
  return useMemo(() => eventQueries(queries), [queries]);
}

import { EVENT_WHEN } from '@chaupal/contract/events';
import { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ApiFetch } from '../../api/client';
import { publicQueries } from '../../api/queries';
import { loaderTools } from '../../app/loader-tools';
import { feedHrefs } from './event-paths';
import { eventDetailLoader, eventFiltersOf, eventsHref, eventsLoader, eventsUrlOf, WINDOWS } from './events-route';
import { answering, buildEvent } from './test-kit';

const circle = { id: 'c1', slug: 'sitapur', name: 'Sitapur', status: 'active' };
const markets = { id: 't1', slug: 'markets', title: 'Markets', description: '', image: null, status: 'active' };
const page = { success: true, data: [buildEvent()], meta: { page: 1, pageSize: 12, total: 1 } };

/** A loader's surroundings over an API answering from a table, and the paths it was asked for. */
function setup() {
  const asked: string[] = [];
  const api = answering({
    '/circles/view': { success: true, data: [circle] },
    '/event-types/view': { success: true, data: [markets] },
    '/events/view': page,
    '/events/slug/saturday-haat': { success: true, data: buildEvent(), related: [] },
  });
  const apiFetch: ApiFetch = (path, init) => {
    asked.push(path);
    return api(path, init);
  };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const toolsOf = () => loaderTools({ queryClient, queries: publicQueries(apiFetch) });
  const run = (loader: typeof eventsLoader, url: string, params: Record<string, string> = {}) =>
    loader(toolsOf)({ request: new Request(`https://chaupal.example${url}`), params } as unknown as LoaderFunctionArgs);
  return { asked, queryClient, run };
}

describe('an events list’s address', () => {
  it('offers the contract’s windows, upcoming first', () => {
    expect([...WINDOWS]).toEqual([...EVENT_WHEN]);
  });

  it('reads its window, a whole date range, its place, words and page, and leaves out what is not one', () => {
    const sp = new URLSearchParams('when=weekend&circleName=Sitapur&q=%20haat%20&page=2');
    expect(eventsUrlOf(sp, 'markets')).toEqual({
      when: 'weekend',
      circleName: 'Sitapur',
      blockName: undefined,
      q: 'haat',
      page: 2,
      type: 'markets',
    });
    expect(eventsUrlOf(new URLSearchParams('when=soon&from=2026-12-01&page=-3'))).toMatchObject({
      when: 'upcoming',
      page: 1,
    });
    expect(eventsUrlOf(new URLSearchParams('from=2026-12-01&to=2026-12-07'))).toMatchObject({
      from: '2026-12-01',
      to: '2026-12-07',
    });
    expect(eventsUrlOf(new URLSearchParams('from=2026-12-01&to=7%20Dec'))).not.toHaveProperty('from');
    expect(eventsUrlOf(new URLSearchParams('from=2026-02-30&to=2026-03-02'))).not.toHaveProperty('from');
  });

  it('writes back only what is not the default, a range in place of a window', () => {
    expect(eventsHref({ when: 'upcoming', page: 1 })).toBe('/events');
    expect(eventsHref({ when: 'today', circleName: 'Old City', page: 2, type: 'markets' })).toBe(
      '/events/type/markets?when=today&circleName=Old+City&page=2',
    );
    expect(eventsHref({ when: 'today', from: '2026-12-01', to: '2026-12-07' })).toBe(
      '/events?from=2026-12-01&to=2026-12-07',
    );
  });

  it('asks the API for the window or the range, the type and the place’s ids', () => {
    const u = eventsUrlOf(new URLSearchParams('when=past&q=mela'), 'markets');
    expect(eventFiltersOf(u, { circle: 'c1' })).toEqual({
      when: 'past',
      eventType: 'markets',
      circle: 'c1',
      block: undefined,
      q: 'mela',
      page: 1,
    });
    const ranged = eventsUrlOf(new URLSearchParams('when=today&from=2026-12-01&to=2026-12-07'));
    expect(eventFiltersOf(ranged, {})).toMatchObject({ from: '2026-12-01', to: '2026-12-07' });
    expect(eventFiltersOf(ranged, {})).not.toHaveProperty('when');
  });

  it('narrows the feeds to the type and the circle', () => {
    expect(feedHrefs({})).toEqual({ rss: '/rss/events.xml', ical: '/api/backend/v1/events/calendar.ics' });
    expect(feedHrefs({ eventType: 'markets', circle: 'sitapur' })).toEqual({
      rss: '/rss/events.xml?eventType=markets&circle=sitapur',
      ical: '/api/backend/v1/events/calendar.ics?eventType=markets&circle=sitapur',
    });
  });
});

describe('eventsLoader', () => {
  it('prefetches the types, the circles and the list of the address, by the circle’s id', async () => {
    const { asked, run } = setup();
    await run(eventsLoader, '/events/type/markets?when=today&circleName=Sitapur', { id: 'markets' });
    expect(asked.sort()).toEqual([
      '/circles/view',
      '/event-types/view',
      '/events/view?when=today&eventType=markets&circle=c1&page=1',
    ]);
  });

  it('answers an unknown event type with a 404, and lists nothing for an unknown circle', async () => {
    const { asked, run } = setup();
    await expect(run(eventsLoader, '/events/type/fairs', { id: 'fairs' })).rejects.toMatchObject({
      init: { status: 404 },
    });
    await run(eventsLoader, '/events?circleName=Nowhere');
    expect(asked.filter((p) => p.startsWith('/events/view'))).toEqual([]);
  });
});

describe('eventDetailLoader', () => {
  it('prefetches the event and answers an unknown slug with a 404', async () => {
    const { queryClient, run } = setup();
    await run(eventDetailLoader, '/events/saturday-haat', { id: 'saturday-haat' });
    expect(queryClient.getQueryData(['detail', 'event', 'saturday-haat'])).toMatchObject({
      data: { slug: 'saturday-haat' },
    });
    await expect(run(eventDetailLoader, '/events/gone', { id: 'gone' })).rejects.toMatchObject({
      init: { status: 404 },
    });
  });
});

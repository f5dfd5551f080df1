// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiFetch } from '../../api/client';
import { EventsPage } from './events-page';
import { answering, buildEvent, providers } from './test-kit';

/** /events and an event type's list as the API answers them: windows, ranges, types, places, feeds and pages. */
const circle = { id: 'c1', slug: 'sitapur', name: 'Sitapur', status: 'active' };
const taxon = (id: string, slug: string, title: string) => ({
  id,
  slug,
  title,
  description: '',
  image: null,
  status: 'active',
  published_data: { title, description: '', metaTitle: '', metaDescription: '', metaKeywords: '' },
});
const TYPES = [taxon('t1', 'markets', 'Markets'), taxon('t2', 'camps', 'Health camps')];

function show(url: string, events = [buildEvent()], total = events.length) {
  const asked: string[] = [];
  const api = answering({
    '/event-types/view': { success: true, data: TYPES },
    '/circles/view': { success: true, data: [circle] },
    '/blocks/view': { success: true, data: [] },
    '/events/view': { success: true, data: events, meta: { page: 1, pageSize: 12, total } },
  });
  const apiFetch: ApiFetch = (path, init) => {
    asked.push(path);
    return api(path, init);
  };
  const page = (
    <Suspense fallback={null}>
      <EventsPage />
    </Suspense>
  );
  const router = createMemoryRouter(
    [
      { path: '/events', element: page },
      { path: '/events/type/:id', element: page },
    ],
    { initialEntries: [url] },
  );
  const Wrapper = providers({ apiFetch, renderedAt: Date.parse('2026-11-30T06:00:00Z') });
  render(
    <Wrapper>
      <RouterProvider router={router} />
    </Wrapper>,
  );
  return asked;
}
const links = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('aria-current')]);

/** The list's feed links: their text (with what screen readers hear of the list) and address. */
const feeds = () => [...document.querySelectorAll('a.feed-link')].map((a) => [a.textContent, a.getAttribute('href')]);

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the events page', () => {
  it('lists the window’s events in the circle, with the windows, types, range and feeds as links and forms', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-11-30T06:00:00Z') });
    const asked = show('/events?when=weekend&circleName=Sitapur');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Events');
    const card = await screen.findByRole('heading', { level: 2, name: 'Saturday haat' });
    expect(card.querySelector('a')?.getAttribute('href')).toBe('/events/saturday-haat');
    expect(asked).toContain('/events/view?when=weekend&circle=c1&page=1');
    expect(links(screen.getByRole('navigation', { name: 'When' }))).toEqual([
      ['Upcoming', '/events?circleName=Sitapur', null],
      ['Today', '/events?when=today&circleName=Sitapur', null],
      ['This weekend', '/events?when=weekend&circleName=Sitapur', 'page'],
      ['This week', '/events?when=week&circleName=Sitapur', null],
      ['Past events', '/events?when=past&circleName=Sitapur', null],
    ]);
    expect(links(screen.getByRole('navigation', { name: 'Event types' }))).toEqual([
      ['All types', '/events?when=weekend&circleName=Sitapur', 'page'],
      ['Markets', '/events/type/markets?when=weekend&circleName=Sitapur', null],
      ['Health camps', '/events/type/camps?when=weekend&circleName=Sitapur', null],
    ]);
    // The range is a plain GET form to the list, keeping the circle.
    const range = screen.getByRole('form', { name: 'Between dates' }) as HTMLFormElement;
    expect([range.method, new URL(range.action).pathname]).toEqual(['get', '/events']);
    expect([...new FormData(range).entries()]).toEqual([
      ['circleName', 'Sitapur'],
      ['from', ''],
      ['to', ''],
    ]);
    expect(within(range).getByLabelText(/^From/).getAttribute('type')).toBe('date');
    expect(feeds()).toEqual([
      ['RSS feed: Events', '/rss/events.xml?circle=sitapur'],
      ['Calendar (iCal): Events', '/api/backend/v1/events/calendar.ics?circle=sitapur'],
    ]);
  });

  it('is an event type’s list under its title, its feeds narrowed to it, a range in place of a window', async () => {
    const asked = show('/events/type/camps?from=2026-12-01&to=2026-12-07&when=today');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Health camps');
    await screen.findByRole('heading', { level: 2, name: 'Saturday haat' });
    expect(asked).toContain('/events/view?from=2026-12-01&to=2026-12-07&eventType=camps&page=1');
    const windows = links(screen.getByRole('navigation', { name: 'When' }));
    expect(windows.every(([, , current]) => current === null)).toBe(true);
    expect(windows[1]).toEqual(['Today', '/events/type/camps?when=today', null]);
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(
      within(trail)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Home', 'Events', 'Health camps']);
    expect(feeds()[0]).toEqual(['RSS feed: Health camps', '/rss/events.xml?eventType=camps']);
    expect((screen.getByLabelText(/^From/) as HTMLInputElement).value).toBe('2026-12-01');
  });

  it('says No events found, and pages a long list', async () => {
    show('/events?when=past', []);
    expect((await screen.findByText('No events found')).getAttribute('role')).toBe('status');
    cleanup();
    show('/events?q=haat&page=2', [buildEvent()], 30);
    const pages = await screen.findByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByRole('link', { name: 'Next ›' }).getAttribute('href')).toBe('/events?q=haat&page=3');
  });

  it('says when a circle in the address does not exist, and lists nothing for it', async () => {
    const asked = show('/events?circleName=Nowhere');
    const notice = await screen.findByText(/There is no circle named Nowhere/);
    expect(within(notice).getByRole('link', { name: 'Show all events' }).getAttribute('href')).toBe('/events');
    expect(asked.filter((p) => p.startsWith('/events/view'))).toEqual([]);
  });
});

// @vitest-environment happy-dom
import type { TEvent } from '@chaupal/contract/events';
import { cleanup, render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EventDetailPage, EventPreview } from './event-detail-page';
import { answering, buildCard, buildEvent, providers } from './test-kit';

/** An event's page as the API answers it, seen on Monday 30 November 2026 in India. */
const MONDAY = Date.parse('2026-11-30T06:00:00Z');

function show(over: Partial<TEvent> = {}) {
  vi.useFakeTimers({ toFake: ['Date'], now: MONDAY });
  const event = buildEvent(over);
  const related = [buildCard({ id: 'e2', slug: 'eye-camp', title: 'Free eye camp' })];
  const apiFetch = answering({ [`/events/slug/${event.slug}`]: { success: true, data: event, related } });
  const router = createMemoryRouter(
    [
      {
        path: '/events/:id',
        element: (
          <Suspense fallback={null}>
            <EventDetailPage />
          </Suspense>
        ),
      },
    ],
    { initialEntries: [`/events/${event.slug}`] },
  );
  const Wrapper = providers({ apiFetch, renderedAt: MONDAY });
  render(
    <Wrapper>
      <RouterProvider router={router} />
    </Wrapper>,
  );
}
/** A part of the page (When, Where…) by its heading. */
const part = (heading: string) =>
  screen.getByRole('heading', { level: 2, name: heading }).closest('section') as HTMLElement;
const texts = (el: HTMLElement, selector: string) => [...el.querySelectorAll(selector)].map((e) => e.textContent);

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('an event’s page', () => {
  it('says when, where, what entry costs and who organises it, with their buttons', async () => {
    show();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Saturday haat');
    expect(document.querySelector('.event-badge')?.textContent).toBe('Sat 5 Dec · 10 AM');
    expect(texts(part('When'), 'p')).toEqual([
      'Sat 28 Nov 2026 · 10 AM – 1 PM',
      'Every Saturday until 30 Jan 2027',
      'Next: Sat 5 Dec 2026 · 10 AM – 1 PM',
    ]);
    const where = part('Where');
    expect(within(where).getByText('Old tank ground')).toBeTruthy();
    expect(where.querySelector('address')?.textContent).toBe('Tank Road, Lalbagh, 261001');
    expect(within(where).getByRole('link', { name: 'Directions' }).getAttribute('href')).toBe(
      'https://www.google.com/maps/search/?api=1&query=27.5706%2C80.6982',
    );
    expect(texts(part('Entry'), 'p')).toEqual(['Free']);
    const organiser = part('Organised by');
    expect(
      within(organiser)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Call Us', 'tel:+919876543210'],
      ['WhatsApp', 'https://wa.me/919876543210'],
      ['Visit Web', 'https://traders.example'],
    ]);
  });

  it('offers the calendar links, the trail to the event and its JSON-LD, and the related events', async () => {
    show({ registration_url: 'https://register.example/haat' });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('https://register.example/haat');
    const ics = screen.getByRole('link', { name: 'Add to calendar' });
    expect([ics.getAttribute('href'), ics.getAttribute('download')]).toEqual([
      '/api/backend/v1/events/ics/saturday-haat',
      'saturday-haat.ics',
    ]);
    expect(screen.getByRole('link', { name: 'Google Calendar' }).getAttribute('href')).toMatch(
      /^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE&text=Saturday\+haat&dates=20261205T043000Z/,
    );
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(
      within(trail)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/', '/events', '/events/type/markets']);
    const ld = [...document.querySelectorAll('script[type="application/ld+json"]')].map(
      (s) => JSON.parse(s.textContent ?? '{}')['@type'],
    );
    expect(ld).toEqual(['Event', 'BreadcrumbList']);
    const related = part('More events');
    expect(within(related).getByRole('heading', { level: 3, name: 'Free eye camp' })).toBeTruthy();
  });

  it('says plainly that an event is cancelled, and offers no calendar for it', async () => {
    show({ eventStatus: 'cancelled' });
    expect(await screen.findByText('This event is cancelled.')).toBeTruthy();
    expect(document.querySelector('.event-badge')?.textContent).toBe('Cancelled');
    expect(screen.queryByRole('link', { name: 'Add to calendar' })).toBeNull();
  });

  it('says when a postponed event is now and was, and when an event has ended', async () => {
    show({ eventStatus: 'postponed', previousStartDate: '2026-11-21' });
    expect(await screen.findByText('Postponed — now on Sat 5 Dec 2026, was planned for Sat 21 Nov 2026.')).toBeTruthy();
    cleanup();
    show({ next: null, schedule: { ...buildEvent().schedule, repeat: null } });
    expect(await screen.findByText('This event has ended.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Google Calendar' })).toBeNull();
  });

  it('links an outlet venue to its page, and says what entry costs', async () => {
    show({
      venue: { id: 'o1', title: 'Corner Chemist', slug: 'corner-chemist' },
      venue_name: '',
      latitude: null,
      longitude: null,
      entry: '₹50',
    });
    await screen.findByRole('heading', { level: 1 });
    expect(within(part('Where')).getByRole('link', { name: 'Corner Chemist' }).getAttribute('href')).toBe(
      '/outlets/corner-chemist',
    );
    expect(within(part('Where')).queryByRole('link', { name: 'Directions' })).toBeNull();
    expect(texts(part('Entry'), 'p')).toEqual(['₹50']);
  });
});

describe('EventPreview', () => {
  it('shows a contributor the page’s view without its trail and head tags', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: MONDAY });
    const router = createMemoryRouter([{ path: '*', element: <EventPreview item={buildEvent()} /> }]);
    const Wrapper = providers({ renderedAt: MONDAY });
    render(
      <Wrapper>
        <RouterProvider router={router} />
      </Wrapper>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Saturday haat');
    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).toBeNull();
    expect(document.querySelector('script[type="application/ld+json"]')).toBeNull();
  });
});

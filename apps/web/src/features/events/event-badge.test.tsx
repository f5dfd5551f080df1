// @vitest-environment happy-dom
import type { TEvent } from '@chaupal/contract/events';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addMessages, type TUiLang } from '../../app/i18n';
import { messages as hindiEvents } from '../../locales/hi/events.json?lingui';
import { messages as hindiPlace } from '../../locales/hi/place.json?lingui';
import { EventBadge } from './event-badge';
import { EventCard } from './event-card';
import { buildCard, buildEvent, providers } from './test-kit';

beforeAll(() => {
  addMessages('hi', hindiEvents);
  addMessages('hi', hindiPlace);
});
afterEach(() => vi.useRealTimers());

/** The badge of an event (the weekly haat, Saturdays 10 AM–1 PM from 28 Nov 2026 to 30 Jan 2027) at an instant. */
function badgeAt(at: string, over: Partial<TEvent> = {}, lang: TUiLang = 'en') {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(at));
  const e = buildEvent(over);
  const Wrapper = providers({ lang });
  return renderToString(
    <Wrapper>
      <EventBadge schedule={e.schedule} eventStatus={e.eventStatus} previousStartDate={e.previousStartDate} />
    </Wrapper>,
  );
}

const ALL_DAY_MELA = {
  schedule: { startDate: '2027-01-02', startTime: null, endDate: '2027-01-03', endTime: null, repeat: null },
};

describe('EventBadge', () => {
  it('says the event is on now while it is, in the site’s zone', () => {
    // 11 AM in India on Saturday 28 November.
    expect(badgeAt('2026-11-28T05:30:00Z')).toBe(
      '<p class="open-badge event-badge is-open"><strong>On now</strong></p>',
    );
  });

  it('gives today’s and tomorrow’s start time, and a later date with its weekday', () => {
    expect(badgeAt('2026-11-28T02:30:00Z')).toBe(
      '<p class="open-badge event-badge"><strong>Today</strong> · 10 AM</p>',
    );
    expect(badgeAt('2026-11-27T14:30:00Z')).toBe(
      '<p class="open-badge event-badge"><strong>Tomorrow</strong> · 10 AM</p>',
    );
    // Monday: the next is Saturday 5 December.
    expect(badgeAt('2026-11-30T06:00:00Z')).toBe(
      '<p class="open-badge event-badge"><strong>Sat 5 Dec</strong> · 10 AM</p>',
    );
  });

  it('gives an all-day event its date alone, with the year when it is not this one', () => {
    expect(badgeAt('2026-11-30T06:00:00Z', ALL_DAY_MELA)).toBe(
      '<p class="open-badge event-badge"><strong>Sat 2 Jan 2027</strong></p>',
    );
    expect(badgeAt('2027-01-01T12:00:00Z', ALL_DAY_MELA)).toBe(
      '<p class="open-badge event-badge"><strong>Tomorrow</strong></p>',
    );
  });

  it('says Ended once the last occurrence is over', () => {
    expect(badgeAt('2027-01-30T08:00:00Z')).toBe(
      '<p class="open-badge event-badge is-closed is-ended"><strong>Ended</strong></p>',
    );
  });

  it('says Cancelled plainly whatever the dates, and Postponed with the new date and the old', () => {
    expect(badgeAt('2026-11-28T05:30:00Z', { eventStatus: 'cancelled' })).toBe(
      '<p class="open-badge event-badge is-closed is-cancelled"><strong>Cancelled</strong></p>',
    );
    expect(badgeAt('2026-11-30T06:00:00Z', { eventStatus: 'postponed', previousStartDate: '2026-11-21' })).toBe(
      '<p class="open-badge event-badge is-closed is-postponed"><strong>Postponed</strong> · Sat 5 Dec · 10 AM, was Sat 21 Nov</p>',
    );
    // A postponed event on its new date is simply on.
    expect(badgeAt('2026-11-28T05:30:00Z', { eventStatus: 'postponed', previousStartDate: '2026-11-21' })).toContain(
      'On now',
    );
  });

  it('speaks Hindi, the time as the open-now badge says it', () => {
    expect(badgeAt('2026-11-27T14:30:00Z', {}, 'hi')).toBe(
      '<p class="open-badge event-badge"><strong>कल</strong> · सुबह 10 बजे</p>',
    );
    expect(badgeAt('2026-11-28T05:30:00Z', {}, 'hi')).toContain('<strong>अभी चल रहा है</strong>');
    expect(badgeAt('2026-11-30T06:00:00Z', {}, 'hi')).toContain('<strong>शनि 5 दिसंबर</strong> · सुबह 10 बजे');
    expect(badgeAt('2027-02-01T06:00:00Z', {}, 'hi')).toContain('<strong>समाप्त</strong>');
    expect(badgeAt('2026-11-28T05:30:00Z', { eventStatus: 'cancelled' }, 'hi')).toContain('<strong>रद्द</strong>');
    expect(badgeAt('2026-11-30T06:00:00Z', { eventStatus: 'postponed' }, 'hi')).toContain('<strong>स्थगित</strong>');
  });
});

describe('EventCard', () => {
  const cardAt = (over: Partial<TEvent> = {}) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-30T06:00:00Z'));
    const Wrapper = providers();
    const html = renderToString(
      <Wrapper>
        <EventCard item={buildCard(over)} level={2} />
      </Wrapper>,
    );
    const root = document.createElement('div');
    root.innerHTML = html;
    return root;
  };

  it('shows the badge, the venue and free entry, and links Details to the event’s page', () => {
    const card = cardAt();
    expect(card.querySelector('h2 a')?.getAttribute('href')).toBe('/events/saturday-haat');
    expect(card.querySelector('.event-badge')?.textContent).toBe('Sat 5 Dec · 10 AM');
    expect(card.querySelector('.event-card-meta .muted')?.textContent).toBe('Old tank ground · Free entry');
    const details = [...card.querySelectorAll('a')].find((a) => a.textContent?.startsWith('Details'));
    expect(details?.textContent).toBe('Details: Saturday haat');
    expect(details?.getAttribute('href')).toBe('/events/saturday-haat');
  });

  it('says what entry costs, and the street when the venue has no name', () => {
    const card = cardAt({ entry: '₹50', venue_name: '' });
    expect(card.querySelector('.event-card-meta .muted')?.textContent).toBe('Tank Road · ₹50');
  });
});

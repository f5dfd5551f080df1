// @vitest-environment happy-dom
import { LIMITS } from '@chaupal/contract/limits';
import { hashKey, QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiFetch } from '../../api/client';
import { publicQueries } from '../../api/queries';
import { addMessages, type TUiLang } from '../../app/i18n';
import { loaderTools } from '../../app/loader-tools';
import { messages as hindiEvents } from '../../locales/hi/events.json?lingui';
import { messages as hindiPlace } from '../../locales/hi/place.json?lingui';
import { messages as hindiSpec } from '../../locales/hi/spec.json?lingui';
import { eventQueries } from './events-queries';
import { eventFiltersOf, eventsUrlOf } from './events-route';
import { answering, buildEvent, providers } from './test-kit';
import { prefetchUpcoming, UpcomingEventsSection, upcomingSection } from './upcoming-section';

beforeAll(() => {
  for (const messages of [hindiEvents, hindiPlace, hindiSpec]) addMessages('hi', messages);
});
afterEach(() => vi.useRealTimers());

const events = (n: number) => Array.from({ length: n }, (_, i) => buildEvent({ id: `e${i}`, slug: `haat-${i}` }));

/** The section as the home page's loader and then its render leave it: the paths asked for and the markup. */
async function section(list: ReturnType<typeof buildEvent>[], total = list.length, lang: TUiLang = 'en') {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-11-30T06:00:00Z') });
  const asked: string[] = [];
  const api = answering({ '/events/view': { success: true, data: list, meta: { page: 1, pageSize: 12, total } } });
  const apiFetch: ApiFetch = (path, init) => {
    asked.push(path);
    return api(path, init);
  };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await prefetchUpcoming(loaderTools({ queryClient: client, queries: publicQueries(apiFetch) }));
  const Wrapper = providers({ apiFetch, client, lang });
  const root = document.createElement('div');
  root.innerHTML = renderToString(
    <Wrapper>
      <UpcomingEventsSection />
    </Wrapper>,
  );
  return { root, asked };
}

describe('the upcoming events home section', () => {
  it('shows the first upcoming events as cards under its heading, with View all when there are more', async () => {
    const { root, asked } = await section(events(8), 20);
    expect(asked).toEqual(['/events/view?page=1']);
    const s = root.querySelector('section.home-section#events');
    expect(s?.getAttribute('aria-labelledby')).toBe('events-title');
    expect(s?.querySelector('.section-head h2#events-title')?.textContent).toBe('Upcoming events');
    const all = s?.querySelector('.section-head a');
    expect([all?.textContent, all?.getAttribute('href')]).toEqual(['View All', '/events']);
    expect(s?.querySelectorAll('article.card')).toHaveLength(LIMITS.homeSectionPreview);
    expect(s?.querySelector('article.card h3 a')?.getAttribute('href')).toBe('/events/haat-0');
  });

  it('leaves View all out when every event is shown, and says No events found when there is none', async () => {
    const few = await section(events(2));
    expect(few.root.querySelectorAll('article.card')).toHaveLength(2);
    expect(few.root.querySelector('.section-head a')).toBeNull();
    const none = await section([]);
    expect(none.root.querySelector('.empty')?.textContent).toBe('No events found');
  });

  it('speaks Hindi, the empty text as SPEC’s in Hindi', async () => {
    const { root } = await section([], 0, 'hi');
    expect(root.querySelector('h2')?.textContent).toBe('आने वाले आयोजन');
    expect(root.querySelector('.empty')?.textContent).toBe('कोई आयोजन नहीं मिला');
  });

  it('shares its cache entry with the first page of /events, and gives the route table its parts', () => {
    const q = eventQueries(publicQueries(answering({})));
    const page = q.list(eventFiltersOf(eventsUrlOf(new URLSearchParams()), {}));
    expect(hashKey(q.list({ page: 1 }).queryKey)).toBe(hashKey(page.queryKey));
    expect(upcomingSection).toEqual({ Section: UpcomingEventsSection, prefetch: prefetchUpcoming });
  });
});

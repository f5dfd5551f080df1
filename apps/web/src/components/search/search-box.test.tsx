// @vitest-environment happy-dom
import type { TSearchBody, TSearchHit } from '@chaupal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiFetch } from '../../api/client';
import { publicQueries } from '../../api/queries';
import { ServicesProvider } from '../../app/services';
import { SearchBox } from './search-box';
import { enhance } from './suggest-enhancer';
import { suggestTexts } from './suggest-texts';

/**
 * The header's search box as a keyboard and mouse user meets it — an ARIA 1.2 combobox over the API's suggestions
 * (answered here from memory) drawn by the suggestions enhancer, which the start script attaches on the box's first
 * focus; Enter on an option opening the hit's page (in the app, once it runs), Enter without one the search page.
 */
const hit = (kind: TSearchHit['kind'], title: string, url: string): TSearchHit => ({
  kind,
  id: url,
  slug: url.split('/').pop() ?? '',
  title,
  url,
  snippet: '',
  titleMarks: [{ start: 0, end: 3 }],
  snippetMarks: [],
  image: null,
  circles: [],
  date: null,
});
const HITS = [
  hit('expert', 'Doctor Mehta', '/experts/doctor-mehta'),
  hit('service', 'Doctors', '/service/doctors'),
  hit('news', 'Doctors strike ends', '/news/doctors-strike-ends'),
];

/** Where the router is: the page a pick or a submit went to. */
function Where() {
  const l = useLocation();
  return <output data-testid="where">{`${l.pathname}${l.search}`}</output>;
}

function setup() {
  const asked: string[] = [];
  const answer = async (path: string) => {
    asked.push(path);
    const q = new URL(path, 'http://x').searchParams.get('q') ?? '';
    const data = HITS.filter((h) => h.title.toLowerCase().includes(q.toLowerCase()));
    const body: TSearchBody = {
      success: true,
      data,
      meta: { page: 1, pageSize: 6, total: data.length },
      facets: [],
      suggestion: null,
      place: null,
    };
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  };
  // The enhancer asks the API itself, by fetch.
  vi.stubGlobal('fetch', (url: string) => answer(url.replace('/api/backend/v1', '')));
  const apiFetch: ApiFetch = async () => new Response('{}');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([
    {
      path: '*',
      element: (
        <>
          <SearchBox name="Site" />
          <Where />
        </>
      ),
    },
  ]);
  window.__CHAUPAL_NAVIGATE__ = (to) => router.navigate(to);
  render(
    <QueryClientProvider client={client}>
      <ServicesProvider value={{ apiFetch, queries: publicQueries(apiFetch), publicUrl: 'http://x', siteTz: 'UTC' }}>
        <RouterProvider router={router} />
      </ServicesProvider>
    </QueryClientProvider>,
  );
  return { asked, box: screen.getByRole('combobox', { name: 'Search the site' }) as HTMLInputElement };
}

const where = () => screen.getByTestId('where').textContent;
const options = () => screen.getAllByRole('option');

/** Types into the box and waits for the suggestions the words find. */
async function typeAndWait(box: HTMLInputElement, words: string, count: number) {
  const user = userEvent.setup();
  await user.click(box);
  // What the start script does on the box's first focus.
  enhance(box, suggestTexts('en'));
  await user.type(box, words);
  await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(count));
  return user;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.__CHAUPAL_NAVIGATE__ = undefined;
});

describe('the site search box', () => {
  it('is a GET form to /search with the words as q, so it works without JavaScript', () => {
    const { box } = setup();
    const form = box.closest('form') as HTMLFormElement;
    expect(form.getAttribute('action')).toBe('/search');
    expect(form.getAttribute('method')).toBe('get');
    expect(box.name).toBe('q');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    // A search landmark named for its place (<search> has the role; happy-dom does not know the element yet).
    expect(box.closest('search')?.getAttribute('aria-label')).toBe('Site');
  });

  it('suggests as you type, once typing pauses, with the matched words marked', async () => {
    const { box, asked } = setup();
    await typeAndWait(box, 'doc', 3);
    // One request for the whole word, not one per key.
    expect(asked.filter((p) => p.startsWith('/search'))).toEqual(['/search?q=doc&pageSize=6']);
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(box.getAttribute('aria-controls')).toBe(screen.getByRole('listbox').id);
    expect(options().map((o) => o.textContent)).toEqual([
      'Doctor MehtaExpert',
      'DoctorsService',
      'Doctors strike endsNews',
    ]);
    expect(options()[0].querySelector('mark')?.textContent).toBe('Doc');
  });

  it('moves through the options with Down and Up, wrapping, and marks the active one', async () => {
    const { box } = setup();
    const user = await typeAndWait(box, 'doc', 3);
    expect(box.hasAttribute('aria-activedescendant')).toBe(false);
    await user.keyboard('{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(options()[0].id);
    expect(options()[0].getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(options()[2].id);
    await user.keyboard('{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(options()[0].id);
    await user.keyboard('{ArrowUp}');
    expect(box.getAttribute('aria-activedescendant')).toBe(options()[2].id);
    expect(options().filter((o) => o.getAttribute('aria-selected') === 'true')).toHaveLength(1);
    // The focus stays in the box all along.
    expect(document.activeElement).toBe(box);
  });

  it("opens the picked hit's page on Enter", async () => {
    const { box } = setup();
    const user = await typeAndWait(box, 'doc', 3);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(where()).toBe('/service/doctors'));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });

  it('goes to the search page on Enter when no option is highlighted', async () => {
    const { box } = setup();
    const user = await typeAndWait(box, 'doc', 3);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(where()).toBe('/search?q=doc'));
  });

  it('closes the list on Escape and keeps the words; Down opens it again', async () => {
    const { box } = setup();
    const user = await typeAndWait(box, 'doc', 3);
    await user.keyboard('{ArrowDown}{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(box.hasAttribute('aria-activedescendant')).toBe(false);
    expect(box.value).toBe('doc');
    await user.keyboard('{ArrowDown}');
    expect(options()).toHaveLength(3);
    expect(box.getAttribute('aria-activedescendant')).toBe(options()[0].id);
  });

  it('keeps the words on Escape when no list is open (a search input would clear them)', async () => {
    const { box } = setup();
    const user = await typeAndWait(box, 'doc', 3);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.keyboard('{Escape}');
    expect(box.value).toBe('doc');
  });

  it('suggests at once for words typed before it joined the box', async () => {
    const { box, asked } = setup();
    const user = userEvent.setup();
    await user.click(box);
    await user.type(box, 'doc');
    enhance(box, suggestTexts('en'));
    await waitFor(() => expect(options()).toHaveLength(3));
    expect(asked).toEqual(['/search?q=doc&pageSize=6']);
  });

  it('opens a hit on a click, the box keeping the focus until then', async () => {
    const { box } = setup();
    const user = await typeAndWait(box, 'doc', 3);
    await user.click(options()[2]);
    await waitFor(() => expect(where()).toBe('/news/doctors-strike-ends'));
  });

  it('suggests nothing for a single character', async () => {
    const { box, asked } = setup();
    const user = userEvent.setup();
    await user.click(box);
    enhance(box, suggestTexts('en'));
    await user.type(box, 'd');
    await act(() => new Promise((r) => setTimeout(r, 300)));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(asked).toEqual([]);
  });
});

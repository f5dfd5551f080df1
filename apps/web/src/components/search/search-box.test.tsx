// @vitest-environment happy-dom
import type { TSearchBody, TSearchHit } from '@chaupal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiFetch } from '../../api/client';
import { publicQueries } from '../../api/queries';
import { ServicesProvider } from '../../app/services';
import { SearchBox } from './search-box';

/**
 * Issue 14: the header's search box as a keyboard and mouse user meets it — an ARIA 1.2 combobox over the API's
 * suggestions (answered here from memory), Enter on an option opening the hit's page, Enter without one the search
 * page.
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
  const apiFetch: ApiFetch = async (path) => {
    asked.push(path);
    const q = new URL(path, 'http://x').searchParams.get('q') ?? '';
    const data = HITS.filter((h) => h.title.toLowerCase().includes(q.toLowerCase()));
    const body: TSearchBody = {
      success: true,
      data,
      meta: { page: 1, pageSize: 6, total: data.length },
      facets: [],
      suggestion: null,
    };
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  };
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
  // The suggestions' chunk loads on the first focus (already in memory, see beforeAll); its listeners take the
  // typing from there.
  await act(() => new Promise((r) => setTimeout(r, 0)));
  await user.type(box, words);
  await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(count));
  return user;
}

// The first import of the suggestions' module compiles it, which would outlast waitFor's second.
beforeAll(() => import('./search-suggest'));
afterEach(cleanup);

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
    await user.type(box, 'd');
    await act(() => new Promise((r) => setTimeout(r, 300)));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(asked).toEqual([]);
  });
});

// @vitest-environment happy-dom
import type { TSearchBody, TSite } from '@chaupal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiFetch } from '../../api/client';
import { publicQueries } from '../../api/queries';
import { SiteProvider } from '../../api/use-site';
import { ServicesProvider } from '../../app/services';
import { SearchPage } from './search-page';

/** /search as the server's answer shapes it — facets, marked hits, paging, and when nothing matches. */
const body = (over: Partial<TSearchBody>): TSearchBody => ({
  success: true,
  data: [],
  meta: { page: 1, pageSize: 10, total: 0 },
  facets: [],
  suggestion: null,
  place: null,
  ...over,
});
const FOUND = body({
  data: [
    {
      kind: 'news',
      id: 'n1',
      slug: 'bakers-strike',
      title: 'Bakers strike <b>ends</b>',
      url: '/news/bakers-strike',
      snippet: 'The bakers of Old City are back at work.',
      titleMarks: [{ start: 0, end: 6 }],
      snippetMarks: [{ start: 4, end: 10 }],
      image: null,
      circles: ['Old City'],
      date: '2026-11-02T04:30:00.000Z',
    },
  ],
  meta: { page: 1, pageSize: 10, total: 23 },
  facets: [
    { kind: 'outlet', count: 20 },
    { kind: 'news', count: 3 },
  ],
  suggestion: 'bakery',
});

/** What the page's metadata reads of the site settings, which the layout hands down. */
const SITE = {
  siteName: 'Chaupal',
  keywords: { page_title: 'Chaupal', page_Description: '', page_keywords: '' },
  logo: { Logo: null },
} as unknown as TSite;

function show(url: string, answers: Record<string, TSearchBody>) {
  const apiFetch: ApiFetch = async (path) => {
    const q = new URL(path, 'http://x').searchParams.get('q') ?? '';
    const json = path.startsWith('/search') ? (answers[q] ?? body({})) : { success: true, data: [] };
    return new Response(JSON.stringify(json), { headers: { 'content-type': 'application/json' } });
  };
  const router = createMemoryRouter([{ path: '/search', element: <SearchPage /> }], { initialEntries: [url] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ServicesProvider value={{ apiFetch, queries: publicQueries(apiFetch), publicUrl: 'http://x', siteTz: 'UTC' }}>
        <SiteProvider value={SITE}>
          <RouterProvider router={router} />
        </SiteProvider>
      </ServicesProvider>
    </QueryClientProvider>,
  );
}

afterEach(cleanup);

describe('the search page', () => {
  it('shows the facets with their counts, the hits with their matches marked, and the pages', async () => {
    show('/search?q=baker&kind=news', { baker: FOUND });
    const hit = await screen.findByRole('heading', { level: 2, name: /Bakers strike/ });
    const facets = screen.getByRole('navigation', { name: 'Kinds of result' });
    expect(
      within(facets)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['All 23', 'Outlets 20', 'News 3']);
    expect(within(facets).getByRole('link', { name: 'News 3' }).getAttribute('aria-current')).toBe('page');
    expect(within(facets).getByRole('link', { name: 'Outlets 20' }).getAttribute('href')).toBe(
      '/search?q=baker&kind=outlet',
    );
    // The title's markup is text, its match marked; the snippet's too.
    expect(hit.querySelector('b')).toBeNull();
    expect(hit.textContent).toBe('Bakers strike <b>ends</b>');
    expect([...document.querySelectorAll('.search-hit mark')].map((m) => m.textContent)).toEqual(['Bakers', 'bakers']);
    expect(hit.closest('li')?.textContent).toContain('News · 2026-11-02');
    expect(hit.querySelector('a')?.getAttribute('href')).toBe('/news/bakers-strike');
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByRole('link', { name: 'Next ›' }).getAttribute('href')).toBe(
      '/search?q=baker&kind=news&page=2',
    );
    expect(screen.getByRole('link', { name: 'bakery' }).getAttribute('href')).toBe('/search?q=bakery');
  });

  it('says No results for the words and offers the suggestion as a Did you mean link', async () => {
    show('/search?q=bakry&circleName=Old%20City', { bakry: body({ suggestion: 'bakery' }) });
    await screen.findByText('No results for “bakry”');
    const link = screen.getByRole('link', { name: 'bakery' });
    expect(link.closest('p')?.textContent).toBe('Did you mean bakery?');
    expect(link.getAttribute('href')).toBe('/search?q=bakery&circleName=Old+City');
    expect(screen.queryByRole('navigation', { name: 'Kinds of result' })).toBeNull();
  });

  it('says where the words named, with a link to the same words everywhere', async () => {
    show('/search?q=baker%20in%20old%20city', {
      'baker in old city': { ...FOUND, place: { circleName: 'Old City', blockName: null, q: 'baker' } },
    });
    const link = await screen.findByRole('link', { name: 'Search everywhere for “baker”' });
    expect(link.closest('p')?.textContent).toBe('In Old City. Search everywhere for “baker”');
    expect(link.getAttribute('href')).toBe('/search?q=baker');
  });

  it('shows just the box when there are no words', async () => {
    show('/search', {});
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Search');
    expect(screen.getByRole('combobox', { name: 'Search the site' })).toBeTruthy();
    expect(screen.queryByLabelText('Circle')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });
});

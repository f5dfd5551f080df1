// @vitest-environment happy-dom
import type { TSearchReport } from '@chaupal/contract';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SearchesScreen } from './searches-screen';
import { renderScreen, rowCells } from './test-kit';

/** The console's Searches screen: the month's count, the top searches and those that found nothing. */
const report = (over: Partial<TSearchReport> = {}): TSearchReport => ({
  days: 30,
  searches: 0,
  top: [],
  zeroResults: [],
  ...over,
});
const DARZI = { query: 'darzi', searches: 8, results: 0, lastDay: '2026-11-20' };
const TAILORS = { query: 'tailors', searches: 12, results: 3, lastDay: '2026-11-21' };
const CHAI = { query: 'chai & samosa', searches: 2, results: null, lastDay: '2026-11-02' };

function show(data: TSearchReport) {
  return renderScreen(<SearchesScreen />, () => ({ body: { success: true, data } }));
}
/** The section under the heading `name`. */
const section = (name: string) => screen.getByRole('region', { name });

afterEach(cleanup);

describe('the Searches screen', () => {
  it('says how many searches the last 30 days held, and lists the top ones and those that found nothing', async () => {
    const { calls } = show(report({ searches: 22, top: [TAILORS, DARZI, CHAI], zeroResults: [DARZI] }));
    expect(await screen.findByText('Last 30 days: 22 searches')).toBeTruthy();
    expect(calls).toEqual([{ method: 'GET', path: '/admin/search/queries' }]);
    const top = section('Top searches');
    expect(
      within(top)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Query', 'Searches', 'Results']);
    expect(rowCells(top)).toEqual([
      ['tailors', '12', '3'],
      ['darzi', '8', '0'],
      ['chai & samosa', '2', '—'],
    ]);
    const none = section('Searches with no results');
    expect(
      within(none)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Query', 'Searches', 'Last searched']);
    expect(rowCells(none)).toEqual([['darzi', '8', '2026-11-20']]);
  });

  it('links each query to its public results, in a new tab', async () => {
    show(report({ searches: 10, top: [CHAI, DARZI], zeroResults: [DARZI] }));
    const link = await within(await screen.findByRole('region', { name: 'Top searches' })).findByRole('link', {
      name: 'chai & samosa',
    });
    expect([link.getAttribute('href'), link.getAttribute('target'), link.getAttribute('rel')]).toEqual([
      '/search?q=chai%20%26%20samosa',
      '_blank',
      'noopener',
    ]);
    const zero = within(section('Searches with no results')).getByRole('link', { name: 'darzi' });
    expect(zero.getAttribute('href')).toBe('/search?q=darzi');
    expect(zero.getAttribute('target')).toBe('_blank');
  });

  it('says so when nothing was searched yet, or every search found something', async () => {
    show(report());
    expect(await screen.findByText('Last 30 days: 0 searches')).toBeTruthy();
    expect(within(section('Top searches')).getByText('No searches yet')).toBeTruthy();
    expect(within(section('Searches with no results')).getByText('No search went without results')).toBeTruthy();
    cleanup();
    show(report({ searches: 1, top: [{ ...TAILORS, searches: 1 }] }));
    expect(await screen.findByText('Last 30 days: 1 search')).toBeTruthy();
    expect(within(section('Searches with no results')).getByText('No search went without results')).toBeTruthy();
  });
});

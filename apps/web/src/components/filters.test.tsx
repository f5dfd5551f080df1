// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiFetch } from '../api/client';
import { publicQueries } from '../api/queries';
import { LangProvider, translate } from '../app/i18n';
import { ServicesProvider } from '../app/services';
import { messages } from '../locales/en/content.json?lingui';
import { sortsOf } from './content/areas';
import { type FilterState, Filters } from './filters';

/** A directory list's filters (a service's experts), with what each change asks the list for. */
function show(state: FilterState, kind: 'expert' | 'news' = 'expert') {
  const changes: FilterState[] = [];
  const apiFetch: ApiFetch = async () =>
    new Response(JSON.stringify({ success: true, data: [] }), { headers: { 'content-type': 'application/json' } });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ServicesProvider value={{ apiFetch, queries: publicQueries(apiFetch), publicUrl: 'https://x', siteTz: 'UTC' }}>
        <LangProvider lang="en">
          <Filters
            {...state}
            sorts={sortsOf(kind, translate(messages, 'en'))}
            action="/service/doctors"
            onChange={(f) => changes.push(f)}
          />
        </LangProvider>
      </ServicesProvider>
    </QueryClientProvider>,
  );
  return changes;
}

afterEach(cleanup);

describe('a directory list’s rating order', () => {
  it('offers Rating as an order, and keeps a "4 ★ and up" from the address through the choices', () => {
    const changes = show({ minRating: '4' });
    const sort = screen.getByRole('combobox', { name: 'Sort' });
    expect(within(sort).getByRole('option', { name: 'Rating' }).getAttribute('value')).toBe('rating');
    fireEvent.change(sort, { target: { value: 'rating' } });
    expect(changes.at(-1)).toMatchObject({ sort: 'rating', minRating: '4' });
  });
});

describe('a directory list’s "4 ★ and up"', () => {
  it('offers All and "4 ★ and up" under Rating, as the address’s minRating, keeping the other choices', () => {
    const changes = show({ sort: 'rating' });
    const rating = screen.getByRole('combobox', { name: 'Rating' });
    expect(rating.getAttribute('name')).toBe('minRating');
    expect(
      within(rating)
        .getAllByRole('option')
        .map((o) => [o.textContent, o.getAttribute('value')]),
    ).toEqual([
      ['All', ''],
      ['4 ★ and up', '4'],
    ]);
    fireEvent.change(rating, { target: { value: '4' } });
    expect(changes.at(-1)).toEqual({ sort: 'rating', minRating: '4' });
    fireEvent.change(rating, { target: { value: '' } });
    expect(changes.at(-1)).toEqual({ sort: 'rating', minRating: undefined });
  });

  it('is not offered where the list has no ratings (news)', () => {
    show({}, 'news');
    expect(screen.queryByRole('combobox', { name: 'Rating' })).toBeNull();
  });
});

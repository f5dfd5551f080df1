import { describe, expect, it } from 'vitest';
import type { ApiFetch } from './client';
import { listSort, minRatingOf, publicQueries } from './queries';

/** The list URL a list's filters ask the API for. */
async function asked(kind: 'expert' | 'news', f: Parameters<ReturnType<typeof publicQueries>['list']>[1]) {
  const paths: string[] = [];
  const apiFetch: ApiFetch = async (path) => {
    paths.push(path);
    return new Response('{"success":true,"data":[]}', { status: 200 });
  };
  await publicQueries(apiFetch)
    .list(kind, f)
    .queryFn?.({} as never);
  return paths[0];
}

describe('the lists’ rating order and filter', () => {
  it('reads `sort=rating` and "4 ★ and up" from the address, and nothing else for the filter', () => {
    expect(listSort('rating')).toBe('rating');
    expect(minRatingOf('4')).toBe('4');
    expect(minRatingOf('5')).toBeUndefined();
    expect(minRatingOf(null)).toBeUndefined();
  });

  it('asks for experts by rating, four stars and up', async () => {
    expect(await asked('expert', { parent: 's1', sort: 'rating', minRating: '4', page: 2 })).toBe(
      '/experts/view?service=s1&page=2&minRating=4&sort=rating',
    );
    expect(await asked('expert', { parent: 's1', minRating: '4' })).toBe('/experts/view?service=s1&minRating=4');
  });

  it('asks for news in their own order, which has no rating', async () => {
    expect(await asked('news', { parent: 'e1', sort: 'rating', minRating: '4' })).toBe('/newss/view?edition=e1');
    expect(await asked('news', { parent: 'e1', sort: 'az' })).toBe('/newss/view?edition=e1&sort=az');
  });
});

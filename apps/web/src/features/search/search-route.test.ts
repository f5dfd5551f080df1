import { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ApiFetch } from '../../api/client';
import { publicQueries } from '../../api/queries';
import { loaderTools } from '../../app/loader-tools';
import { searchLoader } from './search-route';

/** The /search loader with the API answering every search with `status` (and the circles with none). */
function load(status: number) {
  const apiFetch: ApiFetch = async (path) => {
    const json = path.startsWith('/search')
      ? { success: false, error: 'The server is busy; try again in a moment.' }
      : { success: true, data: [] };
    return new Response(JSON.stringify(json), { status: path.startsWith('/search') ? status : 200 });
  };
  const tools = loaderTools({ queryClient: new QueryClient(), queries: publicQueries(apiFetch) });
  const args = { request: new Request('http://x/search?q=plumber'), params: {} } as LoaderFunctionArgs;
  return searchLoader(() => tools)(args);
}

describe('the search page loader', () => {
  it('finds nothing when the API refuses the words (the page reads them as not found)', async () => {
    expect(await load(404)).toBeNull();
  });

  it.each([429, 503])(
    'makes a search refused with %i the page status, so it is not kept as a page of no hits',
    async (status) => {
      await expect(load(status)).rejects.toMatchObject({ type: 'DataWithResponseInit', init: { status } });
    },
  );
});

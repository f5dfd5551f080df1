// @vitest-environment happy-dom
import type { TContentKind } from '@chaupal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { publicQueries } from '../../api/queries';
import { addMessages, LangProvider, type TUiLang } from '../../app/i18n';
import { ServicesProvider } from '../../app/services';
import { messages as hindi } from '../../locales/hi/trust.json?lingui';
import ListingExtras from './listing-extras';

/** "Suggest an edit" beside "Report" under an expert or outlet: a plain link to the listing's own form page. */
function html(kind: TContentKind, o: { preview?: boolean; lang?: TUiLang } = {}) {
  const apiFetch = async () => new Response('{}');
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <ServicesProvider value={{ apiFetch, queries: publicQueries(apiFetch), publicUrl: '', siteTz: 'Asia/Kolkata' }}>
        <LangProvider lang={o.lang ?? 'en'}>
          <ListingExtras
            kind={kind}
            item={{ id: 'x1', slug: 'dr-sharma', title: 'Dr. Sharma’s Clinic' }}
            tz="Asia/Kolkata"
            preview={o.preview}
          />
        </LangProvider>
      </ServicesProvider>
    </QueryClientProvider>,
  );
}
const links = (page: string) =>
  [...new DOMParser().parseFromString(page, 'text/html').querySelectorAll('a')].map((a) => [
    a.textContent,
    a.getAttribute('href'),
  ]);

describe('the links under a record', () => {
  it('offers an expert’s and an outlet’s "Suggest an edit" page next to "Report this listing"', () => {
    expect(links(html('expert'))).toEqual([
      ['Suggest an edit', '/experts/dr-sharma/suggest-edit'],
      ['Report this listing', '/report/expert/x1'],
    ]);
    expect(links(html('outlet'))[0]).toEqual(['Suggest an edit', '/outlets/dr-sharma/suggest-edit']);
  });

  it('has no "Suggest an edit" on news, nor on an owner’s preview', () => {
    expect(links(html('news')).map(([text]) => text)).toEqual(['Report this article']);
    expect(links(html('expert', { preview: true }))).toEqual([]);
  });

  it('says it in Hindi on a page in Hindi', () => {
    addMessages('hi', hindi);
    expect(links(html('expert', { lang: 'hi' }))[0]).toEqual(['बदलाव सुझाएँ', '/experts/dr-sharma/suggest-edit']);
  });
});

// @vitest-environment happy-dom
import type { TExpertCard, TRatingBrief } from '@chaupal/contract';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { publicQueries } from '../../api/queries';
import { addMessages, LangProvider, type TUiLang } from '../../app/i18n';
import { ServicesProvider } from '../../app/services';
import { messages as hindi } from '../../locales/hi/content.json?lingui';
import { ContentCard } from './content-card';

/** An expert's card in a list, with its rating as the listings' shapes carry it. */
function card(rating?: TRatingBrief, lang: TUiLang = 'en') {
  const item: TExpertCard = {
    id: 'x1',
    slug: 'dr-mehta',
    title: 'Dr. Mehta',
    description: '<p>Family doctor.</p>',
    image: null,
    call_now: '+919876543210',
    whatsapp_no: null,
    street_address: null,
    pin_code: null,
    latitude: null,
    longitude: null,
    opening_hours: null,
    rating: rating ?? { count: 0, average: null },
  };
  const apiFetch = async () => new Response('{}', { status: 404 });
  render(
    <ServicesProvider value={{ apiFetch, queries: publicQueries(apiFetch), publicUrl: 'https://x', siteTz: 'UTC' }}>
      <LangProvider lang={lang}>
        <ContentCard kind="expert" item={item} />
      </LangProvider>
    </ServicesProvider>,
  );
  const el = document.querySelector('.card-rating');
  return (
    el && {
      seen: el.querySelector('[aria-hidden]')?.textContent ?? el.textContent,
      heard: el.querySelector('.visually-hidden')?.textContent ?? el.textContent,
    }
  );
}

afterEach(cleanup);

describe('a listing’s card', () => {
  it('shows its average out of 5 and its count, in words a screen reader says too', () => {
    expect(card({ count: 27, average: 4.3 })).toEqual({
      seen: '★ 4.3 out of 5 · 27 reviews',
      heard: '★ 4.3 out of 5 · 27 reviews',
    });
  });

  it('counts reviews too few for an average', () => {
    expect(card({ count: 2, average: null })).toEqual({ seen: '2 reviews', heard: '2 reviews' });
    cleanup();
    expect(card({ count: 1, average: null })).toEqual({ seen: '1 review', heard: '1 review' });
  });

  it('says nothing of a rating before the first review', () => {
    expect(card({ count: 0, average: null })).toBeNull();
    cleanup();
    expect(card()).toBeNull();
  });

  it('says it in Hindi on a Hindi page', () => {
    addMessages('hi', hindi);
    expect(card({ count: 27, average: 4 }, 'hi')).toEqual({
      seen: '★ 5 में से 4.0 · 27 समीक्षाएँ',
      heard: '★ 5 में से 4.0 · 27 समीक्षाएँ',
    });
  });
});

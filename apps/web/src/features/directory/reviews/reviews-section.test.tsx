// @vitest-environment happy-dom
import type { TReview, TReviewsBody } from '@chaupal/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addMessages } from '../../../app/i18n';
import { clearSession } from '../../../app/session';
import { dismiss } from '../../../components/toasts';
import { messages as hindi } from '../../../locales/hi/reviews.json?lingui';
import ReviewsSection from './reviews-section';
import { buildBody, buildReview, fakeApi, LISTING, LISTING_ID, OWNER, renderPage, signIn } from './test-kit';

/** The reviews of a listing as its page shows them: the page's order and page of them, as its address names. */
const Reviews = () => <ReviewsSection kind="expert" listing={LISTING} />;

/** Every order and page of the listing's reviews, unless a test answers one of them itself. */
const PAGES = `/reviews/expert/${LISTING_ID}`;
const MINE = `/reviews/expert/${LISTING_ID}/mine`;
const noState = { success: true, data: { mine: null, helpful: [], cannot: null } };

function show(body: TReviewsBody, o: { path?: string; reads?: Record<string, object>; writes?: object } = {}) {
  const api = fakeApi({ [PAGES]: body, ...o.reads }, o.writes as never);
  const view = renderPage(<Reviews />, { apiFetch: api.apiFetch, path: o.path });
  return { ...view, sent: api.sent };
}
const section = () => screen.findByRole('region', { name: 'Reviews' });
/** The visible summary line ("4.3 ★ from 27 reviews"), and what a screen reader hears of it. */
const summary = (el: HTMLElement) => {
  const line = el.querySelector('.reviews-summary > p') as HTMLElement;
  return {
    seen: [...line.childNodes]
      .filter((n) => !(n instanceof HTMLElement && /visually-hidden|stars/.test(n.className)))
      .map((n) => n.textContent)
      .join('')
      .trim(),
    heard: line.querySelector('.visually-hidden')?.textContent ?? line.textContent,
  };
};

afterEach(() => {
  cleanup();
  clearSession();
  dismiss('review');
});

describe('the rating summary', () => {
  it('says "No reviews yet" before the first review, with "Write a review" as a link to its page', async () => {
    show(buildBody([], { count: 0 }));
    const el = await section();
    expect(summary(el).seen).toBe('No reviews yet');
    expect(within(el).getByRole('link', { name: 'Write a review' }).getAttribute('href')).toBe(
      '/experts/dr-mehta/review',
    );
    expect(within(el).queryByRole('list', { name: 'Reviews by stars' })).toBeNull();
    expect(within(el).queryByRole('navigation', { name: 'Sort reviews' })).toBeNull();
  });

  it('counts two reviews without an average: two ratings are not a standing', async () => {
    const two = [buildReview(), buildReview({ id: 'r2', rating: 2 })];
    show(buildBody(two, { count: 2, average: null, histogram: [0, 1, 0, 1, 0] }));
    const el = await section();
    expect(summary(el)).toEqual({ seen: '2 reviews', heard: '2 reviews' });
    expect(el.querySelector('.reviews-summary .stars')).toBeNull();
  });

  it('gives the average of 27 reviews, in stars and in words', async () => {
    show(buildBody([buildReview()], { count: 27, average: 4.3, histogram: [1, 1, 3, 7, 15] }));
    const el = await section();
    expect(summary(el)).toEqual({
      seen: '4.3 ★ from 27 reviews',
      heard: 'Rated 4.3 out of 5 stars from 27 reviews',
    });
    expect((el.querySelector('.reviews-summary .stars-on') as HTMLElement).style.width).toBe('86%');
  });

  it('counts each number of stars, 5 to 1, as a bar with its count written beside it', async () => {
    show(buildBody([buildReview()], { count: 27, average: 4.3, histogram: [1, 1, 3, 7, 15] }));
    const bars = within(await section()).getByRole('list', { name: 'Reviews by stars' });
    const rows = within(bars).getAllByRole('listitem');
    expect(rows.map((r) => r.querySelector('.visually-hidden')?.textContent)).toEqual([
      '5 stars: 15 reviews',
      '4 stars: 7 reviews',
      '3 stars: 3 reviews',
      '2 stars: 1 review',
      '1 star: 1 review',
    ]);
    expect(rows.map((r) => r.querySelector('.histogram-bar > span')?.getAttribute('style'))).toEqual([
      'width: 56%;',
      'width: 26%;',
      'width: 11%;',
      'width: 4%;',
      'width: 4%;',
    ]);
    expect(rows.map((r) => r.lastElementChild?.previousElementSibling?.textContent)).toEqual([
      '15',
      '7',
      '3',
      '1',
      '1',
    ]);
  });

  it('speaks Hindi on a Hindi page', async () => {
    addMessages('hi', hindi);
    const api = fakeApi({ [PAGES]: buildBody([buildReview()], { count: 27, average: 4.3 }) });
    renderPage(<Reviews />, { apiFetch: api.apiFetch, lang: 'hi' });
    const el = await screen.findByRole('region', { name: 'समीक्षाएँ' });
    expect(summary(el)).toEqual({
      seen: '27 समीक्षाओं से 4.3 ★',
      heard: '27 समीक्षाओं के आधार पर 5 में से 4.3 स्टार',
    });
    expect(within(el).getByRole('link', { name: 'समीक्षा लिखें' })).toBeTruthy();
    expect(within(el).getByRole('img', { name: '5 में से 4 स्टार' })).toBeTruthy();
  });
});

describe('a review', () => {
  const item = async (review: TReview) => {
    show(buildBody([review], { count: 1 }));
    return (await section()).querySelector('li.review') as HTMLElement;
  };

  it('shows its stars by name, its words, who wrote it and when', async () => {
    const el = await item(buildReview());
    expect(within(el).getByRole('img', { name: '4 out of 5 stars' })).toBeTruthy();
    expect(el.querySelector('.review-text')?.textContent).toBe('Saw me the same day.\nClear advice.');
    expect(el.querySelector('.review-by')?.textContent).toBe('Asha Verma 2026-11-02');
    expect(el.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-02T06:30:00.000Z');
  });

  it('says when it was edited, and shows the owner’s reply under it', async () => {
    const el = await item(
      buildReview({
        editedAt: '2026-11-05T18:45:00.000Z',
        reply: { text: 'Thank you, Asha.', createdAt: '2026-11-06T04:00:00.000Z', editedAt: null },
      }),
    );
    expect(el.querySelector('.review-by')?.textContent).toBe('Asha Verma 2026-11-02 · edited on 2026-11-06');
    const reply = el.querySelector('.review-reply') as HTMLElement;
    expect([...reply.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'Reply from the owner',
      'Thank you, Asha.',
    ]);
  });

  it('names a writer whose account is gone "Former member"', async () => {
    const el = await item(buildReview({ author: null }));
    expect(el.querySelector('.review-by .strong')?.textContent).toBe('Former member');
    expect(within(el).getByRole('link', { name: 'Report the review by Former member' })).toBeTruthy();
  });

  it('counts who found it helpful, and links to its report with the way back', async () => {
    const el = await item(buildReview());
    expect(el.querySelector('.helpful-count')?.textContent).toBe('Helpful (3)');
    expect(within(el).queryByRole('button')).toBeNull();
    expect(within(el).getByRole('link', { name: 'Report the review by Asha Verma' }).getAttribute('href')).toBe(
      '/report/review/r1?back=%2Fexperts%2Fdr-mehta',
    );
  });
});

describe('ordering and paging', () => {
  const reviews = Array.from({ length: 10 }, (_, i) => buildReview({ id: `r${i}`, text: `Review ${i}` }));
  const many = buildBody(reviews, { count: 27, average: 4.3 }, { total: 27 });

  it('offers the four orders as links that work without the app, the current one marked', async () => {
    show(many, { path: '/experts/dr-mehta?sort=helpful' });
    const nav = within(await section()).getByRole('navigation', { name: 'Sort reviews' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('aria-current')])).toEqual([
      ['Newest', '/experts/dr-mehta#reviews', null],
      ['Highest', '/experts/dr-mehta?sort=highest#reviews', null],
      ['Lowest', '/experts/dr-mehta?sort=lowest#reviews', null],
      ['Most helpful', '/experts/dr-mehta?sort=helpful#reviews', 'true'],
    ]);
  });

  it('shows ten at a time, with page links that keep the order', async () => {
    show(many, { path: '/experts/dr-mehta?sort=lowest' });
    const el = await section();
    expect(el.querySelectorAll('li.review')).toHaveLength(10);
    const pager = within(el).getByRole('navigation', { name: 'Pages' });
    expect(within(pager).getByRole('link', { name: 'Page 3' }).getAttribute('href')).toBe(
      '/experts/dr-mehta?sort=lowest&page=3#reviews',
    );
  });

  it('reads the chosen order in the app, keeping the last one on screen until it comes', async () => {
    const highest = buildBody([buildReview({ id: 'top', rating: 5, text: 'The best.' })], { count: 27, average: 4.3 });
    const { router } = show(many, {
      reads: { [`/reviews/expert/${LISTING_ID}?sort=highest&pageSize=10`]: highest },
    });
    fireEvent.click(within(await section()).getByRole('link', { name: 'Highest' }));
    await waitFor(() => expect(screen.getByText('The best.')).toBeTruthy());
    expect(router.state.location.search).toBe('?sort=highest');
    expect(
      within(screen.getByRole('navigation', { name: 'Sort reviews' }))
        .getByRole('link', { name: 'Highest' })
        .getAttribute('aria-current'),
    ).toBe('true');
  });
});

describe('coming back to the reviews', () => {
  it('goes to the section when reached in the app (after writing a review), not on a page load', async () => {
    const scrolled: Element[] = [];
    vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(function (this: HTMLElement) {
      scrolled.push(this);
    });
    const { router } = show(buildBody([buildReview()], { count: 1 }), { path: '/experts/dr-mehta#reviews' });
    await section();
    expect(scrolled).toEqual([]);
    await act(() => router.navigate('/experts/dr-mehta?sort=lowest#reviews'));
    await waitFor(() => expect(scrolled.map((el) => el.id)).toEqual(['reviews']));
    vi.restoreAllMocks();
  });
});

describe('signed in', () => {
  it('toggles "Helpful" on another person’s review, at once and on the site', async () => {
    signIn('u-ravi');
    const { sent } = show(buildBody([buildReview()], { count: 1 }), { reads: { [MINE]: noState } });
    const button = await screen.findByRole('button', { name: 'Helpful (3)' });
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('false'));
    fireEvent.click(button);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Helpful (4)' }).getAttribute('aria-pressed')).toBe('true'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Helpful (4)' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Helpful (3)' }).getAttribute('aria-pressed')).toBe('false'),
    );
    expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual([
      `POST /reviews/expert/${LISTING_ID}/r1/helpful`,
      `DELETE /reviews/expert/${LISTING_ID}/r1/helpful`,
    ]);
  });

  it('starts pressed on a review the person found helpful before', async () => {
    signIn('u-ravi');
    show(buildBody([buildReview()], { count: 1 }), {
      reads: { [MINE]: { success: true, data: { mine: null, helpful: ['r1'], cannot: null } } },
    });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Helpful (3)' }).getAttribute('aria-pressed')).toBe('true'),
    );
  });

  it('takes a refused mark back and says why', async () => {
    signIn('u-ravi');
    show(buildBody([buildReview()], { count: 1 }), {
      reads: { [MINE]: noState },
      writes: {
        [`POST /reviews/expert/${LISTING_ID}/r1/helpful`]: {
          status: 409,
          body: { success: false, error: 'You marked this review already.' },
        },
      },
    });
    const button = await screen.findByRole('button', { name: 'Helpful (3)' });
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('false'));
    fireEvent.click(button);
    expect(await screen.findByText('You marked this review already.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Helpful (3)' }).getAttribute('aria-pressed')).toBe('false');
    act(() => dismiss('helpful-r1'));
  });

  it('offers no "Helpful" on the person’s own review', async () => {
    signIn('u-asha');
    show(buildBody([buildReview()], { count: 1 }), { reads: { [MINE]: noState } });
    await section();
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('button', { name: /Helpful/ })).toBeNull();
    expect(document.querySelector('.helpful-count')?.textContent).toBe('Helpful (3)');
  });
});

describe('the owner’s reply', () => {
  it('opens a small form under a review, refuses an empty reply, and saves one', async () => {
    signIn(OWNER);
    const reply = { text: 'Thank you, do come again.', createdAt: '2026-11-07T04:00:00.000Z', editedAt: null };
    // The API answers the review with its reply; reading the listing's reviews again would still give the old page.
    const { sent } = show(buildBody([buildReview()], { count: 1 }), {
      reads: { [MINE]: noState },
      writes: { [`PUT ${PAGES}/r1/reply`]: { status: 200, body: { success: true, data: buildReview({ reply }) } } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Reply' }));
    const box = await screen.findByRole('textbox', { name: 'Your reply' });
    expect(screen.getByRole('button', { name: 'Reply' }).getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Save reply' }));
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.input(box, { target: { value: 'Thank you, do come again.' } });
    expect(screen.getByText('25 of 1000 characters')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save reply' }));
    expect(await screen.findByText('Your reply is saved.')).toBeTruthy();
    expect(sent).toEqual([
      { method: 'PUT', path: `/reviews/expert/${LISTING_ID}/r1/reply`, body: { text: 'Thank you, do come again.' } },
    ]);
    expect(screen.queryByRole('textbox', { name: 'Your reply' })).toBeNull();
    const shown = document.querySelector('.review-reply') as HTMLElement;
    expect(shown.textContent).toContain('Thank you, do come again.');
    expect(screen.getByRole('button', { name: 'Edit reply' })).toBeTruthy();
    act(() => dismiss('reply-r1'));
  });

  it('edits the one reply a review has', async () => {
    signIn(OWNER);
    const replied = buildReview({ reply: { text: 'Thanks!', createdAt: '2026-11-06T04:00:00.000Z', editedAt: null } });
    show(buildBody([replied], { count: 1 }), { reads: { [MINE]: noState } });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit reply' }));
    const box = (await screen.findByRole('textbox', { name: 'Your reply' })) as HTMLTextAreaElement;
    expect(box.value).toBe('Thanks!');
    expect(screen.getByText('7 of 1000 characters')).toBeTruthy();
  });

  it('offers no reply to someone who does not own the listing', async () => {
    signIn('u-ravi');
    show(buildBody([buildReview()], { count: 1 }), { reads: { [MINE]: noState } });
    await screen.findByRole('button', { name: 'Helpful (3)' });
    expect(screen.queryByRole('button', { name: 'Reply' })).toBeNull();
  });
});

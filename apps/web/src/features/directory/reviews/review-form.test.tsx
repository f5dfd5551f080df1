// @vitest-environment happy-dom
import type { TReview } from '@chaupal/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession } from '../../../app/session';
import { dismiss } from '../../../components/toasts';
import { ReviewPage } from '../review-page';
import { buildExpert, buildReview, fakeApi, LISTING_ID, OWNER, renderPage, signIn } from './test-kit';

/** "Write a review" of an expert as its page shows it, with the person's state on the listing as the API says. */
const PATH = `/reviews/expert/${LISTING_ID}`;
const state = (o: { mine?: TReview | null; cannot?: 'owner' | 'phone' | null } = {}) => ({
  success: true,
  data: { mine: o.mine ?? null, helpful: [], cannot: o.cannot ?? null },
});

function show(o: { state?: object; writes?: Record<string, { status: number; body: object }> } = {}) {
  const api = fakeApi(
    {
      '/experts/slug/dr-mehta': { success: true, data: buildExpert(), related: [] },
      [`${PATH}/mine`]: o.state ?? state(),
    },
    o.writes,
  );
  const view = renderPage(
    <Suspense fallback={null}>
      <ReviewPage kind="expert" />
    </Suspense>,
    { apiFetch: api.apiFetch, path: '/experts/dr-mehta/review', pattern: '/experts/:id/review' },
  );
  return { ...view, sent: api.sent };
}
const submit = () => fireEvent.click(screen.getByRole('button', { name: /Submit review|Save changes/ }));
const stars = async (n: number) =>
  fireEvent.click(await screen.findByRole('radio', { name: n === 1 ? '1 star' : `${n} stars` }));
const type = async (text: string) =>
  fireEvent.input(await screen.findByRole('textbox', { name: 'Your review (optional)' }), { target: { value: text } });

afterEach(() => {
  cleanup();
  clearSession();
  act(() => dismiss('review'));
});

describe('writing a review', () => {
  it('offers 1 to 5 stars as a radio group, the words with a counter, and Submit', async () => {
    signIn('u-ravi');
    show();
    const group = await screen.findByRole('group', { name: 'Your rating' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['1', '2', '3', '4', '5']);
    expect(within(group).getByRole('radio', { name: '4 stars' })).toBeTruthy();
    const box = screen.getByRole('textbox', { name: 'Your review (optional)' });
    expect(box.getAttribute('aria-describedby')).toBe(screen.getByText('0 of 2000 characters').id);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Write a review');
    expect(screen.getByRole('link', { name: 'Back to Dr. Mehta' }).getAttribute('href')).toBe(
      '/experts/dr-mehta#reviews',
    );
  });

  it('asks for the stars before sending, and says so where the stars are', async () => {
    signIn('u-ravi');
    const { sent } = show();
    await type('Good doctor.');
    submit();
    expect(await screen.findByText('Choose 1 to 5 stars')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: '1 star' }));
    expect(sent).toEqual([]);
  });

  it('refuses 2001 characters, counting them as they are typed', async () => {
    signIn('u-ravi');
    const { sent } = show();
    await type('x'.repeat(2001));
    expect(screen.getByText('2001 of 2000 characters').classList.contains('counter-over')).toBe(true);
    await stars(5);
    submit();
    expect(await screen.findByText('At most 2000 characters')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('sends the review, and goes back to the listing’s reviews saying a moderator checks it first', async () => {
    signIn('u-ravi');
    const saved = { success: true, data: buildReview({ author: { id: 'u-ravi', name: 'Ravi' }, status: 'pending' }) };
    const { sent, router } = show({ writes: { [`POST ${PATH}`]: { status: 201, body: saved } } });
    await stars(4);
    await type('  Saw me the same day.  ');
    submit();
    expect(await screen.findByText('Your review will appear after a moderator checks it')).toBeTruthy();
    expect(sent).toEqual([{ method: 'POST', path: PATH, body: { rating: 4, text: 'Saw me the same day.' } }]);
    expect(`${router.state.location.pathname}${router.state.location.hash}`).toBe('/experts/dr-mehta#reviews');
  });

  it('thanks the writer of a review published at once', async () => {
    signIn('u-ravi');
    const saved = { success: true, data: buildReview({ status: 'published' }) };
    show({ writes: { [`POST ${PATH}`]: { status: 201, body: saved } } });
    await stars(5);
    submit();
    expect(await screen.findByText('Thank you! Your review is published.')).toBeTruthy();
  });

  it.each([
    [403, 'You cannot review your own listing.'],
    [409, 'You have reviewed this listing already.'],
  ])('shows the site’s answer to a refused review (%i)', async (status, error) => {
    signIn('u-ravi');
    show({ writes: { [`POST ${PATH}`]: { status, body: { success: false, error } } } });
    await stars(3);
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(error);
    expect(screen.getByRole('button', { name: 'Submit review' })).toBeTruthy();
  });

  it('puts the site’s field errors under their fields', async () => {
    signIn('u-ravi');
    const refused = {
      success: false,
      error: 'The request has invalid fields.',
      details: [{ parameter: 'text', errors: ['Write plain text, without HTML'] }],
    };
    show({ writes: { [`POST ${PATH}`]: { status: 400, body: refused } } });
    await stars(3);
    await type('Fine');
    submit();
    const field = (await screen.findByText('Write plain text, without HTML')).closest('.field') as HTMLElement;
    expect(within(field).getByRole('textbox')).toBeTruthy();
  });
});

describe('who may write one', () => {
  it('asks somebody signed out to sign in, and opens the sign-in dialog in place for their Submit', async () => {
    const { sent } = show();
    const dialog = document.createElement('dialog');
    dialog.id = 'auth-dialog';
    document.body.append(dialog);
    expect(await screen.findByText('Sign in to write a review.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' }).getAttribute('commandfor')).toBe('auth-dialog');
    await stars(4);
    submit();
    expect(dialog.open).toBe(true);
    expect(sent).toEqual([]);
    dialog.remove();
  });

  it('tells the owner they cannot review their own listing', async () => {
    signIn(OWNER);
    show({ state: state({ cannot: 'owner' }) });
    expect(await screen.findByText('You cannot review your own listing.')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Your rating' })).toBeNull();
  });

  it('sends somebody whose phone is not verified to verify it', async () => {
    signIn('u-ravi');
    show({ state: state({ cannot: 'phone' }) });
    expect(await screen.findByText('Verify your phone number to write a review')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Verify your phone number' }).getAttribute('href')).toBe(
      '/user-verification?userId=u-ravi&phone=true',
    );
    expect(screen.queryByRole('button', { name: 'Submit review' })).toBeNull();
  });
});

describe('one’s own review', () => {
  const mine = buildReview({ rating: 3, text: 'Good.', author: { id: 'u-ravi', name: 'Ravi' } });

  it('fills the form with it, and saves a change of it', async () => {
    signIn('u-ravi');
    const saved = { success: true, data: { ...mine, rating: 5, status: 'published' } };
    const { sent } = show({ state: state({ mine }), writes: { [`PUT ${PATH}`]: { status: 200, body: saved } } });
    await screen.findByRole('button', { name: 'Save changes' });
    expect((screen.getByRole('radio', { name: '3 stars' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('textbox') as HTMLTextAreaElement).value).toBe('Good.');
    expect(screen.getByText('5 of 2000 characters')).toBeTruthy();
    expect(screen.getByText('You reviewed this on 2026-11-02: saving changes your review.')).toBeTruthy();
    await stars(5);
    submit();
    expect(await screen.findByText('Thank you! Your review is published.')).toBeTruthy();
    expect(sent).toEqual([{ method: 'PUT', path: PATH, body: { rating: 5, text: 'Good.' } }]);
  });

  it('deletes it after a confirmation', async () => {
    signIn('u-ravi');
    const { sent, router } = show({ state: state({ mine }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete review' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete review' });
    expect(within(confirm).getByText('Delete your review? This cannot be undone.')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'No' }));
    expect(sent).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete review' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete review' })).getByRole('button', { name: 'Yes' }),
    );
    expect(await screen.findByText('Your review was deleted.')).toBeTruthy();
    expect(sent).toEqual([{ method: 'DELETE', path: PATH, body: undefined }]);
    await waitFor(() => expect(router.state.location.hash).toBe('#reviews'));
  });
});

// @vitest-environment happy-dom
import type { TAdminSettings } from '@chaupal/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { HomeScreen } from './home-screen';
import { renderScreen } from './test-kit';

/** The console's settings: whether new reviews are published at once or held for an admin. */
const settings = (moderation: 'publish' | 'hold'): TAdminSettings =>
  ({
    site: { siteName: 'Chaupal' },
    contactUs: {},
    logo: { Logo: null },
    keywords: { page_title: 'Chaupal', page_Description: '', page_keywords: '' },
    alert: null,
    about: { title: 'About', content: '', image: null },
    privacy: { accountDeletion: 'remove' },
    reviews: { moderation },
  }) as TAdminSettings;

function show(moderation: 'publish' | 'hold') {
  return renderScreen(<HomeScreen />, (call) =>
    call.method !== 'GET'
      ? { body: { success: true, data: call.body, message: 'Saved' } }
      : call.path === '/admin/home'
        ? { body: { success: true, data: settings(moderation) } }
        : { body: { success: true, data: [] } },
  );
}
const reviews = () => screen.getByRole('region', { name: 'Reviews' });

afterEach(cleanup);

describe('the review setting', () => {
  it('shows the two choices with the stored one chosen', async () => {
    show('hold');
    const choice = (await within(await screen.findByRole('region', { name: 'Reviews' })).findByLabelText(
      'New reviews',
    )) as HTMLSelectElement;
    expect(choice.value).toBe('hold');
    expect([...choice.options].map((o) => o.textContent)).toEqual([
      'Publish reviews at once',
      'Hold reviews for moderation',
    ]);
  });

  it('saves the choice as the reviews document', async () => {
    const { calls } = show('publish');
    await screen.findByRole('region', { name: 'Reviews' });
    await userEvent.selectOptions(within(reviews()).getByLabelText('New reviews'), 'hold');
    await userEvent.click(within(reviews()).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method !== 'GET')).toEqual([
        { method: 'PUT', path: '/admin/home/reviews', body: { moderation: 'hold' } },
      ]),
    );
  });
});

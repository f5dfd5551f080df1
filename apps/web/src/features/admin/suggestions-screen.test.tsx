// @vitest-environment happy-dom
import type { TSuggestion } from '@chaupal/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { SuggestionsScreen } from './suggestions-screen';
import { type Answer, type Call, renderScreen } from './test-kit';

/** The console's Suggested edits: the open suggestions no owner will decide, each change decided on its own. */
const suggestion = (id: string, over: Partial<TSuggestion> = {}): TSuggestion => ({
  id,
  kind: 'expert',
  listing: { id: 'x1', slug: 'dr-sharma', title: 'Dr. Sharma’s Clinic' },
  name: null,
  message: '',
  changes: [
    { field: 'whatsapp_no', current: null, proposed: '+919812345678', decision: 'open' },
    { field: 'street_address', current: 'Station Road', proposed: 'Court Road', decision: 'accepted' },
    { field: 'pin_code', current: '261001', proposed: '261002', decision: 'open' },
  ],
  status: 'open',
  createdAt: '2026-11-20T04:30:00.000Z',
  ...over,
});

function show(rows: TSuggestion[], write?: (call: Call) => Answer) {
  return renderScreen(<SuggestionsScreen />, (call) =>
    call.method === 'GET'
      ? { body: { success: true, data: rows, meta: { page: 1, pageSize: 20, total: rows.length } } }
      : (write?.(call) ?? { body: { success: true, data: rows[0], message: 'Decision saved' } }),
  );
}
const writes = (calls: Call[]) => calls.filter((c) => c.method !== 'GET');

afterEach(cleanup);

describe('the Suggested edits screen', () => {
  it('lists the ownerless listings’ suggestions with their listing and each change, now and proposed', async () => {
    const { calls } = show([suggestion('s1')]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Suggested edits' })).toBeTruthy();
    const row = (await screen.findAllByRole('row'))[1];
    const [listing, changes] = within(row).getAllByRole('cell');
    expect(listing.textContent).toBe('Dr. Sharma’s ClinicExpert · In records');
    expect(within(listing).getByRole('link', { name: 'Dr. Sharma’s Clinic' }).getAttribute('href')).toBe(
      '/experts/dr-sharma',
    );
    expect(within(changes).getByRole('article', { name: 'Suggestion from A visitor' })).toBeTruthy();
    const items = [...changes.querySelectorAll('.suggestion-change')].map((li) =>
      [...li.querySelectorAll('p, dd, .status, button')].map((e) => e.textContent),
    );
    expect(items).toEqual([
      ['WhatsApp', 'Not given', '+919812345678', 'Accept', 'Reject'],
      ['Street address', 'Station Road', 'Court Road', 'Accepted'],
      ['PIN code', '261001', '261002', 'Accept', 'Reject'],
    ]);
    expect(calls[0]).toEqual({ method: 'GET', path: '/admin/suggestions?page=1&pageSize=20' });
  });

  it('decides one field, then the rest at once, and reads the list again after each', async () => {
    const { calls } = show([suggestion('s1')]);
    await userEvent.click(await screen.findByRole('button', { name: 'Reject: PIN code' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Accept all' }));
    await waitFor(() =>
      expect(writes(calls)).toEqual([
        { method: 'POST', path: '/admin/suggestions/s1/decide', body: { decisions: { pin_code: 'reject' } } },
        {
          method: 'POST',
          path: '/admin/suggestions/s1/decide',
          body: { decisions: { whatsapp_no: 'accept', pin_code: 'accept' } },
        },
      ]),
    );
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET')).toHaveLength(3));
  });

  it('shows every open suggestion when asked, and says when none wait', async () => {
    const { calls } = show([]);
    expect(await screen.findByText('No suggested edits waiting')).toBeTruthy();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Listings' }), 'all');
    await waitFor(() =>
      expect(calls.at(-1)).toEqual({ method: 'GET', path: '/admin/suggestions?page=1&pageSize=20&scope=all' }),
    );
  });
});

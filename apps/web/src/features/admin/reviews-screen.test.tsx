// @vitest-environment happy-dom
import type { TAdminReview } from '@chaupal/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ReviewsScreen } from './reviews-screen';
import { type Answer, type Call, renderScreen, rowCells } from './test-kit';

/** The console's Reviews screen: the list by status, and Publish, Remove with a reason, Restore. */
const review = (id: string, over: Partial<TAdminReview> = {}): TAdminReview => ({
  id,
  kind: 'outlet',
  listing: { id: 'o1', slug: 'fresh-mart', title: 'Fresh Mart' },
  reviewer: { id: 'u2', name: 'Asha', email: 'asha@example.com' },
  rating: 4,
  text: 'Fresh vegetables, fair prices.',
  status: 'pending',
  helpful: 0,
  reply: null,
  removedReason: null,
  removedBy: null,
  removedAt: null,
  createdAt: '2026-11-20T04:30:00.000Z',
  editedAt: null,
  ...over,
});

function show(rows: TAdminReview[], write?: (call: Call) => Answer) {
  return renderScreen(<ReviewsScreen />, (call) =>
    call.method === 'GET'
      ? { body: { success: true, data: rows, meta: { page: 1, pageSize: 20, total: rows.length } } }
      : (write?.(call) ?? { body: { success: true, data: rows[0], message: 'Done' } }),
  );
}
/** The screen's table rows, as text. */
const rows = () => rowCells(screen.getByRole('table'));
const writes = (calls: Call[]) => calls.filter((c) => c.method !== 'GET');
const dialog = () => screen.getByRole('dialog');

afterEach(cleanup);

describe('the Reviews screen', () => {
  it('lists each review with its listing, reviewer, stars, text and status, and the actions its status allows', async () => {
    show([
      review('r1'),
      review('r2', { status: 'published', rating: 5, text: '' }),
      review('r3', {
        status: 'removed',
        reviewer: null,
        removedReason: 'Abuse of the owner',
        removedBy: { id: 'a1', name: 'Admin' },
        removedAt: '2026-11-21T04:30:00.000Z',
      }),
    ]);
    await screen.findByText('3 in all');
    expect(rows().map((r) => r.slice(1))).toEqual([
      ['Fresh MartOutlet', 'Ashaasha@example.com', '★★★★☆Fresh vegetables, fair prices.', 'Pending', 'PublishRemove'],
      ['Fresh MartOutlet', 'Ashaasha@example.com', '★★★★★No text', 'Published', 'Remove'],
      [
        'Fresh MartOutlet',
        'Deleted account',
        '★★★★☆Fresh vegetables, fair prices.',
        expect.stringMatching(/^RemovedReason: Abuse of the ownerAdmin, 2026-11-21 /),
        'Restore',
      ],
    ]);
    expect(screen.getAllByRole('img', { name: '4 of 5 stars' })).toHaveLength(2);
    expect(screen.getAllByRole('link', { name: 'Fresh Mart' })[0].getAttribute('href')).toBe('/outlets/fresh-mart');
  });

  it('filters by status through the address, asking the API for that status', async () => {
    const { calls } = show([review('r1')]);
    await screen.findByRole('heading', { level: 1, name: 'Reviews' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'removed');
    await waitFor(() =>
      expect(calls.at(-1)).toEqual({ method: 'GET', path: '/admin/reviews?page=1&pageSize=20&status=removed' }),
    );
    expect(
      within(screen.getByRole('combobox', { name: 'Status' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Status: all', 'Pending', 'Published', 'Removed']);
  });

  it('publishes a pending review and restores a removed one', async () => {
    const { calls } = show([review('r1'), review('r3', { status: 'removed', removedReason: 'Spam' })]);
    await userEvent.click(await screen.findByRole('button', { name: 'Publish the review of Fresh Mart' }));
    await userEvent.click(screen.getByRole('button', { name: 'Restore the review of Fresh Mart' }));
    await waitFor(() =>
      expect(writes(calls)).toEqual([
        { method: 'POST', path: '/admin/reviews/r1/publish' },
        { method: 'POST', path: '/admin/reviews/r3/restore' },
      ]),
    );
  });

  it('removes a review only with a reason: without one it says so and sends nothing', async () => {
    const { calls } = show([review('r2', { status: 'published' })]);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove the review of Fresh Mart' }));
    expect(within(dialog()).getByText(/It leaves “Fresh Mart” and its rating at once/)).toBeTruthy();
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Remove' }));
    const reason = within(dialog()).getByLabelText(/^Reason/);
    expect(reason.closest('.field')?.querySelector('.field-error')?.textContent).toBe('Required');
    expect(writes(calls)).toEqual([]);
    await userEvent.type(reason, 'Abuse of the owner');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(calls)).toEqual([
      { method: 'POST', path: '/admin/reviews/r2/remove', body: { reason: 'Abuse of the owner' } },
    ]);
  });

  it('says when there are no reviews', async () => {
    show([]);
    expect(await screen.findByText('No reviews')).toBeTruthy();
  });
});

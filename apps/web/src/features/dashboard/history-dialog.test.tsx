// @vitest-environment happy-dom
import type { TNews, TRevision, TRevisionDetail, TUser } from '@chaupal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiFetch } from '../../api/client';
import { publicQueries } from '../../api/queries';
import { ServicesProvider } from '../../app/services';
import type { Session } from '../../app/session';
import { formatDateTime } from '../../components/dates';
import HistoryDialog from '../../components/revisions/history-dialog';
import { toastStore } from '../../components/toasts';
import { DashboardCard } from './dashboard-card';

/** A news item's history on its owner's card: the versions, one version's changes, and restoring it. */
const session: Session = { token: 't', user: { id: 'u1', role: 'customer' } as TUser };
const item = {
  id: 'n1',
  slug: 'ward-budget',
  title: 'Ward budget',
  description: '<p>The council met.</p>',
  image: null,
  status: 'active',
  userId: 'u1',
} as unknown as TNews;
const by = { id: 'u1', name: 'Night Desk' };
const revision = (id: string, createdAt: string, fields: string[]): TRevision => ({ id, createdAt, by, fields });
const FIRST = revision('r1', '2026-11-20T04:30:00.000Z', ['title', 'circles', 'blocks', 'content', 'reporter']);
const SECOND = { ...revision('r2', '2026-11-21T05:00:00.000Z', ['content', 'youtube_url']), by: null };
const THIRD = revision('r3', '2026-11-22T06:15:00.000Z', ['title']);
const CHANGES: Record<string, TRevisionDetail['changes']> = {
  r1: [{ field: 'title', before: '', after: 'Ward budget' }],
  r2: [
    { field: 'content', before: 'The council met.', after: 'The council met and passed the budget.' },
    { field: 'youtube_url', before: '', after: 'https://youtu.be/abcdefgh' },
  ],
  r3: [{ field: 'title', before: 'Ward budget draft', after: 'Ward budget' }],
};

interface Call {
  method: string;
  path: string;
}

/** The owner's card over an API holding the three versions; a restore adds a fourth, as the server does. */
function show() {
  const calls: Call[] = [];
  let held = [THIRD, SECOND, FIRST];
  const apiFetch: ApiFetch = async (path, init) => {
    const method = init?.method ?? 'GET';
    calls.push({ method, path });
    let answer: object = { success: true, data: held };
    const one = /^\/revisions\/news\/n1\/(\w+)$/.exec(path);
    if (one) {
      const r = held.find((x) => x.id === one[1]) as TRevision;
      answer = { success: true, data: { ...r, values: {}, changes: CHANGES[r.id] ?? [] } };
    }
    if (method === 'POST') {
      held = [revision('r4', '2026-11-23T07:00:00.000Z', ['content', 'youtube_url']), ...held];
      answer = { success: true, data: { ...item }, message: 'Revision restored' };
    }
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onRestored = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <ServicesProvider value={{ apiFetch, queries: publicQueries(apiFetch), publicUrl: '', siteTz: 'Asia/Kolkata' }}>
        <MemoryRouter>
          <Card onRestored={onRestored} />
        </MemoryRouter>
      </ServicesProvider>
    </QueryClientProvider>,
  );
  return { calls, writes: () => calls.filter((c) => c.method !== 'GET'), onRestored };
}

/** The card as the dashboard draws it, opening the history from its button. */
function Card({ onRestored }: { onRestored(): void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <DashboardCard
        item={item}
        userId="u1"
        onPreview={() => {}}
        onEdit={() => {}}
        onDelete={() => {}}
        onHistory={() => setOpen(true)}
      />
      {open ? (
        <HistoryDialog
          session={session}
          kind="news"
          item={item}
          onClose={() => setOpen(false)}
          onRestored={onRestored}
        />
      ) : null}
    </>
  );
}

const dialog = () => screen.getByRole('dialog');
const when = (iso: string) => formatDateTime(iso, 'Asia/Kolkata');
/** Each version in the list: when, by whom, which fields. */
const versions = () =>
  [...dialog().querySelectorAll('.history-item')].map((b) =>
    [...b.querySelectorAll(':scope > span')].map((s) => s.textContent),
  );
/** The changes table: its header and each row's field, before and after. */
const table = () =>
  [...dialog().querySelectorAll('.history-diff tr')].map((tr) =>
    [...tr.querySelectorAll('th, td')].map((c) => c.textContent),
  );
const toasts = () => toastStore.list().map((t) => t.message);

afterEach(cleanup);

describe('a record’s history on its owner’s card', () => {
  it('opens from the card: every version newest first, when, by whom, and which fields changed', async () => {
    show();
    await userEvent.click(screen.getByRole('button', { name: 'History of Ward budget' }));
    expect(within(dialog()).getByRole('heading', { name: 'History: Ward budget' })).toBeTruthy();
    await waitFor(() => expect(versions()).toHaveLength(3));
    expect(versions()).toEqual([
      [`${when(THIRD.createdAt)}Current`, 'by Night Desk', 'Title'],
      [when(SECOND.createdAt), 'by a deleted account', 'Content, YouTube link'],
      [when(FIRST.createdAt), 'by Night Desk', 'Title, Circles, Localities and 2 more'],
    ]);
    expect(when(THIRD.createdAt)).toBe('2026-11-22 Sunday 11:45 AM');
    // The newest, which the record holds now, is shown first, with nothing to restore.
    await waitFor(() => expect(table()[1]).toEqual(['Title', 'Ward budget draft', 'Ward budget']));
    expect(within(dialog()).getByText('This is the current version.')).toBeTruthy();
    expect(within(dialog()).queryByRole('button', { name: 'Restore this version' })).toBeNull();
  });

  it('shows a chosen version’s changes field by field, an empty value as such', async () => {
    show();
    await userEvent.click(screen.getByRole('button', { name: 'History of Ward budget' }));
    const second = await within(dialog()).findByRole('button', { name: /by a deleted account/ });
    await userEvent.click(second);
    expect(second.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() =>
      expect(table()).toEqual([
        ['Field', 'Before', 'After'],
        ['Content', 'The council met.', 'The council met and passed the budget.'],
        ['YouTube link', '(empty)', 'https://youtu.be/abcdefgh'],
      ]),
    );
    expect(within(dialog()).getByRole('heading', { name: `What changed on ${when(SECOND.createdAt)}` })).toBeTruthy();
  });

  it('restores a version after a confirmation, toasts the server’s message and reads the history again', async () => {
    const { writes, onRestored } = show();
    await userEvent.click(screen.getByRole('button', { name: 'History of Ward budget' }));
    await userEvent.click(await within(dialog()).findByRole('button', { name: /by a deleted account/ }));
    await userEvent.click(await within(dialog()).findByRole('button', { name: 'Restore this version' }));
    expect(within(dialog()).getByRole('alert').textContent).toContain(
      `Restore the version of ${when(SECOND.createdAt)}?`,
    );
    // Cancel leaves everything as it was; the restore waits for "Yes, restore".
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(writes()).toEqual([]);
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Restore this version' }));
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Yes, restore' }));
    await waitFor(() => expect(toasts()).toContain('Revision restored'));
    expect(writes()).toEqual([{ method: 'POST', path: '/revisions/news/n1/r2/restore' }]);
    expect(onRestored).toHaveBeenCalledTimes(1);
    // The restore is the newest version now, and is shown.
    await waitFor(() => expect(versions()).toHaveLength(4));
    expect(versions()[0]).toEqual([
      `${when('2026-11-23T07:00:00.000Z')}Current`,
      'by Night Desk',
      'Content, YouTube link',
    ]);
    await waitFor(() => expect(within(dialog()).getByText('This is the current version.')).toBeTruthy());
  });
});

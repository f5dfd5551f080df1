// @vitest-environment happy-dom
import type { TSuggestion, TUser } from '@chaupal/contract';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiFetch } from '../../api/client';
import { publicQueries } from '../../api/queries';
import { addMessages, LangProvider } from '../../app/i18n';
import { ServicesProvider } from '../../app/services';
import type { Session } from '../../app/session';
import { SuggestionDecisions } from '../../components/suggestions/suggestion-decisions';
import { toastStore } from '../../components/toasts';
import { messages as hindi } from '../../locales/hi/dashboard.json?lingui';
import { messages as hindiPlace } from '../../locales/hi/place.json?lingui';
import { SuggestedEdits } from './suggested-edits';

/** A listing's suggested edits on its owner's card: the count, the panel, and each field decided on its own. */
const suggestion = (id: string, over: Partial<TSuggestion> = {}): TSuggestion => ({
  id,
  kind: 'outlet',
  listing: { id: 'o1', slug: 'fresh-mart', title: 'Fresh Mart' },
  name: 'Asha',
  message: 'The number changed last month.',
  changes: [
    { field: 'call_now', current: '+919876543210', proposed: '+919812345678', decision: 'open' },
    { field: 'pin', current: null, proposed: { latitude: 27.57, longitude: 80.69 }, decision: 'open' },
    { field: 'closed', current: false, proposed: true, decision: 'open' },
  ],
  status: 'open',
  createdAt: '2026-11-20T04:30:00.000Z',
  ...over,
});
const session: Session = { token: 't', user: { id: 'u1', role: 'customer' } as TUser };

interface Call {
  method: string;
  path: string;
  body?: unknown;
}

/**
 * The cards of two listings over an API holding `open`; a decision is answered with the suggestion as `decide` makes
 * it. `status` is the listing's status the owner's list reads after a decision (pending while an edit waits).
 */
function show(open: TSuggestion[], o: { status?: string } = {}) {
  const calls: Call[] = [];
  let mine = open;
  const apiFetch: ApiFetch = async (path, init) => {
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, ...(body ? { body } : {}) });
    let answer: object = { success: true, data: mine };
    const decided = /^\/suggestions\/(\w+)\/decide$/.exec(path);
    if (decided) {
      const s = mine.find((x) => x.id === decided[1]) as TSuggestion;
      const changes = s.changes.map((c) => {
        const d = body.decisions[c.field];
        return d ? { ...c, decision: d === 'accept' ? ('accepted' as const) : ('rejected' as const) } : c;
      });
      const next = {
        ...s,
        changes,
        status: changes.some((c) => c.decision === 'open') ? 'open' : 'done',
      } as TSuggestion;
      mine = mine.map((x) => (x.id === next.id ? next : x)).filter((x) => x.status === 'open');
      answer = { success: true, data: next, message: 'Decision saved' };
    }
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  let reads = 0;
  const listStatus = () => (reads++ ? (o.status ?? 'active') : 'active');
  render(
    <QueryClientProvider client={client}>
      <ServicesProvider value={{ apiFetch, queries: publicQueries(apiFetch), publicUrl: '', siteTz: 'Asia/Kolkata' }}>
        <MemoryRouter>
          <OwnerList status={listStatus} />
          <article aria-label="Fresh Mart">
            <SuggestedEdits session={session} kind="outlet" listing={{ id: 'o1', title: 'Fresh Mart' }} />
          </article>
          <article aria-label="Ganga Store">
            <SuggestedEdits session={session} kind="outlet" listing={{ id: 'o2', title: 'Ganga Store' }} />
          </article>
        </MemoryRouter>
      </ServicesProvider>
    </QueryClientProvider>,
  );
  return { calls, writes: () => calls.filter((c) => c.method !== 'GET') };
}

/** The owner's list of outlets, as the dashboard reads it: read again after an accepted change. */
function OwnerList({ status }: { status: () => string }) {
  useQuery({ queryKey: ['mine', 'outlet', 1, 'u1'], queryFn: () => ({ data: [{ id: 'o1', status: status() }] }) });
  return null;
}

const card = (name: string) => screen.getByRole('article', { name });
const dialog = () => screen.getByRole('dialog');
const toasts = () => toastStore.list().map((t) => t.message);
/** Each change in the panel: its field, the value now, the value proposed, and its decision or buttons. */
const changes = () =>
  [...dialog().querySelectorAll('.suggestion-change')].map((li) =>
    [...li.querySelectorAll('p, dd, .status, button')].map((e) => e.textContent),
  );

afterEach(cleanup);

describe('suggested edits on an owner’s card', () => {
  it('counts a listing’s open suggestions on its card, and shows nothing on a listing without any', async () => {
    const { calls } = show([suggestion('s1'), suggestion('s2', { changes: [suggestion('s2').changes[0]] })]);
    expect((await within(card('Fresh Mart')).findByRole('button')).textContent).toBe('2 suggested edits');
    expect(within(card('Ganga Store')).queryByRole('button')).toBeNull();
    expect(calls.filter((c) => c.path === '/suggestions/mine')).toHaveLength(1);
  });

  it('opens each suggestion: who sent it, their message, and each change now and proposed', async () => {
    show([suggestion('s1')]);
    await userEvent.click(await within(card('Fresh Mart')).findByRole('button', { name: '1 suggested edit' }));
    const panel = await screen.findByRole('article', { name: 'Suggestion from Asha' });
    expect(within(dialog()).getByRole('heading', { name: 'Suggested edits: Fresh Mart' })).toBeTruthy();
    expect(within(panel).getByText('The number changed last month.')).toBeTruthy();
    expect(changes()).toEqual([
      ['Phone', '+919876543210', '+919812345678', 'Accept', 'Reject'],
      ['Map pin', 'Not given', '27.57, 80.69 See on map', 'Accept', 'Reject'],
      ['Permanently closed', 'Open', 'Permanently closed', 'Accept', 'Reject'],
    ]);
    expect(within(panel).getByRole('link', { name: 'See on map' }).getAttribute('href')).toBe(
      'https://www.openstreetmap.org/?mlat=27.57&mlon=80.69#map=18/27.57/80.69',
    );
  });

  it('accepts one field on its own: it is marked, the rest stay open, and the toast says it waits for approval', async () => {
    const { writes } = show([suggestion('s1')], { status: 'pending' });
    await userEvent.click(await within(card('Fresh Mart')).findByRole('button'));
    await userEvent.click(await screen.findByRole('button', { name: 'Accept: Phone' }));
    await waitFor(() => expect(changes()[0]).toEqual(['Phone', '+919876543210', '+919812345678', 'Accepted']));
    expect(writes()).toEqual([
      { method: 'POST', path: '/suggestions/s1/decide', body: { decisions: { call_now: 'accept' } } },
    ]);
    expect(changes()[1].slice(-2)).toEqual(['Accept', 'Reject']);
    await waitFor(() => expect(toasts()).toContain('Your listing will be updated after approval.'));
  });

  it('says the listing was updated when an accepted change needs no approval', async () => {
    show([suggestion('s1')], { status: 'active' });
    await userEvent.click(await within(card('Fresh Mart')).findByRole('button'));
    await userEvent.click(await screen.findByRole('button', { name: 'Accept: Map pin' }));
    await waitFor(() => expect(toasts()).toContain('Your listing was updated.'));
  });

  it('rejects all at once: every open field goes as rejected, and the card’s count goes with the suggestion', async () => {
    const { writes } = show([suggestion('s1')]);
    await userEvent.click(await within(card('Fresh Mart')).findByRole('button'));
    await userEvent.click(await screen.findByRole('button', { name: 'Reject all' }));
    await waitFor(() => expect(changes().map((c) => c.at(-1))).toEqual(['Rejected', 'Rejected', 'Rejected']));
    expect(writes()).toEqual([
      {
        method: 'POST',
        path: '/suggestions/s1/decide',
        body: { decisions: { call_now: 'reject', pin: 'reject', closed: 'reject' } },
      },
    ]);
    expect(toasts()).toContain('Suggestion rejected.');
    expect(screen.queryByRole('button', { name: 'Accept all' })).toBeNull();
    // The card keeps its button while the panel is open (0 left); closing it leaves the card without one.
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(within(card('Fresh Mart')).queryByRole('button')).toBeNull());
  });
});

describe('a suggestion’s decisions in Hindi', () => {
  it('names the fields, the values and the buttons in Hindi', () => {
    addMessages('hi', hindi);
    addMessages('hi', hindiPlace);
    const html = renderToStaticMarkup(
      <LangProvider lang="hi">
        <SuggestionDecisions
          suggestion={suggestion('s1', {
            name: null,
            changes: [
              {
                field: 'opening_hours',
                current: null,
                proposed: { weekly: { mon: [{ open: '09:00', close: '18:00' }] }, exceptions: [] },
                decision: 'open',
              },
              { field: 'closed', current: false, proposed: true, decision: 'open' },
            ],
          })}
          date="20 नवंबर 2026"
          onDecide={async () => {}}
        />
      </LangProvider>,
    );
    for (const text of ['एक आगंतुक', 'खुलने का समय', 'स्थायी रूप से बंद', 'सब स्वीकार करें', 'अस्वीकार करें', 'सोमवार']) {
      expect(html).toContain(text);
    }
  });
});

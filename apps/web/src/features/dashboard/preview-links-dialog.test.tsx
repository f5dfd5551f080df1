// @vitest-environment happy-dom
import type { TNews, TPreviewLink, TUser } from '@chaupal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiFetch } from '../../api/client';
import { publicQueries } from '../../api/queries';
import { addMessages, LangProvider } from '../../app/i18n';
import { ServicesProvider } from '../../app/services';
import type { Session } from '../../app/session';
import { toastStore } from '../../components/toasts';
import { messages as hindi } from '../../locales/hi/dashboard.json?lingui';
import { DashboardCard } from './dashboard-card';
import PreviewLinksDialog from './preview-links-dialog';

/** The owner's "Share preview" dialog: make a link, copy it, see and revoke the record's links. */
const session: Session = { token: 't', user: { id: 'u1', role: 'customer' } as TUser };
const URL_MADE = 'https://chaupal.example/preview/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCdE';
const link = (id: string, over: Partial<TPreviewLink> = {}): TPreviewLink => ({
  id,
  createdAt: '2026-11-20T04:30:00.000Z',
  expiresAt: '2026-11-27T04:30:00.000Z',
  revokedAt: null,
  active: true,
  ...over,
});

interface Call {
  method: string;
  path: string;
  body?: unknown;
}

/** The dialog over an API holding `links` for the record: a new link goes first, a revoked one is marked. */
function show(links: TPreviewLink[], lang: 'en' | 'hi' = 'en') {
  const calls: Call[] = [];
  let held = links;
  const apiFetch: ApiFetch = async (path, init) => {
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, ...(body ? { body } : {}) });
    let answer: object = { success: true, data: held };
    if (method === 'POST') {
      held = [link('new', { createdAt: '2026-11-21T05:00:00.000Z', expiresAt: '2026-12-21T05:00:00.000Z' }), ...held];
      answer = { success: true, data: { id: 'new', url: URL_MADE, expiresAt: held[0].expiresAt } };
    }
    if (method === 'DELETE') {
      const id = path.split('/').pop();
      held = held.map((l) => (l.id === id ? { ...l, active: false, revokedAt: '2026-11-21T06:00:00.000Z' } : l));
      answer = { success: true, message: 'Preview link revoked' };
    }
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <ServicesProvider value={{ apiFetch, queries: publicQueries(apiFetch), publicUrl: '', siteTz: 'Asia/Kolkata' }}>
        <MemoryRouter>
          <LangProvider lang={lang}>
            <PreviewLinksDialog
              session={session}
              kind="news"
              item={{ id: 'n1', title: 'Ward budget' }}
              onClose={onClose}
            />
          </LangProvider>
        </MemoryRouter>
      </ServicesProvider>
    </QueryClientProvider>,
  );
  return { calls, writes: () => calls.filter((c) => c.method !== 'GET'), onClose };
}

const dialog = () => screen.getByRole('dialog');
const rows = () => [...dialog().querySelectorAll('.preview-list li')].map((li) => li.textContent);
const toasts = () => toastStore.list().map((t) => t.message);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the Share preview dialog', () => {
  beforeEach(() => vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: vi.fn(async () => {}) } }));

  it("lists the record's links with when each was made and until when it works, or that it no longer does", async () => {
    const { calls } = show([
      link('a'),
      link('b', { active: false, revokedAt: '2026-11-21T06:00:00.000Z' }),
      link('c', { active: false }),
    ]);
    expect(within(dialog()).getByRole('heading', { name: 'Share a preview: Ward budget' })).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows()).toEqual([
      'Made 2026-11-20 · works until 2026-11-27 Friday 10:00 AMRevoke',
      'Made 2026-11-20 · revoked 2026-11-21 Saturday 11:30 AM',
      'Made 2026-11-20 · expired 2026-11-27 Friday 10:00 AM',
    ]);
    expect(within(dialog()).getAllByRole('button', { name: /^Revoke/ })).toHaveLength(1);
    expect(calls[0]).toEqual({ method: 'GET', path: '/previews?kind=news&id=n1' });
  });

  it('says so when the record has no links yet', async () => {
    show([]);
    expect(await within(dialog()).findByText('No links yet.')).toBeTruthy();
  });

  it('makes a link for the days chosen and shows it once, read-only, with Copy', async () => {
    const { writes } = show([]);
    const days = within(dialog()).getByLabelText('Link works for') as HTMLSelectElement;
    expect([...days.options].map((o) => o.textContent)).toEqual(['1 day', '7 days', '30 days']);
    expect(days.value).toBe('7');
    await userEvent.selectOptions(days, '30');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Create link' }));
    const field = (await within(dialog()).findByLabelText('New link')) as HTMLInputElement;
    expect(field.value).toBe(URL_MADE);
    expect(field.readOnly).toBe(true);
    expect(writes()).toEqual([{ method: 'POST', path: '/previews', body: { kind: 'news', id: 'n1', days: 30 } }]);
    expect(within(dialog()).getByText('Copy it now: the link is shown only once.')).toBeTruthy();
    // The list is read again, with the new link first.
    await waitFor(() => expect(rows()[0]).toContain('works until 2026-12-21'));
    expect(toasts()).toContain('Preview link created');

    await userEvent.click(within(dialog()).getByRole('button', { name: 'Copy' }));
    expect(navigator.clipboard.writeText).toHaveBeenCalledWith(URL_MADE);
    expect(toasts()).toContain('Link copied');
  });

  it('copies by selecting the link where the browser has no clipboard API', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    const execCommand = vi.fn(() => true);
    document.execCommand = execCommand;
    show([]);
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Create link' }));
    const field = (await within(dialog()).findByLabelText('New link')) as HTMLInputElement;
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Copy' }));
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(field.selectionStart).toBe(0);
    expect(field.selectionEnd).toBe(URL_MADE.length);
    expect(toasts()).toContain('Link copied');
  });

  it('revokes a link that still works, and marks it revoked', async () => {
    const { writes } = show([link('a'), link('b')]);
    const revoke = await within(dialog()).findAllByRole('button', {
      name: 'Revoke the link made 2026-11-20 Friday 10:00 AM',
    });
    await userEvent.click(revoke[1]);
    expect(writes()).toEqual([{ method: 'DELETE', path: '/previews/b' }]);
    await waitFor(() => expect(rows()[1]).toBe('Made 2026-11-20 · revoked 2026-11-21 Saturday 11:30 AM'));
    expect(toasts()).toContain('Preview link revoked');
  });

  it('speaks Hindi on a page in Hindi', async () => {
    addMessages('hi', hindi);
    show([link('a')], 'hi');
    expect(await within(dialog()).findByRole('button', { name: 'लिंक बनाएँ' })).toBeTruthy();
    expect(within(dialog()).getByLabelText('लिंक कितने दिन चले')).toBeTruthy();
    await waitFor(() =>
      expect(rows()[0]).toBe('20 नवंबर 2026 को बनाया · 27 नवंबर 2026, शुक्रवार, 10:00 पूर्वाह्न तक चलेगारद्द करें'),
    );
  });
});

describe('Share preview on a dashboard card', () => {
  const card = (status: string, userId = 'owner') =>
    renderToStaticMarkup(
      <DashboardCard
        item={
          {
            id: 'n1',
            slug: 'ward-budget',
            title: 'Ward budget',
            description: '',
            image: null,
            status,
            userId: 'owner',
          } as unknown as TNews
        }
        userId={userId}
        onPreview={() => {}}
        onEdit={() => {}}
        onDelete={() => {}}
        onSharePreview={() => {}}
      />,
    );

  it("is offered on the owner's drafts, pending and held records, never on a public one or someone else's", () => {
    for (const status of ['draft', 'pending', 'hold']) expect(card(status), status).toContain('>Share preview<');
    expect(card('active')).not.toContain('Share preview');
    expect(card('pending', 'someone-else')).not.toContain('Share preview');
  });
});

// @vitest-environment happy-dom
import type { TAdminRecord, TAdminTaxon, TAdminUser, TRole, TUser } from '@chaupal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiFetch } from '../../api/client';
import { publicQueries } from '../../api/queries';
import { ServicesProvider } from '../../app/services';
import { Console } from './admin-page';
import { type Answer, type Call, renderScreen, rowCells } from './test-kit';
import { UsersScreen } from './users-screen';

/** The Editor role in the console (decision 033): an editor's desk, and an admin granting the role. */

const page = <T,>(data: T[]) => ({ success: true, data, meta: { page: 1, pageSize: 20, total: data.length } });
const NEWS: TAdminRecord = {
  kind: 'news',
  id: 'n1',
  slug: 'bridge-reopens',
  title: 'Bridge reopens',
  status: 'pending',
  isPublic: false,
  holdReason: null,
  owner: { id: 'u2', name: 'Aarav', email: 'aarav@example.com', status: 'active' },
  editedSinceApproval: false,
  changes: [],
  createdAt: '2026-11-27T04:00:00.000Z',
  updatedAt: '2026-11-27T04:00:00.000Z',
};

/** The whole console at `path` for an account of `role`, its calls answered by `answer` and recorded. */
function renderConsole(role: TRole, path: string, answer: (call: Call) => Answer) {
  const calls: Call[] = [];
  const apiFetch: ApiFetch = async (p, init) => {
    const call = { method: init?.method ?? 'GET', path: p };
    calls.push(call);
    const { status = 200, body } = answer(call);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
  const session = { token: 't', user: { id: 'e1', name: 'Esha', role } as TUser };
  const router = createMemoryRouter([{ path: '/admin/*', element: <Console session={session} parts={{}} /> }], {
    initialEntries: [path],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ServicesProvider value={{ apiFetch, queries: publicQueries(apiFetch), publicUrl: 'http://x', siteTz: 'UTC' }}>
        <RouterProvider router={router} />
      </ServicesProvider>
    </QueryClientProvider>,
  );
  return { calls, router };
}
const navLinks = () =>
  within(screen.getByRole('navigation', { name: 'Console' }))
    .getAllByRole('link')
    .map((a) => a.textContent);
const records = () => ({ body: page([NEWS]) });

afterEach(cleanup);

describe("an editor's console", () => {
  it('shows the desk alone, the queue and the records, and opens on the queue', async () => {
    const { calls, router } = renderConsole('editor', '/admin', records);
    await screen.findByRole('heading', { level: 1, name: 'Moderation queue' });
    expect(router.state.location.pathname).toBe('/admin/moderation');
    expect(navLinks()).toEqual(['Moderation', 'All records']);
    // The kinds on an editor's desk, and no link to the audit log, which is an admin's.
    const kind = screen.getByRole('combobox', { name: 'Kind' });
    expect([...kind.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['Kind: all', 'News', 'Features']);
    await screen.findByText('Bridge reopens');
    expect(screen.queryByRole('link', { name: 'History' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Approve Bridge reopens' })).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual(['/admin/moderation?page=1&pageSize=20']);
  });

  it('has no screen of an admin’s: users, settings and the dashboard are not there to open', async () => {
    for (const path of ['/admin/users', '/admin/home', '/admin/audit', '/admin/jobs']) {
      const { calls } = renderConsole('editor', path, records);
      await screen.findByText('No such screen.');
      expect([path, calls]).toEqual([path, []]);
      cleanup();
    }
  });

  it('is the whole console for an admin', async () => {
    renderConsole('admin', '/admin/records', records);
    await screen.findByRole('heading', { level: 1, name: 'All records' });
    expect(navLinks()).toEqual(
      expect.arrayContaining(['Dashboard', 'Moderation', 'All records', 'Users', 'Audit log']),
    );
    expect(navLinks().length).toBeGreaterThan(15);
    const kind = screen.getByRole('combobox', { name: 'Kind' });
    expect(kind.querySelectorAll('option').length).toBeGreaterThan(3);
  });
});

describe('granting the Editor role', () => {
  const user = (o: Partial<TAdminUser>): TAdminUser => ({
    id: 'u2',
    name: 'Aarav Sharma',
    email: 'aarav@example.com',
    phone: '+919800000000',
    role: 'customer',
    editorEditions: [],
    status: 'active',
    emailVerified: true,
    phoneVerified: true,
    records: 0,
    signInLockedUntil: null,
    createdAt: '2026-11-01T04:00:00.000Z',
    ...o,
  });
  const edition = (id: string, title: string): TAdminTaxon => ({
    id,
    slug: title.toLowerCase(),
    title,
    description: '',
    image: null,
    status: 'active',
    position: 0,
    metaTitle: '',
    metaDescription: '',
    metaKeywords: '',
    content: '',
    used: 0,
    updatedAt: '2026-11-01T04:00:00.000Z',
  });

  it('makes a customer an editor of the editions chosen, saving through the API, and shows the role', async () => {
    let current = user({});
    const { calls } = renderScreen(<UsersScreen />, (call) => {
      if (call.path.startsWith('/admin/editions'))
        return { body: page([edition('c1', 'City'), edition('r1', 'Rural')]) };
      if (call.method === 'PATCH') {
        current = user({ role: 'editor', editorEditions: ['c1'] });
        return { body: { success: true, data: current, message: 'Updated Successfully' } };
      }
      return { body: page([current]) };
    });
    const table = await screen.findByRole('table');
    await userEvent.click(within(table).getByRole('button', { name: 'Make editor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make Aarav Sharma an editor' });
    expect(within(dialog).getByText('None chosen: every edition')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'City' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PATCH')).toEqual([
        { method: 'PATCH', path: '/admin/users/u2', body: { role: 'editor', editorEditions: ['c1'] } },
      ]),
    );
    await waitFor(() => expect(rowCells(screen.getByRole('table'))[0][1]).toBe('EditorCity'));
    expect(within(screen.getByRole('table')).getByRole('button', { name: 'Editions' })).toBeTruthy();
  });

  it("shows the API's refusal under the editions", async () => {
    renderScreen(<UsersScreen />, (call) => {
      if (call.path.startsWith('/admin/editions')) return { body: page([edition('c1', 'City')]) };
      if (call.method === 'PATCH')
        return {
          status: 400,
          body: {
            success: false,
            error: 'The request has invalid fields.',
            details: [{ parameter: 'editorEditions', errors: ['Unknown edition: c1'] }],
          },
        };
      return { body: page([user({ role: 'editor', editorEditions: [] })]) };
    });
    const table = await screen.findByRole('table');
    expect(rowCells(table)[0][1]).toBe('EditorEvery edition');
    await userEvent.click(within(table).getByRole('button', { name: 'Editions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editions of Aarav Sharma' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'City' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Unknown edition: c1')).toBeTruthy();
  });
});

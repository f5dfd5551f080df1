import type { TUser } from '@chaupal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ApiFetch } from '../../api/client';
import type { Session } from '../../app/session';
import { adminApi } from './admin-api';
import { AdminContext } from './kit';

/** A request a console screen sent: its method, path under the API base, and JSON body. */
export interface Call {
  method: string;
  path: string;
  body?: unknown;
}

/** The API's answer to one call: a status (200 when left out) and a body. */
export type Answer = { status?: number; body: object };

/**
 * Component tests of console screens: one screen inside the console's context, its calls answered by `answer` and
 * recorded in `calls`, and everything from the screen to the request the real code (adminApi, the signed-in handler).
 */
export function renderScreen(screen: ReactNode, answer: (call: Call) => Answer) {
  const calls: Call[] = [];
  const apiFetch: ApiFetch = async (path, init) => {
    const call = {
      method: init?.method ?? 'GET',
      path,
      ...(typeof init?.body === 'string' ? { body: JSON.parse(init.body) } : {}),
    };
    calls.push(call);
    const { status = 200, body } = answer(call);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
  const session: Session = { token: 't', user: { id: 'a1', role: 'admin' } as TUser };
  const value = { api: adminApi(apiFetch, session, () => {}), session, parts: {} };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [{ path: '/admin/*', element: <AdminContext.Provider value={value}>{screen}</AdminContext.Provider> }],
    { initialEntries: ['/admin/screen'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { calls };
}

/** The cells of the body rows of a table (or of the one table in `scope`), as text. */
export const rowCells = (scope: HTMLElement) =>
  within(scope)
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );

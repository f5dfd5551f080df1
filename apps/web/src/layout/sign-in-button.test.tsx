// @vitest-environment happy-dom
import type { TRole, TUser } from '@chaupal/contract';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, saveSession } from '../app/session';
import { SignInButton } from './sign-in-button';

/** The avatar menu's way into the console: Admin for an admin, Editorial desk for an editor (decision 033). */
function openMenu(role: TRole) {
  saveSession('t', { id: 'u1', name: 'Esha', role, emailVerified: true, phoneVerified: true } as TUser);
  render(<RouterProvider router={createMemoryRouter([{ path: '/', element: <SignInButton /> }])} />);
  return userEvent.click(screen.getByRole('button', { name: 'Account of Esha' }));
}
const items = () => screen.getAllByRole('menuitem').map((i) => [i.textContent, i.getAttribute('href')]);

afterEach(() => {
  cleanup();
  clearSession();
});

describe('the account menu', () => {
  it('leads an editor to the console as the editorial desk', async () => {
    await openMenu('editor');
    await screen.findAllByRole('menuitem');
    expect(items()).toContainEqual(['Editorial desk', '/admin']);
    expect(items().map(([text]) => text)).not.toContain('Admin');
  });

  it('leads an admin to the console, and a customer nowhere near it', async () => {
    await openMenu('admin');
    await screen.findAllByRole('menuitem');
    expect(items()).toContainEqual(['Admin', '/admin']);
    cleanup();
    await openMenu('customer');
    await screen.findAllByRole('menuitem');
    expect(items().some(([, href]) => href === '/admin')).toBe(false);
  });
});

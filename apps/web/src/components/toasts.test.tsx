// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addMessages, LangProvider } from '../app/i18n';
import { messages as hindi } from '../locales/hi/shell.json?lingui';
import ToastRegion from './toast-region';
import { dismiss, dismissToast, notify, TOAST_MS, Toasts } from './toasts';

/** The toasts shown, as "tone: text". */
const shown = () =>
  [...document.querySelectorAll('.toast')].map(
    (t) => `${t.classList.contains('toast-error') ? 'error' : 'ok'}: ${t.querySelector('[role]')?.textContent}`,
  );

let ids: number[] = [];
/** `notify` inside act(), remembering the id so the next test starts with no toast. */
const say = (...args: Parameters<typeof notify>) =>
  act(() => {
    ids.push(notify(...args));
  });

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  act(() => {
    for (const id of ids) dismissToast(id);
  });
  ids = [];
  cleanup();
  vi.useRealTimers();
});

describe('toasts', () => {
  it('render in one polite live region at the end of the page, an error as an alert and a success as a status', () => {
    render(<ToastRegion />);
    say('Saved');
    say('Could not save.', { tone: 'error', title: 'Outlet' });
    const region = document.querySelector('.toasts');
    expect(region?.parentElement).toBe(document.body);
    expect(region?.getAttribute('aria-live')).toBe('polite');
    expect(region?.getAttribute('popover')).toBe('manual');
    expect(screen.getByRole('status').textContent).toBe('Saved');
    expect(screen.getByRole('alert').textContent).toBe('Outlet: Could not save.');
  });

  it('let a success go after 5 s and keep an error until it is dismissed', () => {
    render(<ToastRegion />);
    say('Saved');
    say('Could not save.', { tone: 'error' });
    act(() => vi.advanceTimersByTime(TOAST_MS - 1));
    expect(shown()).toEqual(['ok: Saved', 'error: Could not save.']);
    act(() => vi.advanceTimersByTime(1));
    expect(shown()).toEqual(['error: Could not save.']);
    act(() => vi.advanceTimersByTime(60_000));
    expect(shown()).toEqual(['error: Could not save.']);
    // Only the error has a close button, named for what it does.
    const close = screen.getByRole('button', { name: 'Dismiss message' });
    fireEvent.click(close);
    expect(shown()).toEqual([]);
  });

  it('replace the error of an action by the success of its retry, at once', () => {
    render(<ToastRegion />);
    say('Network error', { tone: 'error', key: 'save-outlet' });
    say('Could not send.', { tone: 'error', key: 'contact' });
    expect(shown()).toEqual(['error: Network error', 'error: Could not send.']);
    say('Outlet saved', { key: 'save-outlet' });
    // The other action's error stays.
    expect(shown()).toEqual(['error: Could not send.', 'ok: Outlet saved']);
    act(() => vi.advanceTimersByTime(TOAST_MS));
    expect(shown()).toEqual(['error: Could not send.']);
  });

  it('clear the errors of an action with dismiss(key), and only those', () => {
    render(<ToastRegion />);
    say('Email: Invalid Token', { tone: 'error', key: 'otp-email' });
    say('Phone: Invalid Token', { tone: 'error', key: 'otp-phone' });
    act(() => dismiss('otp-email'));
    expect(shown()).toEqual(['error: Phone: Invalid Token']);
    // Dismissing a key with no toast changes nothing.
    act(() => dismiss('otp-email'));
    expect(shown()).toEqual(['error: Phone: Invalid Token']);
  });

  it('show the same failure twice as one toast, the newer', () => {
    render(<ToastRegion />);
    say('Something went wrong.', { tone: 'error' });
    const first = screen.getByRole('alert');
    say('Something went wrong.', { tone: 'error' });
    expect(shown()).toEqual(['error: Something went wrong.']);
    // A new element, so screen readers read it out again.
    expect(screen.getByRole('alert')).not.toBe(first);
    // A success with the same words is another toast.
    say('Something went wrong.');
    expect(shown()).toEqual(['error: Something went wrong.', 'ok: Something went wrong.']);
  });

  it('keep a replaced success from taking its successor with it when its time is up', () => {
    render(<ToastRegion />);
    say('Code sent', { key: 'otp' });
    act(() => vi.advanceTimersByTime(TOAST_MS - 1000));
    say('Code sent again', { key: 'otp' });
    act(() => vi.advanceTimersByTime(1000));
    expect(shown()).toEqual(['ok: Code sent again']);
    act(() => vi.advanceTimersByTime(TOAST_MS - 1000));
    expect(shown()).toEqual([]);
  });

  it('name the close button in Hindi on a Hindi page', () => {
    addMessages('hi', hindi);
    render(
      <LangProvider lang="hi">
        <ToastRegion />
      </LangProvider>,
    );
    say('त्रुटि', { tone: 'error' });
    expect(screen.getByRole('button', { name: 'संदेश हटाएँ' })).toBeTruthy();
  });

  it('render nothing on the server, and their region in the browser once its chunk has come', async () => {
    vi.useRealTimers();
    say('Saved before the region came');
    expect(renderToString(<Toasts />)).toBe('');
    const { unmount } = render(<Toasts />);
    await waitFor(() => expect(shown()).toEqual(['ok: Saved before the region came']));
    expect(document.querySelectorAll('.toasts')).toHaveLength(1);
    unmount();
    expect(document.querySelectorAll('.toasts')).toHaveLength(0);
  });
});

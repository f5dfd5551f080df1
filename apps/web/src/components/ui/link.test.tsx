// @vitest-environment happy-dom
import { act, cleanup, createEvent, fireEvent, render, screen } from '@testing-library/react';
import { createBrowserRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Link, LinkFollower } from './link';

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

function Links() {
  return (
    <>
      <Where />
      <Link to="/b">To B</Link>
      <Link to="?page=2">Page two</Link>
      <Link to="/list">This list</Link>
      <Link to="/b" target="_blank">
        B elsewhere
      </Link>
      <Link to="/b" onClick={(e) => e.preventDefault()}>
        Taken
      </Link>
      <Link to="https://example.org/b">Another site</Link>
    </>
  );
}

function show() {
  const router = createBrowserRouter([
    {
      element: (
        <LinkFollower>
          <Outlet />
        </LinkFollower>
      ),
      children: [
        { path: '/list', element: <Links /> },
        { path: '/b', element: <Where /> },
      ],
    },
  ]);
  render(<RouterProvider router={router} />);
  return router;
}

/**
 * Clicks a link as a reader would, and says whether the app took the click. The browser's own following of a click the
 * app left is stopped last, on the window: there is no server here to load the page from.
 */
function click(name: string, init: MouseEventInit = {}) {
  const link = screen.getByRole('link', { name });
  let taken: boolean | undefined;
  const last = (event: Event) => {
    taken = event.defaultPrevented;
    event.preventDefault();
  };
  window.addEventListener('click', last, { once: true });
  act(() => {
    fireEvent(link, createEvent.click(link, { button: 0, ...init }));
  });
  return taken;
}

beforeEach(() => window.history.replaceState(null, '', '/list'));
afterEach(cleanup);

describe('an in-app link', () => {
  it('is a plain anchor with its address as written', () => {
    show();
    expect(screen.getByRole('link', { name: 'To B' }).getAttribute('href')).toBe('/b');
    expect(screen.getByRole('link', { name: 'Page two' }).getAttribute('href')).toBe('?page=2');
  });

  it('goes to its page in the app on a plain click, adding it to the history', () => {
    show();
    const before = window.history.length;
    expect(click('To B')).toBe(true);
    expect(screen.getByTestId('where').textContent).toBe('/b');
    expect(window.location.pathname).toBe('/b');
    expect(window.history.length).toBe(before + 1);
  });

  it("reads a query-only address as this page's", () => {
    show();
    expect(click('Page two')).toBe(true);
    expect(screen.getByTestId('where').textContent).toBe('/list?page=2');
  });

  it('replaces the history entry when it links to the page already shown', () => {
    show();
    const before = window.history.length;
    expect(click('This list')).toBe(true);
    expect(window.history.length).toBe(before);
  });

  it("leaves the click to the browser with a modifier key, another window, another site, or a handler's own", () => {
    show();
    for (const key of ['ctrlKey', 'metaKey', 'shiftKey', 'altKey']) expect(click('To B', { [key]: true })).toBe(false);
    expect(click('To B', { button: 1 })).toBe(false);
    expect(click('B elsewhere')).toBe(false);
    expect(click('Another site')).toBe(false);
    expect(click('Taken')).toBe(true);
    expect(screen.getByTestId('where').textContent).toBe('/list');
  });
});

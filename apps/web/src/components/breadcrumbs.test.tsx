// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { addMessages, translate } from '../app/i18n';
import { messages } from '../locales/en/content.json?lingui';
import { messages as hindi } from '../locales/hi/content.json?lingui';
import { Breadcrumbs, breadcrumbLd } from './breadcrumbs';
import { detailTrail, indexTrail, listTrail } from './content/areas';

const t = translate(messages, 'en');

afterEach(cleanup);

function show(trail: ReturnType<typeof detailTrail>) {
  const router = createMemoryRouter([{ path: '*', element: <Breadcrumbs trail={trail} /> }]);
  render(<RouterProvider router={router} />);
  return screen.getByRole('navigation', { name: 'Breadcrumb' });
}

const doctors = { title: 'Doctors', slug: 'doctors' };
const mehta = { title: 'Dr. Mehta', slug: 'dr-mehta' };

describe('breadcrumbs', () => {
  it('lead from Home through the index and the parent to the record, as an ordered list', () => {
    const nav = show(detailTrail('expert', doctors, mehta, t));
    const items = within(nav).getAllByRole('listitem');
    expect(nav.querySelector('ol')).not.toBeNull();
    expect(items.map((i) => i.textContent)).toEqual(['Home', 'Services & Experts', 'Doctors', 'Dr. Mehta']);
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/', '/services', '/service/doctors']);
  });

  it('mark the page itself as current, and do not link it', () => {
    const nav = show(detailTrail('news', { title: 'City', slug: 'city' }, { title: 'Fair opens', slug: 'fair' }, t));
    const current = nav.querySelector('[aria-current="page"]');
    expect(current?.textContent).toBe('Fair opens');
    expect(current?.closest('a')).toBeNull();
    expect(nav.querySelectorAll('[aria-current]')).toHaveLength(1);
  });

  it('say exactly what the BreadcrumbList JSON-LD says, in the same order', () => {
    for (const trail of [
      indexTrail('categories', t),
      listTrail('outlet', { title: 'Grocery', slug: 'grocery' }, t),
      detailTrail('feature', { title: 'Food', slug: 'food' }, { title: 'Best chaat', slug: 'best-chaat' }, t),
      detailTrail('expert', null, mehta, t),
    ]) {
      const nav = show(trail);
      const ld = breadcrumbLd(trail, 'https://chaupal.example');
      const items = within(nav).getAllByRole('listitem');
      expect(ld.itemListElement.map((i) => i.name)).toEqual(items.map((i) => i.textContent));
      expect(ld.itemListElement.map((i) => i.position)).toEqual(items.map((_, n) => n + 1));
      expect(ld.itemListElement.map((i) => i.item)).toEqual(trail.map((c) => `https://chaupal.example${c.path}`));
      // The visible links go where the JSON-LD's items are.
      const links = within(nav)
        .getAllByRole('link')
        .map((a) => `https://chaupal.example${a.getAttribute('href')}`);
      expect(ld.itemListElement.slice(0, -1).map((i) => i.item)).toEqual(links);
      cleanup();
    }
  });

  it('go straight from the index to a record that has no parent', () => {
    expect(detailTrail('expert', null, mehta, t).map((c) => c.name)).toEqual([
      'Home',
      'Services & Experts',
      'Dr. Mehta',
    ]);
  });

  it('name the steps in Hindi on a Hindi page, the records by their own titles', () => {
    addMessages('hi', hindi);
    const trail = detailTrail('outlet', { title: 'Grocery', slug: 'grocery' }, mehta, translate(messages, 'hi'));
    expect(trail.map((c) => c.name)).toEqual(['होम', 'उत्पाद और दुकानें', 'Grocery', 'Dr. Mehta']);
  });
});

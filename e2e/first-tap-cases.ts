import type { Page } from 'playwright-core';
import type { TapCase } from './first-tap';

/** Where the cases tap: a service with experts and a pinned outlet of the demo town. */
export interface TapPlaces {
  /** A service's slug (its experts' list). */
  service: string;
  /** An outlet with a pin on the map. */
  outlet: string;
  /** A word that the site's search suggests records for. */
  word: string;
  /** A circle with listed experts, by name. */
  circle: string;
}

/** Marks the moment of an input the page itself does not see as a touch (a choice in the phone's own picker). */
const markInput = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { __firstTapInput(at: number): void }).__firstTapInput(
      performance.timeOrigin + performance.now(),
    ),
  );

/** True once an element matching `selector` is rendered with a size (not hidden, not collapsed). */
const shows = (selector: string) =>
  `(() => { const e = document.querySelector(${JSON.stringify(selector)}); if (!e || !e.checkVisibility({ visibilityProperty: true })) return false; const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; })()`;

const openDrawer = async (page: Page) => {
  await page.getByRole('button', { name: 'Open the menu' }).tap();
  await page.locator('.nav-drawer').waitFor({ state: 'visible' });
};

/** The controls a new visitor taps first, each with the effect a person waits for. */
export function tapCases(at: TapPlaces): TapCase[] {
  const list = `/service/${at.service}`;
  return [
    {
      name: 'the home alert’s OK',
      path: '/',
      effect: 'in place',
      act: (page) => page.locator('#site-alert').getByRole('button', { name: 'OK', exact: true }).tap(),
      visible: `!document.querySelector('#site-alert[open]')`,
    },
    {
      name: '☰ (the drawer)',
      path: list,
      effect: 'in place',
      act: (page) => page.getByRole('button', { name: 'Open the menu' }).tap(),
      visible: shows('.nav-drawer'),
    },
    {
      name: 'typing in the search box (suggestions)',
      path: list,
      effect: 'in place',
      act: async (page) => {
        await openDrawer(page);
        const box = page.locator('.drawer-search input');
        await box.tap();
        // The words arrive at once (as a phone's keyboard suggestion does); the time runs from then.
        await markInput(page);
        await box.fill(at.word);
      },
      visible: shows('.drawer-search [role=option]'),
    },
    {
      name: 'Sort (Newest)',
      path: list,
      effect: 'new page',
      act: async (page) => {
        const sort = page.getByLabel('Sort');
        await sort.tap();
        await markInput(page);
        await sort.selectOption('newest');
      },
      url: /[?&]sort=newest/,
      visible: `document.readyState !== 'loading' && /[?&]sort=newest/.test(location.search) && !!document.querySelector('main .card')`,
    },
    {
      name: 'Circle filter',
      path: list,
      effect: 'new page',
      act: async (page) => {
        const circle = page.getByLabel('Circle');
        await circle.tap();
        await markInput(page);
        await circle.selectOption(at.circle);
      },
      url: /circleName=/,
      visible: `document.readyState !== 'loading' && /circleName=/.test(location.search) && !!document.querySelector('main .card')`,
    },
    {
      name: 'Show map',
      path: `/outlets/${at.outlet}`,
      effect: 'in place',
      act: (page) => page.getByRole('button', { name: 'Show map' }).or(page.getByText('Show map')).first().tap(),
      visible: shows('.place-map'),
    },
    {
      name: 'Report this listing',
      path: `/outlets/${at.outlet}`,
      effect: 'in place',
      act: (page) => page.getByText('Report this listing').tap(),
      visible: shows('.report-reasons'),
    },
    {
      name: 'Write a review',
      path: `/outlets/${at.outlet}`,
      effect: 'new page',
      act: (page) => page.getByRole('region', { name: 'Reviews' }).getByRole('link', { name: 'Write a review' }).tap(),
      url: /\/review$/,
      visible: `document.readyState !== 'loading' && location.pathname.endsWith('/review') && !!document.querySelector('main h1')`,
    },
    {
      name: 'Sign in',
      path: list,
      effect: 'in place',
      act: async (page) => {
        await openDrawer(page);
        await page.locator('.nav-drawer').getByRole('button', { name: 'Sign in' }).tap();
      },
      // The dialog opens at once; its form comes with the app (docs/performance.md gives both times).
      visible: shows('#auth-dialog[open]'),
    },
    {
      name: 'the contact form’s empty Submit',
      path: '/contact',
      effect: 'in place',
      act: (page) => page.locator('.contact-form').getByRole('button', { name: 'Submit' }).tap(),
      visible: shows('.contact-form .field-error'),
    },
    {
      name: 'the language switch',
      path: list,
      effect: 'new page',
      act: async (page) => {
        await openDrawer(page);
        await page.locator('.nav-drawer').getByRole('link', { name: /हिन्दी/ }).tap();
      },
      url: /lang=hi/,
      visible: `document.documentElement.lang === 'hi' && !!document.querySelector('main .card')`,
    },
  ];
}

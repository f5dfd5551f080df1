import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, axe, describeViolations, SHOTS, useBrowser } from './browser';
import { busiestParent } from './data';

const s = useBrowser('visitor-places');
const WIDTHS = [375, 1280];

/** A pinned outlet of the demo town. */
async function pinnedOutlet() {
  const outlets = await api<{ data: { slug: string; title: string; latitude: number | null }[] }>(
    s.baseUrl,
    '/outlets/view?pageSize=100',
  );
  const outlet = outlets.data.find((o) => o.latitude !== null);
  if (!outlet) throw new Error('the demo town has no pinned outlet');
  return outlet;
}

const phone = (width: number) => width < 800;

async function pageAt(width: number, options: Parameters<typeof s.newPage>[0] = {}): Promise<Page> {
  return s.newPage({
    viewport: { width, height: phone(width) ? 740 : 900 },
    hasTouch: phone(width),
    isMobile: phone(width),
    ...options,
  });
}

/** A tap on a phone, a click elsewhere. */
const press = (width: number, target: ReturnType<Page['locator']>) => (phone(width) ? target.tap() : target.click());

const tileRequest = (p: { kind: string; text: string }) =>
  (p.kind === 'external request' || p.kind === 'requestfailed' || p.kind === 'console') &&
  /\/\d+\/\d+\/\d+\.png|ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(p.text);

describe.each(WIDTHS)('a visitor at %i px', (width) => {
  it('is told "Nothing within 50 km of you" when Near me finds nothing around them', async () => {
    const service = await busiestParent(s.baseUrl, 'experts');
    // In the Atlantic Ocean: no listing of the town is within 50 km.
    const page = await pageAt(width, { geolocation: { latitude: 0, longitude: -30 }, permissions: ['geolocation'] });
    await page.goto(s.url(`/service/${service.slug}`));
    await page.getByLabel('Sort').selectOption('near');
    await page.waitForURL(/sort=near&lat=0&lng=-30/);
    const empty = page.getByText('Nothing within 50 km of you', { exact: true });
    await empty.waitFor();
    expect(await page.locator('main .card').count()).toBe(0);
    expect(describeViolations(await axe(page))).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/visitor-places-near-empty-${width}.png` });
    s.expectNoErrors();
  });

  it('sees a map whose tiles cannot load say so in its box', async () => {
    const outlet = await pinnedOutlet();
    const page = await pageAt(width);
    // The tiles' server cannot be reached (a tile's address ends in /{z}/{x}/{y}.png).
    await page.route(/\/\d+\/\d+\/\d+\.png$/, (r) => r.abort('internetdisconnected'));
    await page.goto(s.url(`/outlets/${outlet.slug}`));
    const toggle = page.locator('summary', { hasText: 'Show map' });
    await toggle.scrollIntoViewIfNeeded();
    await press(width, toggle);
    const map = page.getByRole('region', { name: `Map of ${outlet.title}` });
    await map.getByRole('status').filter({ hasText: 'The map could not load right now. Try again later.' }).waitFor();
    expect(await page.locator('summary', { hasText: 'Hide map' }).isVisible()).toBe(true);
    expect(describeViolations(await axe(page))).toEqual([]);
    await map.screenshot({ path: `${SHOTS}/visitor-places-map-failed-${width}.png` });
    s.expectNoErrors(tileRequest);
  });

  it('keeps the words in the header search on Escape with no list open', async () => {
    const page = await pageAt(width);
    await page.goto(s.url('/services'));
    if (phone(width)) await press(width, page.getByRole('button', { name: 'Open the menu' }));
    const shown = page.getByRole('combobox', { name: 'Search the site' }).filter({ visible: true });
    // The box itself, which stays the same element when the drawer it stands in closes.
    const box = page.locator(`[id="${await shown.getAttribute('id')}"]`);
    await press(width, box);
    await box.pressSequentially('doct');
    const list = page.getByRole('listbox', { name: 'Suggestions' });
    await list.getByRole('option').first().waitFor();
    await box.press('Escape');
    await list.waitFor({ state: 'hidden' });
    expect(await box.inputValue()).toBe('doct');
    // A second Escape (no list open) keeps the words; in the drawer it closes the drawer.
    await box.press('Escape');
    expect(await box.inputValue()).toBe('doct');
    if (phone(width)) await page.locator('dialog.drawer').waitFor({ state: 'hidden' });
    else expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(describeViolations(await axe(page))).toEqual([]);
    s.expectNoErrors();
  });
});

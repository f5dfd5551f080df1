import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, axe, describeViolations, dismissAlert, open, useBrowser, waitForHydration } from './browser';
import { adminSignsInFromHeader } from './people';

/**
 * Search as the town's residents ask, from the header's box (the drawer's on a phone) to the record: a name in
 * Devanagari, and what + where; then a search that finds nothing, which the console's "Searches" lists for the admin.
 */
const s = useBrowser('search-words');

interface Hit {
  kind: string;
  title: string;
  url: string;
}
const search = (q: string) =>
  api<{ data: Hit[]; meta: { total: number } }>(s.baseUrl, `/search?q=${encodeURIComponent(q)}&pageSize=10`);
const hitTitles = (page: Page) => page.locator('.search-hit h2').allTextContents();

/** Types the words into the header's box (in the drawer on a phone) and sends them with Enter: the results page. */
async function searchFromHeader(page: Page, words: string, phone: boolean) {
  await waitForHydration(page);
  if (phone) await page.getByRole('button', { name: 'Open the menu' }).click();
  const box = page.locator(phone ? 'dialog' : 'header').getByRole('combobox', { name: 'Search the site' });
  await box.fill(words);
  await Promise.all([page.waitForURL((u) => u.pathname === '/search'), box.press('Enter')]);
  await page.locator('.search-hit h2').first().waitFor();
}

async function expectNoAxeViolations(page: Page, what: string) {
  expect(describeViolations(await axe(page)), what).toEqual([]);
}

describe('search as the town asks', () => {
  for (const viewport of [
    { width: 375, height: 812 },
    { width: 1280, height: 900 },
  ]) {
    const phone = viewport.width < 600;

    it(`takes a Devanagari name from the header box to the record at ${viewport.width} px`, async () => {
      const page = await s.newPage({ viewport });
      await open(page, s.url('/'));
      await dismissAlert(page);
      const expected = await search('शर्मा');
      expect(expected.data[0].title).toBe('Sharma & Associates, Advocates');
      await searchFromHeader(page, 'शर्मा', phone);
      expect(new URL(page.url()).searchParams.get('q')).toBe('शर्मा');
      await expect.poll(() => hitTitles(page), { timeout: 10_000 }).toEqual(expected.data.map((h) => h.title));
      await expectNoAxeViolations(page, '/search?q=शर्मा');
      await Promise.all([
        page.waitForURL((u) => u.pathname === expected.data[0].url),
        page.locator('.search-hit h2 a').first().click(),
      ]);
      await page.locator('main h1').filter({ hasText: 'Sharma & Associates' }).waitFor();
      s.expectNoErrors();
      await page.close();
    });

    it(`takes what + where to the place's records first at ${viewport.width} px`, async () => {
      const page = await s.newPage({ viewport });
      await open(page, s.url('/'));
      await dismissAlert(page);
      const words = 'lawyer railway colony';
      const expected = await search(words);
      // The lawyers of Railway Colony, not the Lawyers service, come first.
      expect(expected.data[0].kind).toBe('expert');
      await searchFromHeader(page, words, phone);
      await expect.poll(() => hitTitles(page), { timeout: 10_000 }).toEqual(expected.data.map((h) => h.title));
      await expectNoAxeViolations(page, `/search?q=${words}`);
      await Promise.all([
        page.waitForURL((u) => u.pathname === expected.data[0].url),
        page.locator('.search-hit h2 a').first().click(),
      ]);
      await page
        .locator('main h1')
        .filter({ hasText: expected.data[0].title.split(' — ')[0] })
        .waitFor();
      await expect(page.locator('main').textContent()).resolves.toContain('Railway Colony');
      s.expectNoErrors();
      await page.close();
    });
  }

  it('lists a search that found nothing in the console’s searches with no results', async () => {
    const page = await s.newPage({ viewport: { width: 1280, height: 900 } });
    const words = `zorbing arena ${Date.now().toString(36)}`;
    await open(page, s.url('/'));
    await dismissAlert(page);
    await waitForHydration(page);
    const box = page.locator('header').getByRole('combobox', { name: 'Search the site' });
    await box.fill(words);
    await Promise.all([page.waitForURL((u) => u.pathname === '/search'), box.press('Enter')]);
    await page.getByText('No results').first().waitFor();

    // The admin signs in and opens Searches from the console's menu.
    await adminSignsInFromHeader(page);
    await open(page, s.url('/admin'));
    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Searches', exact: true })
      .click();
    const none = page.getByRole('region', { name: 'Searches with no results' });
    await none.waitFor();
    const row = none.getByRole('row').filter({ hasText: words });
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    expect(await row.getByRole('cell').allTextContents()).toEqual([words, '1', today]);
    await expectNoAxeViolations(page, '/admin/searches');
    await page.screenshot({ path: '/tmp/e2e-shots/admin-searches-1280.png', fullPage: true });
    s.expectNoErrors();
    await page.close();
  });
});

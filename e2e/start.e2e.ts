import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cards, useBrowser } from './browser';
import { busiestParent, searchWord, taxa } from './data';

const s = useBrowser('start');

/** React keeps its fiber on the nodes it hydrated. */
const hydrated = (page: Page) =>
  page.evaluate(() => Object.keys(document.querySelector('main') ?? {}).some((k) => k.startsWith('__reactFiber$')));

/**
 * Loads a page without touching it and lists the app's scripts it fetched. `wifi`: the browser says the link is Wi-Fi
 * (`navigator.connection.type`, as Chromium on Android reports it), where the scripts are fetched into the cache after the
 * load event (decision 018); otherwise none is fetched before the visitor's intent.
 */
async function arrive(page: Page, path: string, link: { wifi: boolean }) {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/assets/') && r.url().endsWith('.js')) scripts.push(r.url());
  });
  // Desktop Chromium does not expose the link's type, which Chromium on Android does: give the page Android's answer.
  if (link.wifi)
    await page.addInitScript(() =>
      Object.defineProperty(navigator, 'connection', { value: { type: 'wifi', saveData: false }, configurable: true }),
    );
  await page.goto(s.url(path), { waitUntil: 'load' });
  expect(await page.evaluate(() => (navigator as { connection?: { type?: string } }).connection?.type)).toBe(
    link.wifi ? 'wifi' : undefined,
  );
  if (link.wifi) await expect.poll(() => scripts.length, { timeout: 5_000 }).toBeGreaterThan(0);
  else await page.waitForTimeout(1_000);
  await page.waitForTimeout(300);
  return scripts;
}

/**
 * Decision 012: a public page reads as HTML and starts its app at the visitor's first sign of intent; what the
 * visitor does before the app runs is not lost.
 */
describe('the app starts at the visitor’s intent', () => {
  it('at 375 px a reader who does not touch the page runs no app, and the menu opens without it', async () => {
    const page = await s.newPage({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });
    const [service] = await taxa(s.baseUrl, 'experts');
    // A link the browser does not call Wi-Fi: not one script is downloaded while the visitor only reads.
    expect(await arrive(page, `/service/${service.slug}`, { wifi: false })).toEqual([]);
    expect(await hydrated(page)).toBe(false);
    expect(await cards(page, '/experts/')).not.toEqual([]);

    // The menu is a dialog the page opens by itself (`commandfor`): the first tap opens it, and fetches no app.
    const requested: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/assets/') && r.url().endsWith('.js')) requested.push(r.url());
    });
    await page.getByRole('button', { name: 'Open the menu' }).tap();
    const drawer = page.getByRole('dialog', { name: /Chaupal|Devgarh/ });
    await expect.poll(() => drawer.isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
    // A tap on a link of the drawer goes there as HTML; a tap on Sign in (which needs the app) starts it.
    expect(requested).toEqual([]);
    expect(await hydrated(page)).toBe(false);
    await drawer.getByRole('button', { name: 'Sign in', exact: true }).tap();
    await expect.poll(() => hydrated(page), { timeout: 10_000 }).toBe(true);
    await page.getByRole('dialog', { name: 'Signin' }).waitFor();
    s.expectNoErrors();
  });

  it('at 375 px the home page’s alert opens without the app, and the focus it takes starts none', async () => {
    const page = await s.newPage({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });
    expect(await arrive(page, '/', { wifi: false })).toEqual([]);
    const alert = page.locator('dialog[open]');
    expect(await alert.evaluate((d) => d.id === 'site-alert' && d.contains(document.activeElement))).toBe(true);
    expect(await hydrated(page)).toBe(false);
    // Its OK closes it without the app (`method="dialog"`).
    await alert.getByRole('button', { name: 'OK', exact: true }).tap();
    expect(await page.locator('dialog[open]').count()).toBe(0);
    s.expectNoErrors();
  });

  it('at 1280 px words typed into a list’s search box before the app runs narrow the list once it does', async () => {
    const page = await s.newPage({ viewport: { width: 1280, height: 800 } });
    const best = await busiestParent(s.baseUrl, 'experts');
    // On Wi-Fi the scripts come into the cache after the load event: fetched, not run.
    const scripts = await arrive(page, `/service/${best.slug}`, { wifi: true });
    expect(scripts.some((u) => /\/entry-client-[\w-]+\.js$/.test(u))).toBe(true);
    expect(await hydrated(page)).toBe(false);
    const before = await cards(page, '/experts/');
    const { word, total } = await searchWord(
      s.baseUrl,
      'experts',
      best.id,
      before.map((c) => c.title),
    );
    // Typed straight into the server's HTML: the focus starts the app while the keys land in the box.
    const box = page.locator('main').getByRole('searchbox').first();
    await box.pressSequentially(word, { delay: 0 });
    await expect
      .poll(
        async () => {
          const after = await cards(page, '/experts/');
          return after.length === total && after.every((c) => c.title.toLowerCase().includes(word.toLowerCase()))
            ? 'ok'
            : after.map((c) => c.title);
        },
        { timeout: 10_000 },
      )
      .toBe('ok');
    expect(await box.inputValue()).toBe(word);
    expect(new URL(page.url()).searchParams.get('q')).toBe(word);
    s.expectNoErrors();
  });
});

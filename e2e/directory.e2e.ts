import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cards, chooseOption, open, useBrowser } from './browser';
import { type Area, busiestParent, type Content, type FilterPath, filterPath, searchWord } from './data';

const s = useBrowser('directory');

const PAGE_SIZE = 12;
const hrefs = async (page: Page, base: string) => (await cards(page, base)).map((c) => c.href).sort();
const slugsOf = (items: Content[], base: string) => items.map((i) => `${base}${i.slug}`);

/** Waits until the grid shows exactly the first page of `expected` (in any order). */
async function expectGrid(page: Page, base: string, expected: Content[], what: string) {
  const allowed = new Set(slugsOf(expected, base));
  const size = Math.min(expected.length, PAGE_SIZE);
  await expect
    .poll(
      async () => {
        const shown = await hrefs(page, base);
        return shown.length === size && shown.every((h) => allowed.has(h)) ? 'ok' : shown;
      },
      { timeout: 10_000, message: `${what}: ${size} cards out of ${[...allowed].join(', ')}` },
    )
    .toBe('ok');
}

/** Clicks the card titled `title` inside main and waits for `path`. */
async function clickCard(page: Page, title: string, path: string) {
  const link = page.locator('main').getByRole('link', { name: title, exact: true }).first();
  await Promise.all([page.waitForURL((u) => decodeURIComponent(u.pathname) === path), link.click()]);
}

interface Journey {
  area: Extract<Area, 'experts' | 'outlets'>;
  index: string;
  listBase: string;
  detailBase: string;
  related: string;
  noRelated: string;
  circleInPath: boolean;
}

async function filterJourney(j: Journey) {
  const page = s.page;
  const path: FilterPath = await filterPath(s.baseUrl, j.area);
  const { taxon, circle, block } = path;

  await open(page, s.url(j.index));
  await clickCard(page, taxon.title, `${j.listBase}${taxon.slug}`);
  await page.locator('main').getByRole('heading', { level: 1, name: taxon.title }).waitFor();
  await expectGrid(page, j.detailBase, path.all, `${j.listBase}${taxon.slug}`);
  const before = await hrefs(page, j.detailBase);

  await chooseOption(page, 'Circle', circle.name);
  const circlePath = `${j.listBase}${taxon.slug}${j.circleInPath ? `/${circle.name}` : ''}`;
  await page.waitForURL(
    (u) => u.searchParams.get('circleName') === circle.name && decodeURIComponent(u.pathname) === circlePath,
    { timeout: 10_000 },
  );
  await expectGrid(page, j.detailBase, path.inCircle, `Circle ${circle.name}`);
  expect(await hrefs(page, j.detailBase), 'the cards changed with the circle').not.toEqual(before);

  await chooseOption(page, 'Locality', block.name);
  await page.waitForURL(
    (u) =>
      u.searchParams.get('blockName') === block.name &&
      u.searchParams.get('circleName') === circle.name &&
      decodeURIComponent(u.pathname) === circlePath,
    { timeout: 10_000 },
  );
  await expectGrid(page, j.detailBase, path.inBlock, `Locality ${block.name}`);

  // Open one with a WhatsApp number when the filtered list has one.
  const shown = new Set(await hrefs(page, j.detailBase));
  const candidates = path.inBlock.filter((i) => shown.has(`${j.detailBase}${i.slug}`));
  const item = candidates.find((i) => i.whatsapp_no) ?? candidates[0];
  await clickCard(page, item.title, `${j.detailBase}${item.slug}`);
  const main = page.locator('main');
  await main.getByRole('heading', { level: 1, name: item.title, exact: true }).waitFor();

  const call = main.getByRole('link', { name: 'Call Us', exact: true }).first();
  expect(await call.getAttribute('href')).toMatch(/^tel:\+?\d{10,}$/);
  // The record's own links: the related cards below carry their own WhatsApp buttons.
  const whatsapp = main.locator('.detail article').getByRole('link', { name: 'WhatsApp', exact: true });
  if (item.whatsapp_no) {
    expect(await whatsapp.first().getAttribute('href')).toMatch(/^https:\/\/wa\.me\/\d{10,}/);
  } else {
    expect(await whatsapp.count(), 'no WhatsApp link without a number').toBe(0);
  }
  await main.getByRole('heading', { name: j.related, exact: true }).waitFor();
  const related = await cards(page, j.detailBase);
  const others = related.filter((c) => c.href !== `${j.detailBase}${item.slug}`);
  if (!others.length) await main.getByText(j.noRelated, { exact: true }).waitFor();
  expect(
    related.map((c) => c.href),
    'related cards exclude the record itself',
  ).not.toContain(`${j.detailBase}${item.slug}`);
}

describe('directory', () => {
  it('services → a service → Circle → Locality → an expert', async () => {
    await filterJourney({
      area: 'experts',
      index: '/services',
      listBase: '/service/',
      detailBase: '/experts/',
      related: 'Related Experts',
      noRelated: 'No Related Experts!!',
      circleInPath: false,
    });
    s.expectNoErrors();
  });

  it('categories → a category → Circle → Locality → an outlet', async () => {
    await filterJourney({
      area: 'outlets',
      index: '/categories',
      listBase: '/category/',
      detailBase: '/outlets/',
      related: 'Related Outlets',
      noRelated: 'No Related Outlets!!',
      circleInPath: true,
    });
    s.expectNoErrors();
  });

  it('the search box narrows a list', async () => {
    const page = s.page;
    const best = await busiestParent(s.baseUrl, 'experts');
    await open(page, s.url(`/service/${best.slug}`));
    const before = await cards(page, '/experts/');
    expect(before.length).toBeGreaterThan(1);
    const { word, total } = await searchWord(
      s.baseUrl,
      'experts',
      best.id,
      before.map((c) => c.title),
    );

    const box = page.locator('main').getByRole('searchbox').first();
    await box.fill(word);
    await expect
      .poll(
        async () => {
          const after = await cards(page, '/experts/');
          const ok =
            after.length === total &&
            after.length < before.length &&
            after.every((c) => c.title.toLowerCase().includes(word.toLowerCase()));
          return ok ? 'ok' : after.map((c) => c.title);
        },
        { timeout: 10_000, message: `searching "${word}" shows ${total} cards, each with the word` },
      )
      .toBe('ok');
    s.expectNoErrors();
  });
});

import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, axe, chooseOption, describeViolations, open, useBrowser } from './browser';
import { blocks, circles, list, type Place, taxa } from './data';

/**
 * The site search as a visitor uses it — the header's box (the drawer's on a phone) suggesting records as
 * they type and taking them to one with the keyboard, and the /search page narrowed by kind and place, a page at a
 * time, with no accessibility violation.
 */
const s = useBrowser('search');

interface Hit {
  kind: string;
  title: string;
  url: string;
}
interface Body {
  data: Hit[];
  meta: { total: number };
  facets: { kind: string; count: number }[];
  suggestion: string | null;
}
const search = (params: Record<string, string>) =>
  api<Body>(s.baseUrl, `/search?${new URLSearchParams({ pageSize: '10', ...params })}`);

/** A word the demo town's records share: many hits of several kinds, more than one page. */
let broad: { word: string; body: Body };
/** A record and the words that find it among the suggestions (not first, so the keyboard has to move). */
let target: { words: string; hit: Hit; index: number };
/** A place whose circle and locality narrow `broad` without emptying it. */
let place: { circle: Place; block: Place };

beforeAll(async () => {
  for (const word of ['devgarh', 'road', 'market', 'city', 'health', 'school']) {
    const body = await search({ q: word });
    if (body.meta.total > 10 && body.facets.length > 1) {
      broad = { word, body };
      break;
    }
  }
  expect(broad, 'a word with more than a page of hits of several kinds').toBeDefined();

  // A record two or three down the suggestions for a word of its own title.
  for (const hit of broad.body.data) {
    for (const word of hit.title.split(/[^\p{L}]+/u).filter((w) => w.length >= 5)) {
      const suggested = (await search({ q: word, pageSize: '6' })).data;
      const index = suggested.findIndex((h) => h.url === hit.url);
      if (index >= 1) {
        target = { words: word, hit, index };
        break;
      }
    }
    if (target) break;
  }
  expect(target, 'a record that is not the first suggestion for a word of its title').toBeDefined();

  for (const circle of await circles(s.baseUrl)) {
    const inCircle = (await search({ q: broad.word, circleName: circle.name })).meta.total;
    if (!inCircle || inCircle === broad.body.meta.total) continue;
    for (const block of await blocks(s.baseUrl, circle.id)) {
      if ((await search({ q: broad.word, circleName: circle.name, blockName: block.name })).meta.total) {
        place = { circle, block };
        break;
      }
    }
    if (place) break;
  }
  expect(place, 'a circle and locality that narrow the search').toBeDefined();
}, 60_000);

/** Types into a search box, waits for the suggestions, moves to the target with Down and opens it with Enter. */
async function pickWithKeyboard(page: Page, scope: 'header' | 'dialog') {
  const box = page.locator(scope).getByRole('combobox', { name: 'Search the site' });
  await box.click();
  await box.pressSequentially(target.words, { delay: 30 });
  const listbox = page.getByRole('listbox', { name: 'Suggestions' });
  // The suggestions for the whole word (a slow machine may show those of a part of it first).
  await expect
    .poll(async () => (await listbox.getByRole('option').allTextContents())[target.index] ?? '', { timeout: 10_000 })
    .toContain(target.hit.title);
  expect(await box.getAttribute('aria-expanded')).toBe('true');
  for (let i = 0; i <= target.index; i++) await page.keyboard.press('ArrowDown');
  const active = await box.getAttribute('aria-activedescendant');
  expect(await page.locator(`[id="${active}"]`).textContent()).toContain(target.hit.title);
  // The focus never left the box: the keys went to the combobox.
  expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
  await Promise.all([page.waitForURL((u) => u.pathname === target.hit.url), page.keyboard.press('Enter')]);
  await page.locator('main h1').filter({ hasText: target.hit.title }).waitFor();
}

const hitTitles = (page: Page) => page.locator('.search-hit h2').allTextContents();

async function expectNoAxeViolations(page: Page, what: string) {
  expect(describeViolations(await axe(page)), what).toEqual([]);
}

describe('site search', () => {
  it('takes a visitor from the header box to a suggested record with the keyboard at 1280 px', async () => {
    const page = await s.newPage({ viewport: { width: 1280, height: 900 } });
    await open(page, s.url('/services'));
    await pickWithKeyboard(page, 'header');
    await expect.poll(() => page.locator('[role="listbox"]').count()).toBe(0);
    s.expectNoErrors();
    await page.close();
  });

  it('does the same from the drawer at 375 px, which closes on the way', async () => {
    const page = await s.newPage({ viewport: { width: 375, height: 812 } });
    await open(page, s.url('/editions'));
    await expect(page.locator('header').getByRole('combobox').isVisible()).resolves.toBe(false);
    await page.getByRole('button', { name: 'Open the menu' }).click();
    // Escape closes the suggestions, not the drawer they stand in.
    const box = page.locator('dialog').getByRole('combobox', { name: 'Search the site' });
    await box.fill(target.words);
    await page.getByRole('listbox', { name: 'Suggestions' }).waitFor();
    await box.press('Escape');
    await expect.poll(() => page.locator('[role="listbox"]').count()).toBe(0);
    expect(await page.locator('dialog.drawer[open]').count()).toBe(1);
    await box.fill('');
    await pickWithKeyboard(page, 'dialog');
    await expect.poll(() => page.locator('dialog.drawer[open]').count()).toBe(0);
    s.expectNoErrors();
    await page.close();
  });

  it('opens the search page on Enter without a suggestion, and works without JavaScript', async () => {
    const page = await s.newPage({ viewport: { width: 1280, height: 900 } });
    await open(page, s.url('/categories'));
    const box = page.locator('header').getByRole('combobox');
    await box.fill(broad.word);
    await Promise.all([page.waitForURL((u) => u.pathname === '/search'), box.press('Enter')]);
    expect(new URL(page.url()).searchParams.get('q')).toBe(broad.word);
    await page.getByRole('heading', { level: 1, name: `Results for “${broad.word}”` }).waitFor();
    await page.close();

    // The server's HTML alone: the form submits to /search and the page comes with its hits.
    const ctx = await s.browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const bare = await ctx.newPage();
    await bare.goto(s.url('/services'));
    await bare.locator('header').getByRole('combobox').fill(broad.word);
    await Promise.all([bare.waitForURL((u) => u.pathname === '/search'), bare.keyboard.press('Enter')]);
    expect(await hitTitles(bare)).toEqual(broad.body.data.map((h) => h.title));
    expect(await bare.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    await ctx.close();
    s.expectNoErrors();
  });

  for (const viewport of [
    { width: 375, height: 812 },
    { width: 1280, height: 900 },
  ]) {
    it(`narrows /search by kind and place and pages it, with no axe violation, at ${viewport.width} px`, async () => {
      const page = await s.newPage({ viewport });
      await open(page, s.url(`/search?q=${encodeURIComponent(broad.word)}`));
      expect(await hitTitles(page)).toEqual(broad.body.data.map((h) => h.title));
      const marks = await page.locator('.search-hit mark').allTextContents();
      expect(marks.length).toBeGreaterThan(0);
      await expectNoAxeViolations(page, '/search');

      // Paging keeps the words.
      await Promise.all([
        page.waitForURL((u) => u.searchParams.get('page') === '2'),
        page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next ›' }).click(),
      ]);
      const second = (await search({ q: broad.word, page: '2' })).data.map((h) => h.title);
      await expect.poll(() => hitTitles(page)).toEqual(second);

      // A kind facet: only that kind, from the first page, the facet marked as current.
      const facet = broad.body.facets.find((f) => f.count < broad.body.meta.total) ?? broad.body.facets[0];
      const facets = page.getByRole('navigation', { name: 'Kinds of result' });
      await Promise.all([
        page.waitForURL((u) => u.searchParams.get('kind') === facet.kind && !u.searchParams.has('page')),
        facets
          .getByRole('link')
          .filter({ hasText: String(facet.count) })
          .filter({ hasNot: page.locator('[aria-current]') })
          .first()
          .click(),
      ]);
      const ofKind = await search({ q: broad.word, kind: facet.kind });
      await expect.poll(() => hitTitles(page)).toEqual(ofKind.data.map((h) => h.title));
      expect(await facets.locator('[aria-current="page"]').textContent()).toContain(String(facet.count));

      // Back to all kinds, then a circle and one of its localities, kept in the URL by name.
      await facets.getByRole('link', { name: /^All/ }).click();
      await page.waitForURL((u) => !u.searchParams.has('kind'));
      await chooseOption(page, 'Circle', place.circle.name);
      await page.waitForURL((u) => u.searchParams.get('circleName') === place.circle.name);
      const inCircle = await search({ q: broad.word, circleName: place.circle.name });
      await expect.poll(() => hitTitles(page)).toEqual(inCircle.data.map((h) => h.title));
      await chooseOption(page, 'Locality', place.block.name);
      await page.waitForURL((u) => u.searchParams.get('blockName') === place.block.name);
      const inBlock = await search({ q: broad.word, circleName: place.circle.name, blockName: place.block.name });
      await expect.poll(() => hitTitles(page)).toEqual(inBlock.data.map((h) => h.title));
      await expectNoAxeViolations(page, '/search, narrowed');
      s.expectNoErrors();
      await page.close();
    });
  }

  it('says when nothing matches, offers the did-you-mean, and shows just the box for an empty search', async () => {
    const page = await s.newPage({ viewport: { width: 1280, height: 900 } });
    await open(page, s.url('/search?q=zqxjkvw'));
    await page.getByText('No results for “zqxjkvw”', { exact: true }).waitFor();
    await expectNoAxeViolations(page, '/search, nothing found');

    // A misspelt word of a title: the server suggests the spelling that finds more.
    const word = target.words.toLowerCase();
    const misspelt = `${word.slice(0, 2)}${word[3]}${word[2]}${word.slice(4)}`;
    const { suggestion, meta } = await search({ q: misspelt });
    if (suggestion && meta.total === 0) {
      await open(page, s.url(`/search?q=${encodeURIComponent(misspelt)}`));
      await page.getByText(`No results for “${misspelt}”`, { exact: true }).waitFor();
      await Promise.all([
        page.waitForURL((u) => u.searchParams.get('q') === suggestion),
        page.getByRole('link', { name: suggestion, exact: true }).click(),
      ]);
      await page.getByRole('heading', { level: 1, name: `Results for “${suggestion}”` }).waitFor();
    }

    await open(page, s.url('/search'));
    await page.getByRole('heading', { level: 1, name: 'Search' }).waitFor();
    expect(await page.locator('main').getByRole('combobox').count()).toBe(1);
    expect(await page.locator('.search-hit, .facets, .empty').count()).toBe(0);
    await expectNoAxeViolations(page, '/search, empty');
    s.expectNoErrors();
    await page.close();
  });

  for (const viewport of [
    { width: 375, height: 812 },
    { width: 1280, height: 900 },
  ]) {
    it(`shows breadcrumbs that match the JSON-LD, the Sort and the RSS links on lists and records at ${viewport.width} px`, async () => {
      const page = await s.newPage({ viewport });
      const [edition] = await taxa(s.baseUrl, 'news');
      const [story] = (await list(s.baseUrl, 'news', { parent: edition.id })).data;

      await open(page, s.url('/editions'));
      expect(
        await page
          .locator('main')
          .getByRole('link', { name: /^RSS feed/ })
          .getAttribute('href'),
      ).toBe('/rss/news.xml');
      expect(await crumbs(page)).toEqual({ shown: ['Home', 'Editions & News'], ld: ['Home', 'Editions & News'] });

      await open(page, s.url(`/edition/${edition.slug}`));
      expect(await crumbs(page)).toEqual({
        shown: ['Home', 'Editions & News', edition.title],
        ld: ['Home', 'Editions & News', edition.title],
      });
      const feed = await page
        .locator('main')
        .getByRole('link', { name: /^RSS feed/ })
        .getAttribute('href');
      expect(feed).toBe(`/rss/edition/${edition.slug}.xml`);
      expect((await fetch(s.url(feed ?? ''))).headers.get('content-type')).toMatch(/^application\/rss\+xml/);
      await expectNoAxeViolations(page, `/edition/${edition.slug}`);
      // The Sort is kept in the URL and asked of the API.
      const asked = page.waitForRequest((r) => r.url().includes('/newss/view') && r.url().includes('sort=az'));
      await chooseOption(page, 'Sort', 'A–Z');
      await page.waitForURL((u) => u.searchParams.get('sort') === 'az');
      await asked;
      const az = await api<{ data: { title: string }[] }>(s.baseUrl, `/newss/view?edition=${edition.id}&sort=az`);
      // The cards in the API's A–Z order (the order itself is the server's business, tested there).
      await expect.poll(() => page.locator('main .card-title').allTextContents()).toEqual(az.data.map((n) => n.title));

      await open(page, s.url(`/news/${story.slug}`));
      const trail = ['Home', 'Editions & News', edition.title, story.title];
      expect(await crumbs(page)).toEqual({ shown: trail, ld: trail });
      const current = page.getByRole('navigation', { name: 'Breadcrumb' }).locator('[aria-current="page"]');
      expect(await current.textContent()).toBe(story.title);
      await expectNoAxeViolations(page, `/news/${story.slug}`);
      s.expectNoErrors();
      await page.close();
    });
  }
});

/** The breadcrumb trail a page shows, and the one its BreadcrumbList JSON-LD gives. */
async function crumbs(page: Page) {
  const shown = await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem').allTextContents();
  const ld = await page.evaluate(() => {
    for (const el of document.querySelectorAll('script[type="application/ld+json"]')) {
      const data = JSON.parse(el.textContent ?? '{}') as { '@type'?: string; itemListElement?: { name: string }[] };
      if (data['@type'] === 'BreadcrumbList') return (data.itemListElement ?? []).map((i) => i.name);
    }
    return [];
  });
  return { shown, ld };
}

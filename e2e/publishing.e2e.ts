import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { cards, open, useBrowser } from './browser';
import { DATE_TIME } from './constants';
import { type Content, detail, list, type Taxon, taxa, textOf } from './data';

const s = useBrowser('publishing');

/** An edition with news, and one of its news items without a video (so nothing external is embedded). */
let edition: Taxon;
let news: Content;

beforeAll(async () => {
  for (const e of await taxa(s.baseUrl, 'news')) {
    const items = (await list(s.baseUrl, 'news', { parent: e.id })).data;
    const plain = items.find((n) => !n.youtube_url && n.content);
    if (plain) {
      edition = e;
      news = await detail(s.baseUrl, 'news', plain.slug);
      return;
    }
  }
  throw new Error('the demo data has no edition with a news item');
});

async function clickCard(page: Page, title: string, path: string) {
  const link = page.locator('main').getByRole('link', { name: title, exact: true }).first();
  await Promise.all([page.waitForURL((u) => decodeURIComponent(u.pathname) === path), link.click()]);
}

/** The first words of a rich-text field, as the page shows them. */
const opening = (html: string) => textOf(html).split(' ').slice(0, 8).join(' ');

describe('publishing', () => {
  it('editions → an edition → its news → a news page with its date', async () => {
    const page = s.page;
    await open(page, s.url('/editions'));
    await page.locator('main').getByRole('heading', { level: 1, name: 'Editions & News', exact: true }).waitFor();
    await clickCard(page, edition.title, `/edition/${edition.slug}`);
    const main = page.locator('main');
    await main.getByRole('heading', { level: 1, name: edition.title, exact: true }).waitFor();
    await expect.poll(async () => (await cards(page, '/news/')).length, { timeout: 10_000 }).toBeGreaterThan(0);
    const first = (await cards(page, '/news/'))[0];
    const item = await detail(s.baseUrl, 'news', first.href.slice('/news/'.length));
    await clickCard(page, item.title, first.href);
    await main.getByRole('heading', { level: 1, name: item.title, exact: true }).waitFor();
    await main.getByText(DATE_TIME).first().waitFor({ state: 'visible' });
    await main.getByRole('heading', { name: 'Related News', exact: true }).waitFor();
    s.expectNoErrors();
  });

  it('pages → a page → its features → an article', async () => {
    const page = s.page;
    const pages = await taxa(s.baseUrl, 'features');
    let target: Taxon | undefined;
    for (const p of pages) if ((await list(s.baseUrl, 'features', { parent: p.id })).meta.total) target = target ?? p;
    expect(target, 'a page with features').toBeTruthy();
    const pg = target as Taxon;

    await open(page, s.url('/pages'));
    const main = page.locator('main');
    await main.getByRole('heading', { level: 1, name: 'Pages & Features', exact: true }).waitFor();
    await clickCard(page, pg.title, `/page/${pg.slug}`);
    await main.getByRole('heading', { level: 1, name: pg.title, exact: true }).waitFor();
    await expect.poll(async () => (await cards(page, '/article/')).length, { timeout: 10_000 }).toBeGreaterThan(0);
    await main
      .getByRole('link', { name: /^Read More\b/ })
      .first()
      .waitFor();
    const first = (await cards(page, '/article/'))[0];
    const feature = await detail(s.baseUrl, 'features', first.href.slice('/article/'.length));
    await clickCard(page, feature.title, first.href);
    await main.getByRole('heading', { level: 1, name: feature.title, exact: true }).waitFor();
    await main.getByText(DATE_TIME).first().waitFor({ state: 'visible' });
    await main.getByRole('heading', { name: 'Related Features', exact: true }).waitFor();
    s.expectNoErrors();
  });

  it('a news page carries its content and share tags without JavaScript', async () => {
    const url = s.url(`/news/${news.slug}`);
    const page = await s.newPage({ javaScriptEnabled: false });
    const res = await page.goto(url, { waitUntil: 'load' });
    expect(res?.status()).toBe(200);
    const main = page.locator('main');
    await main.getByRole('heading', { level: 1, name: news.title, exact: true }).waitFor({ state: 'visible' });
    await main
      .getByText(opening(news.content ?? ''))
      .first()
      .waitFor({ state: 'visible' });
    await main.getByText(DATE_TIME).first().waitFor({ state: 'visible' });
    await page.context().close();

    const html = await (await fetch(url)).text();
    expect(html).toMatch(/<meta[^>]+property="og:title"[^>]+content="[^"]+"/);
    expect(html).toMatch(/<meta[^>]+property="og:image"[^>]+content="https?:\/\/[^"]+"/);
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(blocks.length, 'JSON-LD blocks').toBeGreaterThan(0);
    expect(blocks.some((b) => b.includes('"NewsArticle"'))).toBe(true);
    for (const b of blocks) expect(() => JSON.parse(b)).not.toThrow();
    // With JavaScript off, Chromium refuses the page's scripts (reported as "csp"): that is the point of the test.
    s.expectNoErrors((p) => p.kind === 'requestfailed' && /\.js: csp$/.test(p.text));
  });
});

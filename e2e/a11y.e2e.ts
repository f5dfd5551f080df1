import { beforeAll, describe, expect, it } from 'vitest';
import { axe, describeViolations, open, useBrowser } from './browser';
import { list, taxa } from './data';

const s = useBrowser('a11y');

/** Paths of the home page, two list pages and two detail pages of the demo data. */
let lists: string[] = [];
let details: string[] = [];

beforeAll(async () => {
  const service = (await taxa(s.baseUrl, 'experts'))[0];
  const edition = (await taxa(s.baseUrl, 'news'))[0];
  const expert = (await list(s.baseUrl, 'experts', { parent: service.id })).data[0];
  const news = (await list(s.baseUrl, 'news', { parent: edition.id })).data.find((n) => !n.youtube_url);
  lists = [`/service/${service.slug}`, `/edition/${edition.slug}`];
  details = [`/experts/${expert.slug}`, `/news/${news?.slug}`];
});

/** axe on each path, after the page has settled; the alert dialog of the home page is closed first. */
async function audit(paths: string[]) {
  const page = s.page;
  const found: Record<string, string[]> = {};
  for (const path of paths) {
    await open(page, s.url(path));
    await page.waitForLoadState('networkidle');
    const ok = page.getByRole('dialog').getByRole('button', { name: 'OK', exact: true });
    if (await ok.isVisible()) {
      await ok.click();
      await ok.waitFor({ state: 'hidden' });
    }
    found[path] = describeViolations(await axe(page));
  }
  expect(found).toEqual(Object.fromEntries(paths.map((p) => [p, []])));
}

describe('accessibility: no serious or critical axe violations', () => {
  it('on the home page', async () => {
    await audit(['/']);
    s.expectNoErrors();
  });

  it('on list pages', async () => {
    await audit(lists);
    s.expectNoErrors();
  });

  it('on detail pages', async () => {
    await audit(details);
    s.expectNoErrors();
  });
});

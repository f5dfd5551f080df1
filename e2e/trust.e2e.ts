import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, axe, describeViolations, field, open, useBrowser } from './browser';
import type { Ref } from './data';
import { admin, contributor, type Person, signInAs } from './people';

/**
 * A visitor reports a listing and an admin resolves it in the console's queue; a Call Us click
 * on a listing's public page shows up in its owner's counts; the trust marks on the page. At 375 px and 1280 px.
 */
const s = useBrowser('trust');

const PERSON =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

const WIDTHS = [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
];

const call = (path: string, body: object, token: string) =>
  fetch(`${s.baseUrl}/api/backend/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  }).then(async (r) => ({ status: r.status, body: await r.json() }));

let owner: Person;
let boss: Person;
let place: { categories: string[]; circles: string[]; blocks: string[] };

/** A public outlet of `owner`, approved by the admin; its call number is the owner's own verified phone. */
async function publicOutlet(title: string): Promise<Ref> {
  const created = await call(
    '/outlet/add',
    { title, ...place, call_now: owner.phone, description: '<p>Open every day.</p>' },
    owner.token,
  );
  expect(created.status).toBe(200);
  const approved = await call(`/admin/records/outlet/${created.body.data.id}/approve`, {}, boss.token);
  expect(approved.status).toBe(200);
  return created.body.data;
}

/** Waits until the record's extras (trust marks and Report link, a chunk of their own) have hydrated. */
const extrasReady = (page: Page) =>
  page.waitForFunction(() => {
    const b = document.querySelector('a.report-link');
    return Boolean(b && Object.keys(b).some((k) => k.startsWith('__reactFiber$')));
  });

beforeAll(async () => {
  owner = await contributor(s.baseUrl, 'Trusted Owner');
  boss = await admin(s.baseUrl);
  const first = async (path: string) => (await api<{ data: Ref[] }>(s.baseUrl, path)).data[0];
  const [category, circle] = await Promise.all([first('/categories/view'), first('/circles/view')]);
  const block = await first(`/blocks/view?circles[]=${circle.id}`);
  place = { categories: [category.id], circles: [circle.id], blocks: [block.id] };
}, 60_000);

describe.each(WIDTHS)('trust at $width px', (viewport) => {
  it('a visitor reports a listing and the admin resolves it', async () => {
    const outlet = await publicOutlet(`Reported Mart ${viewport.width} ${Date.now()}`);
    const visitor = await s.newPage({ viewport });
    await open(visitor, s.url(`/outlets/${outlet.slug}`));
    await expect(visitor.getByText('✓ Verified phone').isVisible()).resolves.toBe(true);
    await expect(visitor.getByText(/^Updated on \d{4}-\d{2}-\d{2}$/).isVisible()).resolves.toBe(true);
    await extrasReady(visitor);
    await visitor.getByRole('link', { name: 'Report this listing' }).click();
    const dialog = visitor.getByRole('dialog', { name: 'Report' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.getByText('Choose a reason').waitFor();
    await dialog.getByLabel('Closed', { exact: true }).check();
    await field(dialog, 'What is wrong?').fill(`Shut for good (${viewport.width})`);
    await field(dialog, 'Your e-mail or phone (optional)').fill('neighbour@example.com');
    expect(describeViolations(await axe(visitor))).toEqual([]);
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.getByText('Thank you, the report was sent.').waitFor();
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();

    const page = await s.newPage({ viewport });
    await signInAs(page, s.baseUrl, boss);
    await open(page, s.url('/admin/reports?status=new'));
    const row = page
      .locator('tr, .admin-card, article')
      .filter({ hasText: `Shut for good (${viewport.width})` })
      .first();
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('Closed');
    await expect(row.textContent()).resolves.toContain('neighbour@example.com');
    await expect(row.getByRole('link', { name: /^Reported Mart/ }).getAttribute('href')).resolves.toBe(
      `/outlets/${outlet.slug}`,
    );
    expect(describeViolations(await axe(page))).toEqual([]);
    await row.getByRole('button', { name: /^Mark acted/ }).click();
    await page.getByText(`Shut for good (${viewport.width})`).waitFor({ state: 'detached' });

    await open(page, s.url('/admin/reports?status=acted'));
    const done = page
      .locator('tr, .admin-card, article')
      .filter({ hasText: `Shut for good (${viewport.width})` })
      .first();
    await done.waitFor();
    await expect(done.textContent()).resolves.toContain('Acted');
    await done.getByRole('link', { name: 'History' }).click();
    await page.getByText('report-acted').first().waitFor();
    s.expectNoErrors();
  });

  it('a Call Us click shows up in the owner’s counts', async () => {
    const title = `Counted Mart ${viewport.width} ${Date.now()}`;
    const outlet = await publicOutlet(title);
    // Headless Chromium says so in its user agent, and bots are not counted: this visitor browses as a person does.
    const visitor = await s.newPage({ viewport, userAgent: PERSON });
    // The call itself goes nowhere in a test browser: the beacon is what counts.
    await visitor.route('tel:*', (r) => r.abort());
    await visitor.goto(s.url(`/outlets/${outlet.slug}`), { waitUntil: 'load' });
    // Before the app runs (no sign of intent yet): the inline beacon counts the click all the same.
    const beacon = visitor.waitForRequest(
      (r) => r.url().endsWith('/api/backend/v1/insight') && r.postData()?.includes('"call"') === true,
    );
    await visitor.evaluate(() => {
      const link = [...document.querySelectorAll('a')].find((a) => a.textContent === 'Call Us');
      link?.addEventListener('click', (e) => e.preventDefault());
      link?.click();
    });
    // Counted once the server has answered it, not when it leaves the browser.
    await (await beacon).response();

    const page = await s.newPage({ viewport });
    await signInAs(page, s.baseUrl, owner);
    await open(page, s.url('/user-outlet'));
    const card = page.locator('article.card').filter({ hasText: title });
    await card.getByText('This month: 1 call, 0 WhatsApp, 1 view').waitFor();
    await card.getByRole('button', { name: `Details of the counts of ${title}` }).click();
    const chart = page.getByRole('dialog', { name: `Last 30 days: ${title}` });
    await chart.getByRole('img', { name: /^Views and contact clicks per day/ }).waitFor();
    // What is counted is said where the counts are.
    await chart
      .getByText(/^A view or contact tap on the listing’s page counts once an hour per internet address/)
      .waitFor();
    expect(describeViolations(await axe(page))).toEqual([]);
    await chart.getByRole('button', { name: 'Close' }).click();
    await card.getByRole('button', { name: 'Confirm details are current' }).click();
    await page.getByText('Thank you, the details are confirmed').first().waitFor();
    s.expectNoErrors();
  });

  it('an admin marks a business verified from its record, and the public page shows it', async () => {
    const title = `Verified Mart ${viewport.width} ${Date.now()}`;
    const outlet = await publicOutlet(title);
    const page = await s.newPage({ viewport });
    await signInAs(page, s.baseUrl, boss);
    await open(page, s.url(`/admin/records?kind=outlet&q=${encodeURIComponent(title)}`));
    await page.getByRole('button', { name: `Trust of ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: `Trust: ${title}` });
    await dialog.getByText('Yes: the number is the owner’s verified phone').waitFor();
    await dialog.getByRole('button', { name: 'Mark “Verified business”' }).click();
    await dialog.getByText(/^Yes, by .+ on \d{4}-\d{2}-\d{2} /).waitFor();
    await dialog.getByText(/^This month: 0 calls, 0 WhatsApp, 0 views$/).waitFor();
    expect(describeViolations(await axe(page))).toEqual([]);
    await dialog.getByRole('link', { name: 'History' }).click();
    await page.getByText('verify-business').first().waitFor();
    await open(page, s.url('/admin/stale'));
    await page.getByRole('heading', { name: 'Stale listings' }).waitFor();
    expect(describeViolations(await axe(page))).toEqual([]);

    const visitor = await s.newPage({ viewport });
    await open(visitor, s.url(`/outlets/${outlet.slug}`));
    await visitor.getByText('✓ Verified business').waitFor();
    s.expectNoErrors();
  });
});

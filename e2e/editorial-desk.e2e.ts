import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, axe, describeViolations, field, open, SHOTS, useBrowser } from './browser';
import type { Ok, Ref } from './data';
import { admin, contributor, type Person, signInAs } from './people';

/**
 * The editorial desk as a town's news desk uses it, at 375 px and 1280 px: a contributor writes a news item, loses
 * the connection mid-edit and gets the autosaved work back, saves it as a draft, shares a preview link that works
 * signed out, and submits it; an editor gives it a "Publish at" a few seconds ahead and approves it; it is nowhere
 * public before that time and on its page after. The dashboard's draft and the preview page are read in Hindi too.
 * Every screen is checked with axe and saved to /tmp/e2e-shots/.
 */
const s = useBrowser('editorial-desk');

const WIDTHS = [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
];
const LOCALES = join(import.meta.dirname, '..', 'apps', 'web', 'src', 'locales');
/** A Hindi text of the app by its catalogue and id. */
const hi = (area: string, id: string): string =>
  JSON.parse(readFileSync(join(LOCALES, 'hi', `${area}.json`), 'utf8'))[id];

let writer: Person;
let editor: Person;
let place: { edition: Ref; circle: Ref; block: Ref };

beforeAll(async () => {
  writer = await contributor(s.baseUrl, 'Desk Reporter');
  const boss = await admin(s.baseUrl);
  const made = await contributor(s.baseUrl, 'Night Editor');
  const granted = await fetch(`${s.baseUrl}/api/backend/v1/admin/users/${made.user.id}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${boss.token}` },
    body: JSON.stringify({ role: 'editor' }),
  });
  expect(granted.status).toBe(200);
  // Signing in again carries the new role.
  const login = await fetch(`${s.baseUrl}/api/backend/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: made.email, password: made.password }),
  }).then((r) => r.json() as Promise<{ token: string; data: Person['user'] }>);
  editor = { ...made, token: login.token, user: login.data };
  const [edition] = (await api<Ok<Ref[]>>(s.baseUrl, '/editions/view')).data;
  const [circle] = (await api<Ok<Ref[]>>(s.baseUrl, '/circles/view')).data;
  const [block] = (await api<Ok<Ref[]>>(s.baseUrl, `/blocks/view?circles[]=${circle.id}`)).data;
  place = { edition, circle, block };
});

async function expectAxeClean(page: Page, screen: string) {
  expect(describeViolations(await axe(page)), screen).toEqual([]);
}

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `editorial-desk-${name}.png`) });
}

/** The site's wall clock `seconds` from now, as a `datetime-local` with seconds holds it: India keeps UTC+05:30. */
const indiaWallClock = (seconds: number) =>
  new Date(Date.now() + seconds * 1000 + 330 * 60_000).toISOString().slice(0, 19);

const status = async (path: string) => (await fetch(s.url(path))).status;

describe.each(WIDTHS)('the editorial desk at $width px', (viewport) => {
  it('a draft survives a lost connection, is previewed signed out, submitted, scheduled and published on time', async () => {
    const title = `Water tank repaired ${viewport.width} ${Date.now()}`;
    const page = await s.newPage({ viewport });
    await signInAs(page, s.baseUrl, writer);
    await open(page, s.url('/user-news'));
    await page.locator('main').getByRole('button', { name: 'Add News' }).click();
    let d = page.locator('dialog[open]');
    await field(d, 'Title').fill(title);
    await field(d, 'Edition').selectOption(place.edition.id);
    await field(d, 'Location').fill('Devgarh');
    await field(d, 'Reporter').fill('Desk Reporter');
    await d.locator('.editor-body').click();
    await page.keyboard.type('The ward tank holds water again after three weeks.');
    await d.getByRole('checkbox', { name: place.circle.name ?? '' }).check();
    await d.getByRole('checkbox', { name: place.block.name ?? '' }).check();
    // The autosave writes two seconds after the last change.
    await page.waitForTimeout(2_500);

    // The phone loses its connection: the save cannot reach the server, and says the work is kept.
    await page.context().setOffline(true);
    await d.getByRole('button', { name: 'Save draft' }).click();
    await page
      .getByText('Could not reach the server. Your work is kept on this device; try again when you are online.')
      .waitFor();
    await shot(page, `offline-${viewport.width}`);
    await page.context().setOffline(false);

    // Back online, the page is opened again: the form offers the kept work back.
    await open(page, s.url('/user-news'));
    await page.locator('main').getByRole('button', { name: 'Add News' }).click();
    d = page.locator('dialog[open]');
    await d.getByText(/^Your unsaved work from .+ is kept on this device\.$/).waitFor();
    await expectAxeClean(page, 'the autosave offered back');
    await shot(page, `autosave-${viewport.width}`);
    await d.getByRole('button', { name: 'Restore' }).click();
    expect(await field(d, 'Title').inputValue()).toBe(title);
    expect(await field(d, 'Reporter').inputValue()).toBe('Desk Reporter');
    await d.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('Draft saved').first().waitFor();
    const card = page.locator('main article', { hasText: title });
    await card.getByText('Draft', { exact: true }).waitFor();
    await expectAxeClean(page, 'the dashboard with a draft');
    await shot(page, `draft-${viewport.width}`);

    // A preview link for the person quoted: it works signed out, says it is a preview, and is not for search engines.
    await card.getByRole('button', { name: 'Share preview' }).click();
    const share = page.locator('dialog[open]');
    await share.getByRole('button', { name: 'Create link' }).click();
    const link = share.getByRole('textbox', { name: 'New link' });
    await expect.poll(() => link.inputValue()).toMatch(/\/preview\/[A-Za-z0-9_-]{43}$/);
    const url = await link.inputValue();
    await expectAxeClean(page, 'the preview links');
    await shot(page, `share-${viewport.width}`);
    const guest = await s.newPage({ viewport });
    const res = await open(guest, url);
    expect(res.status()).toBe(200);
    expect(res.headers()['cache-control']).toBe('private, no-store');
    expect(res.headers()['x-robots-tag']).toBe('noindex');
    expect(await guest.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
    await guest.getByText('Preview — not published yet').waitFor();
    await guest.getByRole('heading', { level: 1, name: title }).waitFor();
    await expectAxeClean(guest, 'the preview page');
    await shot(guest, `preview-${viewport.width}`);
    await guest.context().close();
    await share.getByRole('button', { name: 'Close' }).first().click();

    // Submitted: the draft goes to the desk.
    await card.getByRole('button', { name: 'Edit' }).click();
    d = page.locator('dialog[open]');
    await expect.poll(() => field(d, 'Title').inputValue()).toBe(title);
    await d.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.getByText('Edited Successfully').first().waitFor();
    await card.getByText('Pending review', { exact: true }).waitFor();
    const { data: mine } = await fetch(s.url(`/api/backend/v1/newss/view/user?q=${encodeURIComponent(title)}`), {
      headers: { authorization: `Bearer ${writer.token}` },
    }).then((r) => r.json() as Promise<Ok<{ slug: string; status: string }[]>>);
    expect(mine.map((n) => n.status)).toEqual(['pending']);
    const detail = `/newss/slug/${mine[0].slug}`;
    await page.context().close();

    // The editor sets "Publish at" a little ahead and approves it from the desk.
    const desk = await s.newPage({ viewport });
    await signInAs(desk, s.baseUrl, editor);
    await open(desk, s.url('/admin/moderation'));
    const row = desk.getByRole('row').filter({ hasText: title });
    await row.getByRole('button', { name: 'Edit' }).click();
    const e = desk.locator('dialog[open]');
    await expect.poll(() => field(e, 'Title').inputValue()).toBe(title);
    const publishAt = Date.now() + 25_000;
    await field(e, 'Publish at (optional)').fill(indiaWallClock(25));
    await expectAxeClean(desk, 'the editor schedules');
    await shot(desk, `schedule-${viewport.width}`);
    await e.getByRole('button', { name: 'Submit', exact: true }).click();
    await desk.getByText('Edited Successfully').first().waitFor();
    await row.getByRole('button', { name: `Approve ${title}` }).click();
    // Approved, it leaves the queue.
    await expect.poll(() => row.count()).toBe(0);
    const mineNow = await fetch(s.url(`/api/backend/v1/newss/view/user?q=${encodeURIComponent(title)}`), {
      headers: { authorization: `Bearer ${writer.token}` },
    }).then((r) => r.json() as Promise<Ok<{ status: string; publish_at: string }[]>>);
    expect(mineNow.data.map((n) => n.status)).toEqual(['active']);
    expect(Math.abs(Date.parse(mineNow.data[0].publish_at) - publishAt)).toBeLessThan(3_000);
    await desk.context().close();

    // Approved, but not yet public; public once its time has come.
    expect(await status(`/api/backend/v1${detail}`)).toBe(404);
    await expect.poll(() => status(`/api/backend/v1${detail}`), { timeout: 90_000, interval: 1_000 }).toBe(200);
    expect(Date.now()).toBeGreaterThanOrEqual(publishAt - 1_000);
    const reader = await s.newPage({ viewport });
    await open(reader, s.url(`/news/${mine[0].slug}`));
    await reader.getByRole('heading', { level: 1, name: title }).waitFor();
    await reader.context().close();
    // The lost connection's failed request is the journey's own doing.
    s.expectNoErrors((p) => /ERR_INTERNET_DISCONNECTED/.test(p.text));
  }, 240_000);

  it('shows a draft and its preview in Hindi', async () => {
    const title = `Hindi draft ${viewport.width} ${Date.now()}`;
    const created = await fetch(s.url('/api/backend/v1/news/add'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${writer.token}` },
      body: JSON.stringify({
        title,
        editionId: place.edition.id,
        location: 'Devgarh',
        language: 'hi',
        reporter: 'Desk Reporter',
        content: '<p>टंकी फिर से भर गई।</p>',
        circles: [place.circle.id],
        blocks: [place.block.id],
        draft: true,
      }),
    }).then((r) => r.json() as Promise<Ok<{ id: string }>>);
    const page = await s.newPage({ viewport });
    await page.context().addCookies([{ name: 'lang', value: 'hi', url: s.baseUrl }]);
    await signInAs(page, s.baseUrl, writer);
    await open(page, s.url('/user-news?lang=hi'));
    const card = page.locator('main article', { hasText: title });
    await card.getByText(hi('dashboard', 'dashboard.status.draft'), { exact: true }).waitFor();
    await expectAxeClean(page, 'a draft in Hindi');
    await shot(page, `draft-hi-${viewport.width}`);

    const made = await fetch(s.url('/api/backend/v1/previews'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${writer.token}` },
      body: JSON.stringify({ kind: 'news', id: created.data.id }),
    }).then((r) => r.json() as Promise<Ok<{ url: string }>>);
    const guest = await s.newPage({ viewport });
    await guest.context().addCookies([{ name: 'lang', value: 'hi', url: s.baseUrl }]);
    await open(guest, `${made.data.url}?lang=hi`);
    await guest.getByText(hi('preview', 'preview.ribbon')).waitFor();
    await expectAxeClean(guest, 'a preview in Hindi');
    await shot(guest, `preview-hi-${viewport.width}`);
    await page.context().close();
    await guest.context().close();
    s.expectNoErrors();
  }, 120_000);
});

import { beforeAll, describe, expect, it } from 'vitest';
import { field, open, ownServer, READY_WITHIN_MS, useBrowser, whenReady } from './browser';

const s = useBrowser('auto-approve');
/** A server with AUTO_APPROVE=true. */
const server = ownServer('autoApprove');
beforeAll(() => whenReady(server), READY_WITHIN_MS);

const PDF =
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';
const url = (path: string) => `${server.baseUrl}${path}`;
const apiUrl = (path: string) => url(`/api/backend/v1${path}`);
const post = (path: string, body: object) =>
  fetch(apiUrl(path), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then((r) => r.json());
const get = (path: string) => fetch(apiUrl(path)).then((r) => r.json());

describe('with AUTO_APPROVE=true', () => {
  it('an outlet added in My Outlets shows on the public category page; edits and deletion follow there', async () => {
    const page = await s.newPage();
    const stamp = Date.now();
    const p = {
      name: 'Auto Approver',
      email: `auto.${stamp}@example.com`,
      phone: `6${String(stamp).slice(-9)}`,
      password: 'Secret123',
    };
    const reg = (await post('/user/customer/register', p)).data;
    for (const [id, to] of [
      [reg.emailVerficationId, p.email],
      [reg.phoneVerficationId, `+91${p.phone}`],
    ]) {
      const code = (await get(`/dev/outbox?to=${encodeURIComponent(to)}`)).data[0].code;
      await post('/user/verification/token/validate', { userId: reg.user.id, verificationId: id, token: code });
    }
    const login = await post('/login', { userName: p.email, password: p.password });
    const [category] = (await get('/categories/view')).data;
    const [circle] = (await get('/circles/view')).data;
    const [block] = (await get(`/blocks/view?circles[]=${circle.id}`)).data;

    await open(page, url('/'));
    await page.evaluate(
      ([token, user]) => {
        localStorage.setItem('chaupal.token', token);
        localStorage.setItem('chaupal.user', JSON.stringify(user));
      },
      [login.token, login.data] as const,
    );
    await open(page, url('/user-outlet'));
    const main = page.locator('main');
    await main.getByRole('button', { name: 'Add Outlet' }).click();
    const d = page.locator('dialog[open]');
    await d.getByRole('checkbox', { name: category.title }).check();
    await d.getByRole('checkbox', { name: circle.name }).check();
    await d.getByRole('checkbox', { name: block.name }).check();
    await field(d, 'Outlet Title').fill(`Instant Outlet ${stamp}`);
    await d.locator('.editor-body').click();
    await page.keyboard.type('Open from the first minute.');
    await field(d, 'Call Now Number').fill('9876543210');
    await d
      .getByLabel('Documents')
      .setInputFiles({ name: 'rate-card.pdf', mimeType: 'application/pdf', buffer: Buffer.from(PDF) });
    await d.getByRole('link', { name: 'rate-card.pdf' }).waitFor();
    await d.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.getByText('Outlet Added Successfully').waitFor();
    await main
      .locator('article', { hasText: `Instant Outlet ${stamp}` })
      .getByText('Active', { exact: true })
      .waitFor();

    await open(page, url(`/category/${category.slug}`));
    await page
      .locator('main')
      .getByRole('link', { name: `Instant Outlet ${stamp}`, exact: true })
      .click();
    await page.locator('main').getByRole('link', { name: 'rate-card.pdf' }).waitFor();

    await open(page, url('/user-outlet'));
    await main
      .locator('article', { hasText: `Instant Outlet ${stamp}` })
      .getByRole('button', { name: 'Edit' })
      .click();
    await field(d, 'Outlet Title').fill(`Renamed Outlet ${stamp}`);
    await d.getByRole('button', { name: 'Delete rate-card.pdf' }).click();
    await d.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.getByText('Edited Successfully').waitFor();
    await open(page, url(`/category/${category.slug}`));
    await page
      .locator('main')
      .getByRole('link', { name: `Renamed Outlet ${stamp}`, exact: true })
      .click();
    await page
      .locator('main')
      .getByRole('heading', { name: `Renamed Outlet ${stamp}`, level: 1 })
      .waitFor();
    expect(await page.locator('main').getByRole('link', { name: 'rate-card.pdf' }).count()).toBe(0);

    await open(page, url('/user-outlet'));
    await main
      .locator('article', { hasText: `Renamed Outlet ${stamp}` })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.locator('dialog[open]').getByRole('button', { name: 'Yes', exact: true }).click();
    await page.getByText('Deleted Successfully').waitFor();
    await open(page, url(`/category/${category.slug}`));
    expect(
      await page
        .locator('main')
        .getByRole('link', { name: `Renamed Outlet ${stamp}`, exact: true })
        .count(),
    ).toBe(0);
    s.expectNoErrors();
  });

  it('a contributor’s news without a description shows its opening once, at 375 and 1280 px', async () => {
    const stamp = Date.now();
    const p = {
      name: 'Lead Writer',
      email: `lead.${stamp}@example.com`,
      phone: `6${String(stamp + 7).slice(-9)}`,
      password: 'Secret123',
    };
    const reg = (await post('/user/customer/register', p)).data;
    for (const [id, to] of [
      [reg.emailVerficationId, p.email],
      [reg.phoneVerficationId, `+91${p.phone}`],
    ]) {
      const code = (await get(`/dev/outbox?to=${encodeURIComponent(to)}`)).data[0].code;
      await post('/user/verification/token/validate', { userId: reg.user.id, verificationId: id, token: code });
    }
    const login = await post('/login', { userName: p.email, password: p.password });
    const [edition] = (await get('/editions/view')).data;
    const [circle] = (await get('/circles/view')).data;
    const [block] = (await get(`/blocks/view?circles[]=${circle.id}`)).data;
    const opening = `The ward committee met on Tuesday ${stamp} and agreed to repair the lane by the temple.`;
    const added = await fetch(apiUrl('/news/add'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${login.token}` },
      body: JSON.stringify({
        title: `Lane repair agreed ${stamp}`,
        editionId: edition.id,
        circles: [circle.id],
        blocks: [block.id],
        location: 'Old City',
        language: 'English',
        reporter: 'Lead Writer',
        content: `<p>${opening}</p><p>Work starts next week.</p>`,
      }),
    }).then((r) => r.json());
    expect(added.data.status).toBe('active');
    for (const viewport of [
      { width: 375, height: 812 },
      { width: 1280, height: 800 },
    ]) {
      const page = await s.newPage({ viewport });
      await open(page, url(`/news/${added.data.slug}`));
      const article = page.locator('main article').first();
      await article.getByRole('heading', { name: `Lane repair agreed ${stamp}` }).waitFor();
      // The derived description would repeat the body's first words: they appear once.
      expect(await article.getByText(opening.slice(0, 60)).count()).toBe(1);
      expect(await article.locator('p.lead').count()).toBe(0);
      await page.close();
    }
  });
});

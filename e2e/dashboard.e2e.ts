import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, open, useBrowser } from './browser';

const s = useBrowser('dashboard');

interface Ok<T> {
  data: T;
}
interface Ref {
  id: string;
  slug: string;
  name?: string;
}

const post = (path: string, body: object, token?: string) =>
  fetch(`${s.baseUrl}/api/backend/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  }).then(async (r) => ({ status: r.status, body: await r.json() }));

/** A verified contributor made through the API, with the codes from the development outbox. */
async function contributor() {
  const stamp = Date.now();
  const p = {
    name: 'Dashboard Dev',
    email: `dash.${stamp}@example.com`,
    phone: `7${String(stamp).slice(-9)}`,
    password: 'Secret123',
  };
  const reg = (await post('/user/customer/register', p)).body.data;
  for (const [id, to] of [
    [reg.emailVerficationId, p.email],
    [reg.phoneVerficationId, `+91${p.phone}`],
  ]) {
    const { data } = await api<Ok<{ code: string }[]>>(s.baseUrl, `/dev/outbox?to=${encodeURIComponent(to)}`);
    await post('/user/verification/token/validate', { userId: reg.user.id, verificationId: id, token: data[0].code });
  }
  const login = (await post('/login', { userName: p.email, password: p.password })).body;
  return { token: login.token as string, user: login.data };
}

async function signInAs(page: Page, who: Awaited<ReturnType<typeof contributor>>) {
  await open(page, s.url('/'));
  await page.evaluate(
    ([token, user]) => {
      localStorage.setItem('chaupal.token', token);
      localStorage.setItem('chaupal.user', JSON.stringify(user));
    },
    [who.token, who.user] as const,
  );
}

describe('dashboards', () => {
  it('a signed-out visit to a dashboard goes home', async () => {
    const page = s.page;
    await open(page, s.url('/'));
    await page.evaluate(() => localStorage.clear());
    await open(page, s.url('/user-outlet'));
    await page.waitForURL((u) => u.pathname === '/');
    s.expectNoErrors();
  });

  it('My Outlets shows a new outlet with a red Pending review tag, previews it and deletes it', async () => {
    const page = s.page;
    const who = await contributor();
    const [category] = (await api<Ok<Ref[]>>(s.baseUrl, '/categories/view')).data;
    const [circle] = (await api<Ok<Ref[]>>(s.baseUrl, '/circles/view')).data;
    const [block] = (await api<Ok<Ref[]>>(s.baseUrl, `/blocks/view?circles[]=${circle.id}`)).data;
    const created = await post(
      '/outlet/add',
      {
        title: 'Dashboard Test Outlet',
        categories: [category.id],
        circles: [circle.id],
        blocks: [block.id],
        call_now: '9876543210',
        description: '<p>Fresh every day.</p>',
      },
      who.token,
    );
    expect(created.status).toBe(200);

    await signInAs(page, who);
    await open(page, s.url('/user-outlet'));
    const main = page.locator('main');
    await main.getByRole('heading', { name: 'Outlet', exact: true }).waitFor();
    const card = main.locator('article', { hasText: 'Dashboard Test Outlet' });
    await card.waitFor();
    const tag = card.getByText('Pending review', { exact: true });
    expect(await tag.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(176, 42, 42)');

    await card.getByRole('button', { name: 'View/Preview' }).click();
    const preview = page.locator('dialog[open]');
    await preview.getByRole('heading', { name: 'Preview Page' }).waitFor();
    await preview.getByRole('heading', { name: 'Dashboard Test Outlet', level: 1 }).waitFor();
    await preview.getByRole('button', { name: 'Close' }).click();

    await card.getByRole('button', { name: 'Delete' }).click();
    await page.locator('dialog[open]').getByRole('button', { name: 'Yes', exact: true }).click();
    await page.getByText('Deleted Successfully').waitFor();
    await expect.poll(() => card.count()).toBe(0);
    await main.getByText('No Outlets Found').waitFor();
    s.expectNoErrors();
  });
});

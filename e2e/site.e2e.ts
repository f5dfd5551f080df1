import { describe, expect, it } from 'vitest';
import { api, open, type Problem, useBrowser } from './browser';
import { ADMIN_EMAIL, TEXT } from './constants';

const s = useBrowser('site');

interface Policy {
  id: string;
  title: string;
  type: number;
}

describe('site', () => {
  it('a policy that fails to load is an error notification only', async () => {
    const page = await s.newPage();
    await open(page, s.url('/'));
    const [policy] = (await api<{ data: Policy[] }>(s.baseUrl, '/policy/viewall/public?status=active')).data;
    await page.route('**/api/backend/v1/policy/view/**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, error: 'Something went wrong on our side.' }),
      }),
    );
    // The footer opens policies in a new tab; an in-app navigation shows the browser-side load failing.
    await page.evaluate((path) => {
      history.pushState({}, '', path);
      dispatchEvent(new PopStateEvent('popstate'));
    }, `/policy/${policy.id}`);
    await page.getByText('Could not load this page. Please try again.').waitFor();
    expect(await page.locator('main').getByText(TEXT.notFoundTitle).count()).toBe(0);
    expect(await page.locator('main').getByText('Something went wrong').count()).toBe(0);
    await page.unroute('**/api/backend/v1/policy/view/**');
    // An unknown policy is still the not-found screen, with HTTP 404.
    const missing = await open(page, s.url('/policy/no-such-policy'));
    expect(missing.status()).toBe(404);
    await page.locator('main').getByText(TEXT.notFoundTitle).waitFor();
    await page.close();
    s.expectNoErrors((p: Problem) => p.kind === 'console' && /status of (500|404)/.test(p.text));
  });

  it('a policy page opens from the footer', async () => {
    const page = s.page;
    await open(page, s.url('/'));
    const links = page.locator('footer a[href*="/policy/"]');
    await links.first().waitFor({ state: 'attached' });
    const found = await links.evaluateAll((as) =>
      as.map((a) => ({ href: a.getAttribute('href') ?? '', target: a.getAttribute('target'), text: a.textContent })),
    );
    const policies = (await api<{ data: Policy[] }>(s.baseUrl, '/policy/viewall/public?status=active')).data;
    expect(found.length, 'one footer link per public policy').toBe(policies.length);
    for (const link of found) {
      expect(link.target, `${link.href} opens in a new tab`).toBe('_blank');
      const id = new URL(link.href, s.baseUrl).pathname.split('/').pop() ?? '';
      const policy = (await api<{ data: Policy }>(s.baseUrl, `/policy/view/${id}/public`)).data;
      const res = await open(page, new URL(link.href, s.baseUrl).toString());
      expect(res.status()).toBe(200);
      const main = page.locator('main');
      // SPEC §2: the heading names the kind of policy, then comes the title.
      const kind = policy.type === 2 ? 'Terms & Conditions' : 'Policies';
      await main.getByRole('heading', { name: kind, exact: true }).first().waitFor({ state: 'visible' });
      await main.getByRole('heading', { name: policy.title, exact: true }).first().waitFor({ state: 'visible' });
      expect(await page.title()).toContain(policy.title);
    }
    s.expectNoErrors();
  });

  // An unknown record stays the not-found screen for everyone.
  for (const path of ['/experts/no-such-expert']) {
    it(`${path} is a 404 with the not-found screen`, async () => {
      const page = s.page;
      const res = await open(page, s.url(path));
      expect(res.status()).toBe(404);
      const main = page.locator('main');
      await main.getByRole('heading', { name: TEXT.notFoundTitle, exact: true }).waitFor();
      await main.getByText(TEXT.notFoundText, { exact: true }).waitFor();
      await main.getByText(TEXT.notFoundButton, { exact: true }).waitFor();
      // Still there once the browser has taken over.
      await page.waitForLoadState('networkidle');
      expect(new URL(page.url()).pathname).toBe(path);
      expect(await main.getByRole('heading', { name: TEXT.notFoundTitle, exact: true }).isVisible()).toBe(true);
      // The document's own 404 is what the test asked for; Chromium reports it as a console error.
      const isTheDocument404 = (p: Problem) =>
        p.kind === 'console' && /status of 404/.test(p.text) && p.text.includes(s.url(path));
      s.expectNoErrors(isTheDocument404);
    });
  }

  it('an unmatched path is a 404 for crawlers; in the browser a signed-out visitor is sent home', async () => {
    const page = await s.newPage();
    const path = '/no/such/page';
    const res = await open(page, s.url(path));
    expect(res.status()).toBe(404);
    // The server's document is the not-found screen (what a crawler reads) …
    expect(await res.text()).toContain(TEXT.notFoundTitle);
    // … and the browser, signed out, replaces it with the home page.
    await page.waitForURL((u) => u.pathname === '/');
    await page.locator('main #home').waitFor({ state: 'attached' });
    // Signed in, the not-found screen stays.
    const login = (await fetch(`${s.baseUrl}/api/backend/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: ADMIN_EMAIL, password: 'E2eAdmin123' }),
    }).then((r) => r.json())) as { token: string; data: unknown };
    await page.evaluate(
      ([token, user]) => {
        localStorage.setItem('chaupal.token', token as string);
        localStorage.setItem('chaupal.user', JSON.stringify(user));
      },
      [login.token, login.data] as const,
    );
    await open(page, s.url(path));
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe(path);
    await page.locator('main').getByRole('heading', { name: TEXT.notFoundTitle, exact: true }).waitFor();
    await page.evaluate(() => {
      localStorage.removeItem('chaupal.token');
      localStorage.removeItem('chaupal.user');
    });
    await page.close();
  });

  it('the development outbox page shows the codes a new account was sent', async () => {
    const page = s.page;
    const email = `outbox-${Date.now()}@example.com`;
    const phone = `9${String(Date.now()).slice(-9)}`;
    const res = await fetch(`${s.baseUrl}/api/backend/v1/user/customer/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Outbox Reader', email, phone, password: 'Secret123' }),
    });
    expect(res.status).toBe(200);
    await open(page, s.url('/dev/outbox'));
    const main = page.locator('main');
    await main.getByRole('heading', { name: 'Development outbox', exact: true }).waitFor();
    await main.getByLabel('Recipient (e-mail or phone)').fill(email);
    await expect.poll(async () => main.locator('.outbox-item').count(), { timeout: 10_000 }).toBe(1);
    const item = main.locator('.outbox-item').first();
    await item.getByText(email).waitFor();
    expect(await item.locator('.code').textContent()).toMatch(/^\d{6}$/);
    s.expectNoErrors();
  });
});

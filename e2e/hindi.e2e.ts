import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { api, axe, describeViolations, dismissAlert, field, open, useBrowser, waitForHydration } from './browser';
import { list, type Ok, type Ref, taxa } from './data';
import { type ApiReads, englishLeft, watchApi } from './english-left';

/**
 * A visitor switches to Hindi on the home page, browses a list and a detail, registers, and adds a record
 * in a dashboard, all in Hindi with no English of ours left on those screens, at 375 px and 1280 px; the Hindi pages
 * hydrate without a mismatch (the session fails on any hydration error) and axe finds nothing.
 */
const s = useBrowser('hindi');

const LOCALES = join(import.meta.dirname, '..', 'apps', 'web', 'src', 'locales');
/** A Hindi text of the app, by its catalogue and id, with its placeholders filled. */
function hi(area: string, id: string, values: Record<string, string> = {}): string {
  const text: string = JSON.parse(readFileSync(join(LOCALES, 'hi', `${area}.json`), 'utf8'))[id];
  if (!text) throw new Error(`no Hindi text ${area}/${id}`);
  return text.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? `{${k}}`);
}

/** A date and time as a Hindi page writes it: `25 नवंबर 2026, बुधवार, 5:30 अपराह्न`. */
const HINDI_DATE = /\d{1,2} [\u0900-\u097F]+ \d{4}, [\u0900-\u097F]+, \d{1,2}:\d{2} (पूर्वाह्न|अपराह्न)/;

const WIDTHS = [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
];

let contexts: BrowserContext[] = [];
afterEach(async () => {
  for (const c of contexts) await c.close();
  contexts = [];
});

/** A page at `viewport`, its API reads watched so content a navigation brings counts as data. */
async function pageAt(viewport: { width: number; height: number }): Promise<{ page: Page; read: ApiReads }> {
  const context = await s.newContext({ viewport });
  contexts.push(context);
  const page = await context.newPage();
  return { page, read: watchApi(page) };
}

/** Nothing of ours in English, and nothing axe objects to, on what the page shows now. */
async function allHindi(page: Page, screen: string, read: ApiReads, scope?: Locator, allow: string[] = []) {
  expect(await page.evaluate(() => document.documentElement.lang), screen).toBe('hi');
  expect(await englishLeft(page, { scope, read, allow }), `${screen}: English left`).toEqual([]);
  const violations = await axe(page);
  expect(violations, `${screen}: ${describeViolations(violations)}`).toEqual([]);
}

let n = 0;
function person() {
  n += 1;
  const stamp = `${Date.now()}${n}`;
  return {
    name: `Kavita Verma ${n}`,
    email: `kavita.${stamp}@example.com`,
    phone: `8${stamp.slice(-9)}`,
    password: 'Secret123',
  };
}

async function codeFor(to: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const { data } = await api<Ok<{ code: string | null }[]>>(
          s.baseUrl,
          `/dev/outbox?to=${encodeURIComponent(to)}`,
        );
        code = data[0]?.code ?? '';
        return code;
      },
      { timeout: 10_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

describe('the site in Hindi', () => {
  for (const viewport of WIDTHS) {
    it(`at ${viewport.width} px: switch to Hindi on home, then a list and a detail, all in Hindi`, async () => {
      const { page, read } = await pageAt(viewport);
      await open(page, s.url('/'));
      await dismissAlert(page);
      // The switch is in the header on a desktop and in the drawer on a phone.
      if (viewport.width < 800) await page.getByRole('button', { name: 'Open the menu' }).click();
      await Promise.all([
        page.waitForURL((u) => u.searchParams.get('lang') === 'hi'),
        page.getByRole('link', { name: 'हिन्दी' }).filter({ visible: true }).first().click(),
      ]);
      await waitForHydration(page);
      await dismissAlert(page, hi('home', 'home.ok'));
      await page.getByRole('heading', { level: 2, name: hi('home', 'home.services') }).waitFor();
      await allHindi(page, 'home', read);
      const cookies = await page.context().cookies();
      expect(cookies.find((c) => c.name === 'lang')?.value).toBe('hi');

      // A service's experts, reached from the home page's grid (a navigation in the browser).
      const [service] = (await api<Ok<Ref[]>>(s.baseUrl, '/services/view')).data;
      await Promise.all([
        page.waitForURL((u) => u.pathname === `/service/${service.slug}`),
        page.locator('main').getByRole('link', { name: service.title, exact: true }).first().click(),
      ]);
      await page.locator('main').getByRole('heading', { level: 1, name: service.title }).waitFor();
      await page.locator('main article').first().waitFor();
      await allHindi(page, 'a list', read);

      // One of its experts: its page, then the same page as the server renders it for the cookie alone.
      const card = page.locator('main article h2 a, main article h3 a').first();
      const title = (await card.textContent())?.trim() ?? '';
      await Promise.all([page.waitForURL((u) => u.pathname.startsWith('/experts/')), card.click()]);
      await page.locator('main').getByRole('heading', { level: 1, name: title }).waitFor();
      await allHindi(page, 'a detail', read);
      await open(page, page.url().replace(/\?.*$/, ''));
      await page.locator('main').getByRole('heading', { level: 1, name: title }).waitFor();
      await allHindi(page, 'a detail, reloaded', read);

      // A news article, whose date the server and the browser both write in Hindi (no hydration mismatch).
      const [edition] = await taxa(s.baseUrl, 'news');
      const [news] = (await list(s.baseUrl, 'news', { parent: edition.id })).data;
      await open(page, s.url(`/news/${news.slug}`));
      await page.locator('main').getByRole('heading', { level: 1, name: news.title }).waitFor();
      await page.locator('main').getByText(HINDI_DATE).first().waitFor();
      await allHindi(page, 'a news article', read);
      s.expectNoErrors();
    });

    it(`at ${viewport.width} px: register, verify, sign in and add an expert in a dashboard, all in Hindi`, async () => {
      const { page, read } = await pageAt(viewport);
      const p = person();
      await open(page, s.url('/?lang=hi'));
      await dismissAlert(page, hi('home', 'home.ok'));
      const signIn = hi('shell', 'menu.signIn');
      if (viewport.width < 800) await page.getByRole('button', { name: hi('shell', 'header.openMenu') }).click();
      await page.getByRole('button', { name: signIn, exact: true }).filter({ visible: true }).first().click();
      const d = page.locator('dialog[open]').last();
      await d.getByRole('heading', { name: hi('account', 'account.title.signin') }).waitFor();
      await allHindi(page, 'the sign-in dialog', read, d);

      const register = hi('account', 'account.switch.register');
      await d.getByRole('button', { name: register, exact: true }).click();
      await d.getByRole('heading', { name: hi('account', 'account.title.register') }).waitFor();
      // Sent empty first: the errors are SPEC's texts, in Hindi.
      await d.getByRole('button', { name: register, exact: true }).first().click();
      await d.getByText(hi('spec', 'Required')).first().waitFor();
      await allHindi(page, 'the register dialog with its errors', read, d);
      await field(d, hi('account', 'account.name')).fill(p.name);
      await field(d, hi('account', 'account.email')).fill(p.email);
      await field(d, hi('account', 'account.phone')).fill(p.phone);
      await field(d, hi('account', 'account.password')).fill(p.password);
      await field(d, hi('account', 'account.confirmPassword')).fill(p.password);
      await d.getByRole('checkbox').check();
      await d.getByRole('button', { name: register, exact: true }).first().click();

      await d.getByText(hi('account', 'account.verificationProcess')).waitFor();
      await allHindi(page, 'the code step', read, d, [p.email, p.phone]);
      await field(d, hi('account', 'account.token.email')).fill(await codeFor(p.email));
      await field(d, hi('account', 'account.token.phone')).fill(await codeFor(`+91${p.phone}`));
      await d.getByRole('button', { name: hi('account', 'account.verify'), exact: true }).click();
      await page.getByText(hi('account', 'account.pleaseSignIn')).waitFor();
      await field(d, hi('account', 'account.userName')).fill(p.email);
      await field(d, hi('account', 'account.password')).fill(p.password);
      await d.getByRole('button', { name: hi('account', 'account.switch.signin'), exact: true }).click();
      await page.getByText(hi('spec', 'Login Successfully')).waitFor();

      // My Experts, from the avatar menu.
      if (viewport.width < 800) await page.getByRole('button', { name: hi('shell', 'header.openMenu') }).click();
      await page
        .getByRole('button', { name: hi('shell', 'menu.accountOf', { name: p.name }) })
        .filter({ visible: true })
        .first()
        .click();
      await Promise.all([
        page.waitForURL((u) => u.pathname === '/user-expert'),
        page
          .getByRole('menuitem', { name: hi('shell', 'menu.expert') })
          .filter({ visible: true })
          .first()
          .click(),
      ]);
      const main = page.locator('main');
      await main.getByRole('heading', { name: hi('dashboard', 'dashboard.heading.expert') }).waitFor();
      await main.getByText(hi('spec', 'No Expert Found')).waitFor();
      await allHindi(page, 'My Experts, empty', read, undefined, [p.name]);

      const [service] = (await api<Ok<Ref[]>>(s.baseUrl, '/services/view')).data;
      const [circle] = (await api<Ok<Ref[]>>(s.baseUrl, '/circles/view')).data;
      const [block] = (await api<Ok<Ref[]>>(s.baseUrl, `/blocks/view?circles[]=${circle.id}`)).data;
      await main.getByRole('button', { name: hi('dashboard', 'dashboard.add.expert') }).click();
      const form = page.locator('dialog[open]').last();
      await form.getByRole('heading', { name: hi('editing', 'editing.add.expert') }).waitFor();
      const submit = form.getByRole('button', { name: hi('editing', 'editing.submit'), exact: true });
      await submit.click();
      await form.getByText(hi('spec', 'Required')).first().waitFor();
      await allHindi(page, 'Add Expert with its errors', read, form);
      await form.getByRole('checkbox', { name: service.title ?? '' }).check();
      await form.getByRole('checkbox', { name: circle.name ?? '' }).check();
      await form.getByRole('checkbox', { name: block.name ?? '' }).check();
      const title = `Dr. Kavita Verma ${n}`;
      await field(form, hi('editing', 'editing.expert.title')).fill(title);
      await form.locator('.editor-body').click();
      await page.keyboard.type('बच्चों की डॉक्टर।');
      await field(form, hi('editing', 'editing.callNow')).fill('+919876543210');
      await submit.click();
      await page.getByText(hi('spec', 'Expert Added Successfully')).waitFor();
      const added = main.locator('article', { hasText: title });
      await added.getByText(hi('dashboard', 'dashboard.status.pending'), { exact: true }).waitFor();
      await allHindi(page, 'My Experts with the new expert', read, undefined, [p.name, title]);
      s.expectNoErrors();
    });
  }
});

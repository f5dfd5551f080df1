import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, fillContactForm, open, useBrowser, waitForHydration } from './browser';
import { ADMIN_EMAIL, TEXT } from './constants';

interface Home {
  siteName: string;
  about: { title: string };
  alert: { title: string } | null;
}

const s = useBrowser('home');
let home: Home;

beforeAll(async () => {
  home = (await api<{ data: Home }>(s.baseUrl, '/home')).data;
});

/** The session-once alert, found by its title (SPEC §2). */
const alertDialog = (page: Page) => page.getByRole('dialog').filter({ hasText: home.alert?.title ?? '' });

/** Gives the alert time to open: it opens in an effect right after hydration. */
async function settle(page: Page) {
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
}

async function dismissAlert(page: Page) {
  const dialog = alertDialog(page);
  if (await dialog.isVisible()) {
    await dialog.getByRole('button', { name: 'OK', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
  }
}

describe('home', () => {
  it('shows the alert once per browser session', async () => {
    expect(home.alert, 'the demo home content has an alert').toBeTruthy();
    const page = s.page;
    await open(page, s.url('/'));
    const dialog = alertDialog(page);
    await dialog.waitFor({ state: 'visible', timeout: 10_000 });
    await dialog.getByRole('button', { name: 'OK', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.reload({ waitUntil: 'load' });
    await settle(page);
    expect(await alertDialog(page).isVisible(), 'the alert opened again in the same session').toBe(false);

    const other = await s.newPage();
    await open(other, s.url('/'));
    await alertDialog(other).waitFor({ state: 'visible', timeout: 10_000 });
    await other.context().close();
    s.expectNoErrors();
  });

  it('shows every section', async () => {
    const page = s.page;
    await open(page, s.url('/'));
    await dismissAlert(page);
    const main = page.locator('main');
    for (const name of [...TEXT.sections, home.about.title, 'Contact']) {
      const heading = main.getByRole('heading', { name, exact: true });
      expect(await heading.count(), `heading "${name}" on /`).toBeGreaterThanOrEqual(1);
      await heading.first().waitFor({ state: 'visible' });
    }
    expect(await page.title()).toContain(home.siteName);
    s.expectNoErrors();
  });

  it('sends the contact form with a document', async () => {
    const page = s.page;
    await open(page, s.url('/contact'));
    await settle(page);
    await dismissAlert(page);
    const name = `E2E Visitor ${Date.now()}`;
    const pdf = join(tmpdir(), `chaupal-e2e-${process.pid}.pdf`);
    await writeFile(
      pdf,
      '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
    );
    const form = await fillContactForm(page, {
      name,
      phone: '+91 9876512345',
      email: 'visitor@e2e.test',
      message: 'A message from the browser journeys, with a document.',
    });
    try {
      // Chromium reads the file when the form is sent, so it stays until then.
      await form.locator('input[type=file]').setInputFiles(pdf);
      await form.getByRole('button', { name: 'Submit', exact: true }).click();
      await page.getByText(TEXT.messageSent, { exact: true }).first().waitFor({ state: 'visible', timeout: 15_000 });
    } finally {
      await rm(pdf, { force: true });
    }

    const outbox = await api<{ data: { channel: string; to: string; text: string }[] }>(
      s.baseUrl,
      `/dev/outbox?to=${encodeURIComponent(ADMIN_EMAIL)}`,
    );
    const mail = outbox.data.find((m) => m.channel === 'email' && m.text.includes(name));
    expect(mail, `an e-mail to ${ADMIN_EMAIL} naming "${name}"`).toBeTruthy();
    expect(mail?.text).toMatch(/File: http.*\.pdf/);
    s.expectNoErrors();
  });

  it('opens the menu drawer on a phone', async () => {
    const page = await s.newPage({ viewport: { width: 375, height: 812 } });
    await open(page, s.url('/'));
    await settle(page);
    await dismissAlert(page);
    const button = page.getByRole('button', { name: TEXT.openMenu, exact: true });
    await button.waitFor({ state: 'visible' });
    const drawerLink = (name: string) => page.getByRole('link', { name, exact: true }).filter({ visible: true });
    expect(await drawerLink('Editions & News').count(), 'the drawer is closed before the click').toBe(0);
    await button.click();
    for (const name of ['Products & Outlets', 'Editions & News']) {
      await drawerLink(name).first().waitFor({ timeout: 5_000 });
    }
    await page.context().close();
    s.expectNoErrors();
  });
});

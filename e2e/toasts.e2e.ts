import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axe, describeViolations, dismissAlert, field, open, SHOTS, useBrowser } from './browser';
import { contributor } from './people';

/**
 * Toasts stay above whatever is open, and are heard there: a toast raised before a dialog, the drawer, a dialog a
 * script opened or a popover is drawn over them and over their backdrop, and is in the accessibility tree (while a
 * modal dialog is open everything outside it is inert). An error stays until it is dismissed or its action succeeds:
 * a wrong password and then the right one, at 375 px and 1280 px.
 */
const s = useBrowser('toasts');

const WIDTHS = [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
];

const errorToast = (page: Page) => page.locator('.toast-error');
const openDialog = (page: Page) => page.locator('dialog[open]').last();

/** Whether the toast holding `text` is what a tap at its centre reaches: nothing is drawn over it, and it is not inert. */
async function onTop(page: Page, text: string): Promise<string> {
  return page.evaluate((text) => {
    const toast = [...document.querySelectorAll('.toast')].find((t) => t.textContent?.includes(text));
    if (!toast) return 'no toast';
    const r = toast.getBoundingClientRect();
    if (!r.width || !r.height) return 'not drawn';
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return toast.contains(hit) ? 'on top' : `under ${hit?.outerHTML.slice(0, 100)}`;
  }, text);
}

/** Chromium's own accessibility tree: the texts and buttons a screen reader is given (inert parts are left out). */
async function heard(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
      nodes: { ignored: boolean; role?: { value: string }; name?: { value: string } }[];
    };
    return nodes
      .filter((n) => !n.ignored && ['StaticText', 'button'].includes(n.role?.value ?? '') && n.name?.value)
      .map((n) => `${n.role?.value}: ${n.name?.value}`);
  } finally {
    await cdp.detach();
  }
}

/** The toast with `text` is drawn on top and given to screen readers, its close button with it. */
async function expectSeenAndHeard(page: Page, text: string, where: string) {
  expect(await onTop(page, text), where).toBe('on top');
  const tree = await heard(page);
  expect(
    tree.filter((n) => n.includes(text)),
    `${where}: the toast in the accessibility tree`,
  ).not.toEqual([]);
  expect(tree, `${where}: its close button in the accessibility tree`).toContain('button: Dismiss message');
}

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `toasts-${name}.png`) });
}

async function expectAxeClean(page: Page, where: string) {
  expect(describeViolations(await axe(page)), where).toEqual([]);
}

/** Opens the sign-in dialog: from the header on a desktop, from the drawer on a phone. */
async function openSignIn(page: Page, narrow: boolean) {
  if (narrow && !(await page.locator('dialog.drawer[open]').count())) {
    await page.getByRole('button', { name: 'Open the menu' }).click();
  }
  await page.getByRole('button', { name: 'Sign in', exact: true }).filter({ visible: true }).last().click();
  await openDialog(page).getByRole('heading', { name: 'Signin' }).waitFor();
}

async function signIn(page: Page, email: string, password: string) {
  const d = openDialog(page);
  await field(d, 'Email/Phone Number').fill(email);
  await field(d, 'Password').fill(password);
  await d.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** The 401 of each wrong password, which the browser logs. */
const wrongPassword = (p: { kind: string; text: string }) => p.kind === 'console' && /status of 401/.test(p.text);

describe('toasts above every layer', () => {
  for (const viewport of WIDTHS) {
    const narrow = viewport.width < 800;
    it(`at ${viewport.width} px: an error raised before a dialog, the drawer, a script’s dialog or a popover stays on top and is heard; the retry that works clears it`, async () => {
      const who = await contributor(s.baseUrl, `Toast Person ${viewport.width}`);
      const page = await s.newPage({ viewport });
      await open(page, s.url('/'));
      await dismissAlert(page);

      // A wrong password: the error shows over the sign-in dialog it came from.
      await openSignIn(page, narrow);
      await signIn(page, who.email, 'Wrong123');
      await errorToast(page).waitFor();
      const error = ((await errorToast(page).locator('[role="alert"]').textContent()) ?? '').trim();
      expect(error).not.toBe('');
      await expectSeenAndHeard(page, error, 'over the dialog it came from');

      // The dialog closes; the error stays (it is no success that goes by itself).
      await openDialog(page).getByRole('button', { name: 'Close', exact: true }).first().click();
      await page.getByRole('heading', { name: 'Signin' }).waitFor({ state: 'hidden' });
      if (narrow) {
        // The drawer the dialog was opened from is still open: the toast is above it.
        await page.locator('dialog.drawer[open]').waitFor();
        await expectSeenAndHeard(page, error, 'over the drawer');
        await page.keyboard.press('Escape');
        await page.locator('dialog.drawer[open]').waitFor({ state: 'hidden' });
      }
      await page.waitForTimeout(5_500);
      await expectSeenAndHeard(page, error, 'on the page, after 5 s');

      // A dialog a script opens, covering the corner where toasts show: the earlier toast goes above it.
      await page.evaluate(() => {
        const d = document.createElement('dialog');
        d.id = 'script-dialog';
        d.setAttribute('aria-label', 'A dialog opened by a script');
        d.style.cssText = 'width: 100vw; height: 100vh; max-width: none; max-height: none; margin: 0; padding: 0;';
        d.innerHTML = '<p>Opened by a script</p><button type="button">Inside</button>';
        document.body.append(d);
        d.showModal();
      });
      await expectSeenAndHeard(page, error, 'over a dialog a script opened');
      await page.evaluate(() => {
        const d = document.getElementById('script-dialog') as HTMLDialogElement;
        d.close();
        d.remove();
      });

      // A popover over the whole page, opened after the toast.
      await page.evaluate(() => {
        const p = document.createElement('div');
        p.id = 'script-popover';
        p.popover = 'auto';
        p.style.cssText = 'inset: 0; width: 100vw; height: 100vh; margin: 0; background: #ddd;';
        p.textContent = 'A popover';
        document.body.append(p);
        p.showPopover();
      });
      // A popover's opening changes no attribute: the toast goes above it in the frame the popover is first drawn in.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      expect(await onTop(page, error), 'over a popover').toBe('on top');
      expect(await page.evaluate(() => document.getElementById('script-popover')?.matches(':popover-open'))).toBe(true);
      await page.evaluate(() => document.getElementById('script-popover')?.remove());

      // The sign-in dialog opens again, after the toast: the toast is above its backdrop.
      await openSignIn(page, narrow);
      await expectSeenAndHeard(page, error, 'over a dialog opened after it');
      await shot(page, `${viewport.width}-error-over-dialog`);
      await expectAxeClean(page, 'the sign-in dialog with the error over it');

      // Its × works and is named; a second wrong password brings the error back.
      await page.getByRole('button', { name: 'Dismiss message' }).click();
      await expect.poll(() => errorToast(page).count()).toBe(0);
      await signIn(page, who.email, 'Wrong456');
      await errorToast(page).waitFor();

      // The right password: the error goes at once, replaced by the success.
      await signIn(page, who.email, who.password);
      await page.getByText('Login Successfully').waitFor();
      expect(await errorToast(page).count()).toBe(0);
      expect(await onTop(page, 'Login Successfully')).toBe('on top');
      await shot(page, `${viewport.width}-success`);
      await expectAxeClean(page, 'signed in, with the success toast');
      // A success still goes after 5 s.
      await page.getByText('Login Successfully').waitFor({ state: 'hidden', timeout: 8_000 });
      s.expectNoErrors(wrongPassword);
      await page.context().close();
    });
  }
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, field, open, useBrowser } from './browser';

const s = useBrowser('account');

interface OutboxMessage {
  to: string;
  code: string | null;
}

/** The newest code the development outbox holds for an address. */
async function codeFor(to: string): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(
      async () => {
        const { data } = await api<{ data: OutboxMessage[] }>(s.baseUrl, `/dev/outbox?to=${encodeURIComponent(to)}`);
        code = data[0]?.code ?? null;
        return code;
      },
      { timeout: 10_000 },
    )
    .toMatch(/^\d{6}$/);
  return code as unknown as string;
}

let n = 0;
function person() {
  n += 1;
  const digits = `9${String(Date.now() + n).slice(-9)}`;
  return {
    name: `Meera Joshi ${n}`,
    email: `meera.${Date.now()}.${n}@example.com`,
    phone: digits,
    password: 'Secret123',
  };
}

const dialog = (page: Page) => page.locator('dialog[open]');

async function openDialog(page: Page) {
  await open(page, s.url('/'));
  // Each journey starts signed out.
  await page.evaluate(() => {
    localStorage.removeItem('chaupal.token');
    localStorage.removeItem('chaupal.user');
  });
  await open(page, s.url('/'));
  // The alert of the home page comes first in a new session: dismiss it.
  const ok = page.getByRole('button', { name: 'OK', exact: true });
  if (await ok.isVisible().catch(() => false)) await ok.click();
  await page.locator('header').getByRole('button', { name: 'Sign in', exact: true }).first().click();
  await dialog(page).getByRole('heading', { name: 'Signin' }).waitFor();
}

async function fillRegister(page: Page, p: ReturnType<typeof person>, password = p.password) {
  const d = dialog(page);
  await d.getByRole('button', { name: 'Register', exact: true }).click();
  await d.getByRole('heading', { name: 'Register' }).waitFor();
  await field(d, 'Name').fill(p.name);
  await field(d, 'Email').fill(p.email);
  await field(d, 'Phone').fill(p.phone);
  await field(d, 'Password').fill(password);
  await field(d, 'Confirm Password').fill(password);
  await d.getByRole('checkbox').check();
  await d.getByRole('button', { name: 'Register', exact: true }).last().click();
}

/** Registers in the dialog, verifies both codes from the outbox, and signs in: the SPEC §4 path to a session. */
async function registerAndSignIn(page: Page) {
  const p = person();
  await openDialog(page);
  await fillRegister(page, p);
  const d = dialog(page);
  await d.getByText('Verification Process').waitFor();
  await field(d, 'Email Token').fill(await codeFor(p.email));
  await field(d, 'Phone Token').fill(await codeFor(`+91${p.phone}`));
  await d.getByRole('button', { name: 'Verify', exact: true }).click();
  await page.getByText('Please Login with your Credentials').waitFor();
  await d.getByRole('heading', { name: 'Signin' }).waitFor();
  await field(d, 'Email/Phone Number').fill(p.email);
  await field(d, 'Password').fill(p.password);
  await d.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByText('Login Successfully').waitFor();
  return p;
}

describe('accounts in the browser', () => {
  it('register → codes from the dev outbox → verify → sign in', async () => {
    const page = s.page;
    const p = await registerAndSignIn(page);
    await page
      .getByRole('button', { name: `Account of ${p.name}` })
      .first()
      .waitFor();
    await page
      .getByRole('button', { name: `Account of ${p.name}` })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByText('Logout Successfully').waitFor();
    s.expectNoErrors();
  });

  it('a wrong code shows "Email: Invalid Token" and keeps the input', async () => {
    const page = s.page;
    const p = person();
    await openDialog(page);
    await fillRegister(page, p);
    const d = dialog(page);
    await d.getByText('Verification Process').waitFor();
    const right = await codeFor(p.email);
    await field(d, 'Email Token').fill(right === '000000' ? '111111' : '000000');
    await field(d, 'Phone Token').fill(await codeFor(`+91${p.phone}`));
    await d.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.getByText('Email: Invalid Token').waitFor();
    // The phone code was right: its input disappears, the e-mail one stays.
    await expect.poll(() => field(d, 'Phone Token').count()).toBe(0);
    expect(await field(d, 'Email Token').isVisible()).toBe(true);
    s.expectNoErrors((x) => x.kind === 'console' && /status of 400/.test(x.text));
  });

  it('a weak password shows the SPEC message', async () => {
    const page = s.page;
    await openDialog(page);
    await fillRegister(page, person(), 'weakpass');
    await dialog(page)
      .getByText(
        'Password must be between 6 to 20 characters with at least one numeric digit, one uppercase and one lowercase letter.',
      )
      .waitFor();
    s.expectNoErrors();
  });

  it('forgot password end to end', async () => {
    const page = s.page;
    const p = person();
    // An account made through the API, verified with the codes from the outbox.
    const reg = await fetch(`${s.baseUrl}/api/backend/v1/user/customer/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...p }),
    }).then((r) => r.json());
    for (const [id, to] of [
      [reg.data.emailVerficationId, p.email],
      [reg.data.phoneVerficationId, `+91${p.phone}`],
    ]) {
      await fetch(`${s.baseUrl}/api/backend/v1/user/verification/token/validate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userId: reg.data.user.id, verificationId: id, token: await codeFor(to) }),
      });
    }
    await openDialog(page);
    const d = dialog(page);
    await d.getByRole('button', { name: 'Forgot password?' }).click();
    await d.getByRole('heading', { name: 'Reset Password' }).waitFor();
    await field(d, 'Email/Phone Number').fill(p.email);
    await d.getByRole('button', { name: 'Submit', exact: true }).click();
    await field(d, 'OTP').waitFor();
    // The reset code is the newest message to the e-mail.
    await expect.poll(async () => (await codeFor(p.email)).length).toBe(6);
    await field(d, 'OTP').fill(await codeFor(p.email));
    await d.getByRole('button', { name: 'Submit', exact: true }).click();
    await field(d, 'New Password').fill('Changed456');
    await field(d, 'Confirm Password').fill('Changed456');
    await d.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.getByText('Updated Successfully').waitFor();
    await d.getByRole('heading', { name: 'Signin' }).waitFor();
    await field(d, 'Email/Phone Number').fill(p.email);
    await field(d, 'Password').fill('Changed456');
    await d.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Login Successfully').waitFor();
    s.expectNoErrors();
  });

  it('changing the phone in the profile sends the user through /user-verification and back', async () => {
    const page = s.page;
    const p = await registerAndSignIn(page);

    // SPEC §2: /?openProfile=true opens the Edit Profile dialog.
    await open(page, s.url('/?openProfile=true'));
    const profile = page.locator('dialog[open]').filter({ has: page.getByRole('heading', { name: 'Edit Profile' }) });
    await field(profile, 'Name').waitFor();
    const newPhone = `8${String(Date.now()).slice(-9)}`;
    await field(profile, 'Phone').fill(`+91 ${newPhone}`);
    await profile.getByRole('button', { name: 'Update', exact: true }).click();
    await page.waitForURL(
      (u) =>
        u.pathname === '/user-verification' && u.searchParams.get('phone') === 'true' && !u.searchParams.has('email'),
    );
    await field(page.locator('main'), 'Email/Phone Number').fill(p.email);
    await page.locator('main').getByRole('button', { name: 'Submit', exact: true }).click();
    await field(page.locator('main'), 'Phone Token').fill(await codeFor(`+91${newPhone}`));
    await page.locator('main').getByRole('button', { name: 'Verify', exact: true }).click();
    await page.getByText('Verification Successfully').waitFor();
    await page.waitForURL((u) => u.pathname === '/');
    await page
      .getByRole('button', { name: `Account of ${p.name}` })
      .first()
      .waitFor();
    s.expectNoErrors();
  });
});

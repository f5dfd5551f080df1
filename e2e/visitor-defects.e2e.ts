import { describe, expect, it } from 'vitest';
import { api, axe, describeViolations, dismissAlert, field, fillContactForm, open, useBrowser } from './browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, DATE_TIME } from './constants';
import { filterPath } from './data';
import { adminSignsInFromHeader } from './people';

const PASSWORD_RULE =
  'Password must be between 6 to 20 characters with at least one numeric digit, one uppercase and one lowercase letter.';

/** What a new visitor tripped over, each defect as a journey at the widths it was seen at. */
const s = useBrowser('visitor-defects');

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };

interface Row {
  slug: string;
  title: string;
  metaTitle?: string;
}

describe('what a new visitor trips over', () => {
  it('9: a record whose meta title already names the site is not suffixed with the site again', async () => {
    const [article] = (await api<{ data: Row[] }>(s.baseUrl, '/newss/view?pageSize=1')).data;
    const full = (await api<{ data: Row }>(s.baseUrl, `/newss/slug/${article.slug}`)).data;
    // The demo's articles carry "<title> | <site name>" as their meta title.
    expect(full.metaTitle).toMatch(/ \| /);
    const page = await s.newPage({ viewport: DESKTOP });
    await open(page, s.url(`/news/${article.slug}`));
    expect(await page.title()).toBe(full.metaTitle);
    // A page without its own site name still gets the site's title once.
    await open(page, s.url('/services'));
    const title = await page.title();
    expect(title.split(' | ')).toHaveLength(2);
    await page.close();
  });

  for (const viewport of [PHONE, DESKTOP]) {
    it(`10: at ${viewport.width} px the share buttons say they share, apart from the listing's own WhatsApp`, async () => {
      const [outlet] = (await api<{ data: (Row & { whatsapp_no?: string })[] }>(s.baseUrl, '/outlets/view?pageSize=50'))
        .data;
      const page = await s.newPage({ viewport });
      await open(page, s.url(`/outlets/${outlet.slug}`));
      await dismissAlert(page);
      const share = page.getByRole('group', { name: 'Share' });
      await expect(share.getByText('Share', { exact: true }).isVisible()).resolves.toBe(true);
      for (const to of ['WhatsApp', 'Facebook', 'X', 'LinkedIn'])
        expect(await share.getByRole('link', { name: `Share on ${to}`, exact: true }).count(), to).toBe(1);
      // No share button is named like a contact button of the listing.
      expect(await share.getByRole('link', { name: 'WhatsApp', exact: true }).count()).toBe(0);
      const violations = await axe(page);
      expect(describeViolations(violations)).toEqual([]);
      await page.close();
    });
  }

  for (const viewport of [PHONE, DESKTOP]) {
    it(`11: at ${viewport.width} px an unknown circle or locality in the URL lists nothing and says so`, async () => {
      const { taxon, circle } = await filterPath(s.baseUrl, 'outlets');
      const page = await s.newPage({ viewport });
      const outletLinks = page.locator('main a[href^="/outlets/"]');
      const base = `/category/${taxon.slug}`;

      // An unknown circle: served empty by the server too (no unfiltered list in the HTML).
      const res = await open(page, s.url(`${base}/Atlantis?circleName=Atlantis`));
      expect(res.status()).toBe(200);
      const html = await res.text();
      expect(html).toContain('There is no circle named “Atlantis”.');
      expect(html).not.toMatch(/href="\/outlets\//);
      await page.getByText('No Outlets Found', { exact: true }).waitFor();
      expect(await outletLinks.count()).toBe(0);
      expect(await page.getByLabel('Circle').inputValue()).toBe('Atlantis');
      let violations = await axe(page);
      expect(describeViolations(violations)).toEqual([]);

      // A locality the circle does not have.
      const q = new URLSearchParams({ circleName: circle.name, blockName: 'Nowhere Lane' });
      await open(page, s.url(`${base}/${encodeURIComponent(circle.name)}?${q}`));
      await page.getByText(`There is no locality named “Nowhere Lane” in ${circle.name}.`).waitFor();
      await page.getByText('No Outlets Found', { exact: true }).waitFor();
      expect(await outletLinks.count()).toBe(0);
      expect(await page.getByLabel('Locality').inputValue()).toBe('Nowhere Lane');
      violations = await axe(page);
      expect(describeViolations(violations)).toEqual([]);

      // The way out: every place again, and the list fills.
      await page.getByRole('link', { name: 'Show all places', exact: true }).click();
      await page.waitForURL((u) => u.pathname === base && !u.search);
      await outletLinks.first().waitFor();
      await page.close();
    });
  }

  it('12: the admin console shows times in SITE_TZ, not in the browser’s zone', async () => {
    // The server runs with SITE_TZ=Asia/Kolkata; this browser lives in New York.
    const page = await s.newPage({ viewport: DESKTOP, timezoneId: 'America/New_York' });
    await open(page, s.url('/'));
    await dismissAlert(page);
    await adminSignsInFromHeader(page);
    const token = await page.evaluate(() => localStorage.getItem('chaupal.token'));
    // One audited write (a held circle, which no visitor sees), so the log's newest entry is known.
    const made = await fetch(`${s.baseUrl}/api/backend/v1/admin/circles`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Audit probe ${Date.now()}`, status: 'hold' }),
    });
    expect(made.status).toBe(200);
    await open(page, s.url('/admin/audit'));
    const cell = page.locator('table tbody tr').first().locator('td').first();
    await cell.waitFor();
    const shown = (await cell.textContent())?.trim() ?? '';
    expect(shown).toMatch(DATE_TIME);
    const res = await fetch(`${s.baseUrl}/api/backend/v1/admin/audit?pageSize=1`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const [entry] = ((await res.json()) as { data: { createdAt: string }[] }).data;
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone: 'Asia/Kolkata',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        weekday: 'long',
        hour: 'numeric',
        minute: '2-digit',
        hour12: true,
      })
        .formatToParts(new Date(entry.createdAt))
        .map((p) => [p.type, p.value]),
    );
    const kolkata = `${parts.year}-${parts.month}-${parts.day} ${parts.weekday} ${parts.hour}:${parts.minute} ${String(parts.dayPeriod).toUpperCase()}`;
    expect(shown).toBe(kolkata);
    await page.close();
  });

  it('7: register with empty fields says Required, and a sent code says so (SPEC §5, §8)', async () => {
    const page = await s.newPage({ viewport: DESKTOP });
    await open(page, s.url('/'));
    await dismissAlert(page);
    await page.locator('header').getByRole('button', { name: 'Sign in', exact: true }).first().click();
    const d = page.locator('dialog[open]');
    await d.getByRole('button', { name: 'Register', exact: true }).click();
    await d.getByRole('heading', { name: 'Register' }).waitFor();
    await d.getByRole('button', { name: 'Register', exact: true }).last().click();
    await d.getByText('Required').first().waitFor();
    // Name, Email, Phone, Password, Confirm Password and the privacy box: each is Required, no rule is shown yet.
    expect(await d.getByText('Required', { exact: true }).count()).toBe(6);
    expect(await d.getByText(PASSWORD_RULE).count()).toBe(0);
    // A weak password still gets the rule.
    await field(d, 'Password').fill('weak');
    await d.getByRole('button', { name: 'Register', exact: true }).last().click();
    await d.getByText(PASSWORD_RULE).waitFor();

    const stamp = Date.now();
    await field(d, 'Name').fill('Rekha Joshi');
    await field(d, 'Email').fill(`rekha.${stamp}@example.com`);
    await field(d, 'Phone').fill(`7${String(stamp).slice(-9)}`);
    await field(d, 'Password').fill('Secret123');
    await field(d, 'Confirm Password').fill('Secret123');
    await d.getByRole('checkbox').check();
    await d.getByRole('button', { name: 'Register', exact: true }).last().click();
    const toast = page.getByRole('status').filter({ hasText: 'Kindly Check Phone SMS and Email' });
    await toast.waitFor({ state: 'attached' });
    expect((await toast.textContent())?.trim()).toBe('OTP Send Successfully: Kindly Check Phone SMS and Email');
    await page.close();
  });

  for (const viewport of [PHONE, DESKTOP]) {
    it(`6: at ${viewport.width} px the same menu entry clicked again scrolls to its section again`, async () => {
      const page = await s.newPage({ viewport });
      await open(page, s.url('/'));
      await dismissAlert(page);
      const about = async () => {
        if (viewport === PHONE) {
          await page.getByRole('button', { name: 'Open the menu' }).click();
          await page.locator('dialog[open]').getByRole('link', { name: 'About', exact: true }).click();
          // Getting somewhere closes the drawer, whether the app or a new page answers the link.
          await page.locator('dialog.drawer[open]').waitFor({ state: 'detached' });
        } else {
          await page
            .getByRole('navigation', { name: 'Main' })
            .getByRole('link', { name: 'About', exact: true })
            .click();
        }
      };
      const sectionTop = () => page.evaluate(() => document.getElementById('about')?.getBoundingClientRect().top ?? -1);
      const settle = () =>
        page.waitForFunction(() => {
          const top = document.getElementById('about')?.getBoundingClientRect().top ?? 999;
          return Math.abs(top) < 120;
        });
      await about();
      await settle();
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      expect(await sectionTop()).toBeGreaterThan(300);
      await about();
      await settle();
      expect(Math.abs(await sectionTop())).toBeLessThan(120);
      await page.close();
    });
  }

  for (const viewport of [PHONE, DESKTOP]) {
    it(`2: at ${viewport.width} px a toast raised in a dialog shows above it and its backdrop, and is announced`, async () => {
      const page = await s.newPage({ viewport });
      await open(page, s.url('/'));
      await dismissAlert(page);
      if (viewport === PHONE) {
        await page.getByRole('button', { name: 'Open the menu' }).click();
        await page.locator('dialog.drawer').getByRole('button', { name: 'Sign in', exact: true }).click();
      } else {
        await page.locator('header').getByRole('button', { name: 'Sign in', exact: true }).first().click();
      }
      const signin = page.locator('dialog[open]').filter({ has: page.getByRole('heading', { name: 'Signin' }) });
      await field(signin, 'Email/Phone Number').fill(ADMIN_EMAIL);
      await field(signin, 'Password').fill('NotThePassword1');
      await signin.getByRole('button', { name: 'Sign in', exact: true }).click();
      // Announced: an alert in the accessibility tree (not inert behind the modal dialog).
      const alert = page.getByRole('alert').filter({ hasText: 'Wrong e-mail, phone or password.' });
      await alert.waitFor();
      // On top: the point at the toast's centre hits the toast, not the dialog, the drawer or the backdrop.
      const onTop = await alert.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return Boolean(hit && el.contains(hit)) && r.bottom <= window.innerHeight && r.top >= 0;
      });
      expect(onTop).toBe(true);
      const violations = await axe(page);
      expect(describeViolations(violations)).toEqual([]);
      await page.close();
    });
  }

  it('3: at 375 px signing in from the drawer, or going somewhere from it, closes it', async () => {
    const page = await s.newPage({ viewport: PHONE });
    await open(page, s.url('/'));
    await dismissAlert(page);
    const drawer = page.locator('dialog.drawer');
    await page.getByRole('button', { name: 'Open the menu' }).click();
    await drawer.getByRole('button', { name: 'Sign in', exact: true }).click();
    const signin = page.locator('dialog[open]').filter({ has: page.getByRole('heading', { name: 'Signin' }) });
    await field(signin, 'Email/Phone Number').fill(ADMIN_EMAIL);
    await field(signin, 'Password').fill(ADMIN_PASSWORD);
    await signin.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Login Successfully').waitFor({ state: 'attached' });
    await expect(drawer.evaluate((d) => (d as HTMLDialogElement).open)).resolves.toBe(false);
    // From the avatar menu in the drawer to a dashboard: the drawer does not stay over it.
    await page.getByRole('button', { name: 'Open the menu' }).click();
    await drawer.getByRole('button', { name: /^Account of / }).click();
    await drawer.getByRole('menuitem', { name: 'Outlets', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/user-outlet');
    await expect(drawer.evaluate((d) => (d as HTMLDialogElement).open)).resolves.toBe(false);
    // Focus is not left inside the closed drawer.
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog.drawer')))).toBe(false);
    await page.evaluate(() => {
      localStorage.removeItem('chaupal.token');
      localStorage.removeItem('chaupal.user');
    });
    await page.close();
  });

  it('5: at 375 px "Message Sent" shows where the visitor is, at Submit, and is announced', async () => {
    const page = await s.newPage({ viewport: PHONE });
    await open(page, s.url('/contact'));
    await dismissAlert(page);
    const form = await fillContactForm(page, {
      name: 'Visitor At Submit',
      phone: '+91 9876512399',
      email: 'at.submit@e2e.test',
      message: 'Where does the confirmation show?',
    });
    await form.getByRole('button', { name: 'Submit', exact: true }).click();
    const sent = form.getByRole('status').getByText('Message Sent', { exact: true });
    await sent.waitFor({ state: 'visible', timeout: 15_000 });
    // It comes into view (a smooth scroll at most): wholly inside the phone's screen.
    await page.waitForFunction(() => {
      const el = [...document.querySelectorAll('form [role="status"] p')].find((p) => p.textContent === 'Message Sent');
      const r = el?.getBoundingClientRect();
      return Boolean(r && r.top >= 0 && r.bottom <= window.innerHeight);
    });
    await page.close();
  });

  for (const viewport of [PHONE, DESKTOP]) {
    it(`13: at ${viewport.width} px /?openProfile=true opens Edit Profile alone, and the alert after it`, async () => {
      const login = (await fetch(`${s.baseUrl}/api/backend/v1/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userName: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
      }).then((r) => r.json())) as { token: string; data: unknown };
      const page = await s.newPage({ viewport });
      await page.goto(s.url('/policy/none'));
      await page.evaluate(
        ([token, user]) => {
          localStorage.setItem('chaupal.token', token as string);
          localStorage.setItem('chaupal.user', JSON.stringify(user));
        },
        [login.token, login.data] as const,
      );
      await open(page, s.url('/?openProfile=true'));
      const profile = page.locator('dialog[open]').filter({ has: page.getByRole('heading', { name: 'Edit Profile' }) });
      await profile.waitFor();
      // Give the alert every chance to stack on top: it must not.
      await page.waitForTimeout(1000);
      expect(await page.locator('dialog[open]').count()).toBe(1);
      await profile.getByRole('button', { name: 'Close' }).first().click();
      const ok = page.locator('dialog[open]').getByRole('button', { name: 'OK', exact: true });
      await ok.waitFor();
      expect(await page.locator('dialog[open]').count()).toBe(1);
      await ok.click();
      await page.evaluate(() => {
        localStorage.removeItem('chaupal.token');
        localStorage.removeItem('chaupal.user');
      });
      await page.close();
    });
  }
});

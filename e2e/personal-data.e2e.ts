import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, axe, describeViolations, field, open, useBrowser, waitForHydration } from './browser';
import { admin, contributor, type Person, signInAs } from './people';

/**
 * Issue 16: a person downloads their data and deletes their account from Edit Profile, at a phone's width and a
 * desktop's, with the privacy policy linked beside both; axe finds nothing on either step.
 */
const s = useBrowser('personal-data');
/** The privacy policy Register links: the first public Policies entry (other journeys may add policies too). */
let policy: { id: string; title: string };

beforeAll(async () => {
  const a = await admin(s.baseUrl);
  const res = await fetch(`${s.baseUrl}/api/backend/v1/admin/policies`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${a.token}` },
    body: JSON.stringify({ title: 'Privacy Policy', content: '<p>What we keep and why.</p>', type: 1 }),
  });
  expect(res.status).toBe(200);
  const all = await api<{ data: { id: string; title: string; type: number }[] }>(s.baseUrl, '/policy/viewall/public');
  policy = all.data.find((p) => p.type === 1) as typeof policy;
});

/** The newest code the development outbox holds for an address. */
async function codeFor(to: string, not?: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const { data } = await api<{ data: { code: string | null }[] }>(
          s.baseUrl,
          `/dev/outbox?to=${encodeURIComponent(to)}`,
        );
        code = data[0]?.code ?? '';
        return code && code !== not ? code : '';
      },
      { timeout: 10_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

async function openProfile(page: Page, who: Person) {
  await signInAs(page, s.baseUrl, who);
  await open(page, s.url('/?openProfile=true'));
  await waitForHydration(page);
  const profile = page.locator('dialog[open]').filter({ has: page.getByRole('heading', { name: 'Edit Profile' }) });
  await field(profile, 'Name').waitFor();
  return profile;
}

async function expectAxeClean(page: Page) {
  expect(describeViolations(await axe(page))).toEqual([]);
}

for (const width of [375, 1280]) {
  describe(`your data at ${width} px`, () => {
    let page: Page;
    let who: Person;
    beforeAll(async () => {
      page = await s.newPage({ viewport: { width, height: 900 }, acceptDownloads: true });
      who = await contributor(s.baseUrl, `Data Person ${width}`);
    });

    it('downloads a JSON file of the person’s own data, the privacy policy linked beside it', async () => {
      const profile = await openProfile(page, who);
      const section = profile.getByRole('region', { name: 'Your data' });
      await section.scrollIntoViewIfNeeded();
      const link = section.getByRole('link', { name: policy.title });
      expect(await link.getAttribute('href')).toBe(`/policy/${policy.id}`);
      await expectAxeClean(page);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        section.getByRole('button', { name: 'Download my data' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d\d-\d\d\.json$/);
      const data = JSON.parse(await readFile((await download.path()) as string, 'utf8'));
      expect(data.profile).toMatchObject({ id: who.user.id, email: who.email, name: `Data Person ${width}` });
      expect(data.consents).toEqual([
        expect.objectContaining({ policyId: policy.id, policyTitle: policy.title, acceptedAt: expect.any(String) }),
      ]);
      expect(data.logins.length).toBeGreaterThan(0);
      expect(Object.keys(data.records)).toEqual(['expert', 'outlet', 'news', 'feature']);
      await page.getByText('Your data is downloading').waitFor();
      s.expectNoErrors();
    });

    it('deletes the account with the e-mailed code: signed out, sent home, the old token refused', async () => {
      const profile = await openProfile(page, who);
      const section = profile.getByRole('region', { name: 'Your data' });
      await section.getByRole('button', { name: 'Delete my account' }).click();
      const token = field(section, 'Email Token');
      await token.waitFor();
      await section.getByText(/We sent a code to/).waitFor();
      expect(await section.getByRole('link', { name: policy.title }).count()).toBe(2);
      await expectAxeClean(page);

      // A wrong code is refused under the field, and nothing is deleted.
      const code = await codeFor(who.email);
      await token.fill(code === '000000' ? '111111' : '000000');
      await section.getByRole('button', { name: 'Delete my account' }).click();
      await section.getByText('Invalid Token').first().waitFor();
      await expectAxeClean(page);

      await token.fill(code);
      await section.getByRole('button', { name: 'Delete my account' }).click();
      await page.getByText('Account Deleted').waitFor();
      await page.waitForURL((u) => u.pathname === '/');
      // The header (the drawer on a phone) no longer names the person.
      await expect.poll(() => page.getByRole('button', { name: `Account of ${who.user.name}` }).count()).toBe(0);
      expect(await page.evaluate(() => localStorage.getItem('chaupal.token'))).toBeNull();
      const again = await fetch(`${s.baseUrl}/api/backend/v1/user/profile/view`, {
        headers: { authorization: `Bearer ${who.token}` },
      });
      expect(again.status).toBe(401);
      s.expectNoErrors((p) => p.kind === 'console' && /status of 400/.test(p.text));
    });
  });
}

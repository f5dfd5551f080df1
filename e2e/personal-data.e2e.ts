import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, axe, describeViolations, field, open, useBrowser, waitForHydration } from './browser';
import { admin, contributor, type Person, signInAs } from './people';

/**
 * A person downloads their data and deletes their account from Edit Profile, at a phone's width and a
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

/** After a deletion: the toast, the home page, no session and no name in the header (the drawer on a phone). */
async function expectSignedOutAtHome(page: Page, who: Person) {
  await page.getByText('Account Deleted').waitFor();
  await page.waitForURL((u) => u.pathname === '/');
  expect(await page.evaluate(() => localStorage.getItem('chaupal.token'))).toBeNull();
  await expect.poll(() => page.getByRole('button', { name: `Account of ${who.user.name}` }).count()).toBe(0);
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
      expect(download.suggestedFilename()).toMatch(/^chaupal-data-\d{4}-\d\d-\d\d\.json$/);
      const data = JSON.parse(await readFile((await download.path()) as string, 'utf8'));
      expect(data.profile).toMatchObject({ id: who.user.id, email: who.email, name: `Data Person ${width}` });
      expect(data.consents).toEqual([
        expect.objectContaining({ policyId: policy.id, policyTitle: policy.title, acceptedAt: expect.any(String) }),
      ]);
      expect(data.logins.length).toBeGreaterThan(0);
      expect(Object.keys(data.records)).toEqual(['expert', 'outlet', 'news', 'feature', 'event']);
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
      await expectSignedOutAtHome(page, who);
      const again = await fetch(`${s.baseUrl}/api/backend/v1/user/profile/view`, {
        headers: { authorization: `Bearer ${who.token}` },
      });
      expect(again.status).toBe(401);
      s.expectNoErrors((p) => p.kind === 'console' && /status of 400/.test(p.text));
    });
  });
}

describe('records kept under "Former member" (the console\'s Privacy setting)', () => {
  let adminPerson: Person;
  let owner: Person;
  let outlet: { id: string; slug: string; title: string };
  const call = async (path: string, token: string, body?: object, method = 'POST') => {
    const res = await fetch(`${s.baseUrl}/api/backend/v1${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: body ? JSON.stringify(body) : undefined,
    });
    expect(res.status, `${path}`).toBe(200);
    return (await res.json()) as { data: { id: string; slug: string; title: string } };
  };

  beforeAll(async () => {
    adminPerson = await admin(s.baseUrl);
    owner = await contributor(s.baseUrl, 'Kept Owner');
    const [category] = (await api<{ data: { id: string }[] }>(s.baseUrl, '/categories/view')).data;
    const [circle] = (await api<{ data: { id: string }[] }>(s.baseUrl, '/circles/view')).data;
    const [block] = (await api<{ data: { id: string }[] }>(s.baseUrl, `/blocks/view?circles[]=${circle.id}`)).data;
    outlet = (
      await call('/outlet/add', owner.token, {
        title: `Kept Corner ${Date.now()}`,
        categories: [category.id],
        circles: [circle.id],
        blocks: [block.id],
        call_now: '9876543210',
        description: '<p>Stays after its owner leaves.</p>',
      })
    ).data;
    await call(`/admin/records/outlet/${outlet.id}/approve`, adminPerson.token, {});
  }, 60_000);

  afterAll(async () => {
    await call('/admin/home/privacy', adminPerson.token, { accountDeletion: 'remove' }, 'PUT');
  });

  it('is chosen in the console, and the deleted person’s outlet stays public', async () => {
    const page = await s.newPage({ viewport: { width: 1280, height: 900 } });
    await signInAs(page, s.baseUrl, adminPerson);
    await open(page, s.url('/admin/home'));
    const privacy = page.getByRole('region', { name: 'Privacy' });
    await field(privacy, 'When a person deletes their account').selectOption({
      label: 'Keep their records under “Former member”',
    });
    await privacy.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Updated Successfully').waitFor();

    const profile = await openProfile(page, owner);
    const section = profile.getByRole('region', { name: 'Your data' });
    await section.getByRole('button', { name: 'Delete my account' }).click();
    await field(section, 'Email Token').fill(await codeFor(owner.email));
    await section.getByRole('button', { name: 'Delete my account' }).click();
    await expectSignedOutAtHome(page, owner);

    const visitor = await s.newPage();
    const res = await open(visitor, s.url(`/outlets/${outlet.slug}`));
    expect(res.status()).toBe(200);
    await visitor.getByRole('heading', { name: outlet.title }).first().waitFor();
    s.expectNoErrors();
  });
});

import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, axe, describeViolations, dismissAlert, fillContactForm, open, useBrowser } from './browser';
import { type Area, list, type Ref, taxa } from './data';
import { admin, contributor, type Person, signInAs } from './people';

const AREAS: Record<Area, { list: string; detail: string; dashboard: string; noun: string }> = {
  experts: { list: '/service/', detail: '/experts/', dashboard: '/user-expert', noun: 'Expert' },
  outlets: { list: '/category/', detail: '/outlets/', dashboard: '/user-outlet', noun: 'Outlet' },
  news: { list: '/edition/', detail: '/news/', dashboard: '/user-news', noun: 'News' },
  features: { list: '/page/', detail: '/article/', dashboard: '/user-article', noun: 'Feature' },
};

/** Collects axe's findings per screen, so one run names every screen that fails. */
function auditor(page: Page) {
  const found: Record<string, string[]> = {};
  return {
    async check(name: string) {
      const v = describeViolations(await axe(page));
      if (v.length) found[name] = v;
    },
    expectClean() {
      expect(found).toEqual({});
    },
  };
}

const topDialog = (page: Page) => page.locator('dialog[open]').last();

/** Opens a dialog with `trigger`, audits it under `name`, and closes it with Escape. */
async function auditDialog(page: Page, audit: ReturnType<typeof auditor>, name: string, trigger: Locator) {
  const before = await page.locator('dialog[open]').count();
  await trigger.click();
  await expect.poll(() => page.locator('dialog[open]').count()).toBe(before + 1);
  // Let a lazy form (the rich-text editor) finish mounting.
  await page.waitForLoadState('networkidle');
  await audit.check(name);
  await page.keyboard.press('Escape');
  await expect.poll(() => page.locator('dialog[open]').count()).toBe(before);
}

/**
 * Axe reports no violation of any impact on every public screen, every dialog a visitor, a contributor or
 * an admin opens, and every console screen, at one width. a11y-375.e2e.ts and a11y-1280.e2e.ts sweep the two widths,
 * as two files so that they run beside other journeys (the sweep is the longest journey of all).
 */
export function axeSweep(viewport: { width: number; height: number }) {
  const s = useBrowser(`a11y-${viewport.width}`);

  let publicPaths: string[] = [];
  let writer: Person;
  let boss: Person;
  const titles: Partial<Record<Area, string>> = {};
  let eventTitle = '';

  beforeAll(async () => {
    publicPaths = [
      '/',
      '/about',
      '/contact',
      '/services',
      '/categories',
      '/editions',
      '/pages',
      '/news/no-such-record',
    ];
    for (const area of Object.keys(AREAS) as Area[]) {
      const [taxon] = await taxa(s.baseUrl, area);
      const [item] = (await list(s.baseUrl, area, { parent: taxon.id })).data;
      publicPaths.push(`${AREAS[area].list}${taxon.slug}`, `${AREAS[area].detail}${item.slug}`);
    }
    const [policy] = (await api<{ data: Ref[] }>(s.baseUrl, '/policy/viewall/public')).data;
    publicPaths.push(`/policy/${policy.id}`);
    // The events: the list, a window of it, an event type's list and an event's page.
    const [eventType] = (await api<{ data: Ref[] }>(s.baseUrl, '/event-types/view')).data;
    const [event] = (await api<{ data: Ref[] }>(s.baseUrl, '/events/view')).data;
    publicPaths.push('/events', '/events?when=weekend', `/events/type/${eventType.slug}`, `/events/${event.slug}`);

    // A contributor with one record of each kind, waiting for review (so the console's queue has them too).
    writer = await contributor(s.baseUrl, 'Axe Sweep Writer');
    boss = await admin(s.baseUrl);
    const first = async (path: string) => (await api<{ data: Ref[] }>(s.baseUrl, path)).data[0];
    const [service, category, edition, page, circle] = await Promise.all([
      first('/services/view'),
      first('/categories/view'),
      first('/editions/view'),
      first('/pages'),
      first('/circles/view'),
    ]);
    const block = await first(`/blocks/view?circles[]=${circle.id}`);
    const stamp = Date.now();
    const place = { circles: [circle.id], blocks: [block.id] };
    const bodies: Record<Area, [string, object]> = {
      experts: ['/expert/add', { services: [service.id], call_now: '9876543210', description: '<p>Axe sweep.</p>' }],
      outlets: ['/outlet/add', { categories: [category.id], call_now: '9876543210', description: '<p>Axe sweep.</p>' }],
      news: [
        '/news/add',
        { editionId: edition.id, location: 'Devgarh', language: 'English', reporter: 'Axe', content: '<p>Sweep.</p>' },
      ],
      features: [
        '/blog',
        { publishing_Page: page.id, language: 'English', author: 'Axe', location: 'Devgarh', content: '<p>Sweep.</p>' },
      ],
    };
    const add = async (path: string, body: object) => {
      const res = await fetch(`${s.baseUrl}/api/backend/v1${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${writer.token}` },
        body: JSON.stringify({ ...place, ...body }),
      });
      expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
    };
    for (const [area, [path, body]] of Object.entries(bodies) as [Area, [string, object]][]) {
      const title = `Axe sweep ${AREAS[area].noun} ${stamp}`;
      await add(path, { title, ...body });
      titles[area] = title;
    }
    // An event of the writer's, weekly, so its dashboard card and dialogs have a schedule to show.
    eventTitle = `Axe sweep Event ${stamp}`;
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    await add('/event/add', {
      title: eventTitle,
      description: 'Axe sweep.',
      content: '<p>Sweep.</p>',
      eventTypeId: eventType.id,
      startDate: today,
      startTime: '10:00',
      endTime: '12:00',
      repeat: 'week',
      repeatDays: [new Date(`${today}T00:00:00Z`).getUTCDay()],
      repeatUntil: new Date(Date.parse(`${today}T00:00:00Z`) + 28 * 86_400_000).toISOString().slice(0, 10),
      venue_name: 'Town Hall',
      organiser: 'Axe Sweep',
      language: 'en',
    });
  }, 60_000);

  const w = viewport.width;

  describe(`accessibility at ${w} px: no axe violation of any impact`, () => {
    it(`on every public screen at ${w} px`, async () => {
      const page = await s.newPage({ viewport });
      const audit = auditor(page);
      for (const path of publicPaths) {
        await open(page, s.url(path));
        if (path === '/') {
          // The session-once alert, as a first visit shows it.
          await topDialog(page).getByRole('button', { name: 'OK', exact: true }).waitFor();
          await audit.check('/ with the alert');
          await dismissAlert(page);
        }
        await audit.check(path);
      }
      // The contact form, sent.
      await open(page, s.url('/contact'));
      const form = await fillContactForm(page, {
        name: 'Axe Sweep',
        phone: '+91 9876512398',
        email: 'axe.sweep@e2e.test',
        message: 'Checking every screen.',
      });
      await form.getByRole('button', { name: 'Submit', exact: true }).click();
      await form.getByText('Message Sent', { exact: true }).waitFor({ timeout: 15_000 });
      await audit.check('/contact, sent');
      audit.expectClean();
      await page.close();
    });

    it(`on the visitor's dialogs at ${w} px`, async () => {
      const page = await s.newPage({ viewport });
      const audit = auditor(page);
      await open(page, s.url('/services'));
      const signIn =
        w < 768
          ? async () => {
              await page.getByRole('button', { name: 'Open the menu' }).click();
              await audit.check('the drawer');
              await page.locator('dialog.drawer').getByRole('button', { name: 'Sign in', exact: true }).click();
            }
          : () => page.locator('header').getByRole('button', { name: 'Sign in', exact: true }).first().click();
      await signIn();
      await topDialog(page).getByRole('heading', { name: 'Signin' }).waitFor();
      await audit.check('Signin');
      await topDialog(page).getByRole('button', { name: 'Sign in', exact: true }).click();
      await topDialog(page).getByText('Required').first().waitFor();
      await audit.check('Signin, with errors');
      await topDialog(page).getByRole('button', { name: 'Register', exact: true }).click();
      await topDialog(page).getByRole('heading', { name: 'Register' }).waitFor();
      await audit.check('Register');
      await topDialog(page).getByRole('button', { name: 'Register', exact: true }).last().click();
      await topDialog(page).getByText('Required').first().waitFor();
      await audit.check('Register, with errors');
      audit.expectClean();
      await page.close();
    });

    it(`on every dashboard and its dialogs at ${w} px`, async () => {
      const page = await s.newPage({ viewport });
      const audit = auditor(page);
      await signInAs(page, s.baseUrl, writer);
      const dashboards = [
        ...(Object.keys(AREAS) as Area[]).map((area) => ({ ...AREAS[area], title: titles[area] as string })),
        { dashboard: '/user-events', noun: 'Event', title: eventTitle },
      ];
      for (const { dashboard, noun, title } of dashboards) {
        await open(page, s.url(dashboard));
        const card = page.locator('main article', { hasText: title });
        await card.waitFor();
        await audit.check(dashboard);
        await auditDialog(page, audit, `${dashboard}: Add ${noun}`, page.getByRole('button', { name: `Add ${noun}` }));
        await auditDialog(page, audit, `${dashboard}: Edit`, card.getByRole('button', { name: 'Edit' }));
        await auditDialog(page, audit, `${dashboard}: Preview`, card.getByRole('button', { name: 'View/Preview' }));
        await auditDialog(page, audit, `${dashboard}: Delete`, card.getByRole('button', { name: 'Delete' }));
      }
      await open(page, s.url('/?openProfile=true'));
      await topDialog(page).getByRole('heading', { name: 'Edit Profile' }).waitFor();
      await page.waitForLoadState('networkidle');
      await audit.check('Edit Profile');
      audit.expectClean();
      await page.close();
    });

    // Fifteen screens and their dialogs, each audited: longer than one journey on a busy machine.
    it(`on every console screen and its dialogs at ${w} px`, async () => {
      const page = await s.newPage({ viewport });
      const audit = auditor(page);
      await signInAs(page, s.baseUrl, boss);
      const screens = [
        '',
        'moderation',
        'records',
        'circles',
        'blocks',
        'services',
        'categories',
        'editions',
        'pages',
        'policies',
        'home',
        'users',
        'contact-requests',
        'audit',
      ];
      for (const screen of screens) {
        const path = `/admin${screen ? `/${screen}` : ''}`;
        await open(page, s.url(path));
        await page.locator('.admin-main h1, .admin-main h2').first().waitFor();
        await page.waitForLoadState('networkidle');
        await audit.check(path);
      }
      const row = (title: string) => page.locator('.admin-main tr', { hasText: title });

      await open(page, s.url('/admin/moderation'));
      const queued = row(titles.outlets as string);
      await queued.waitFor();
      await auditDialog(page, audit, 'moderation: Preview', queued.getByRole('button', { name: 'Preview' }));
      await auditDialog(page, audit, 'moderation: Edit', queued.getByRole('button', { name: 'Edit' }));
      await auditDialog(page, audit, 'moderation: Hold', queued.getByRole('button', { name: /^Hold / }));

      for (const [screen, add] of [
        ['circles', 'Add circle'],
        ['blocks', 'Add locality'],
        ['services', 'Add service'],
        ['pages', 'Add page'],
        ['policies', 'Add policy'],
        ['home', 'Add banner'],
      ]) {
        await open(page, s.url(`/admin/${screen}`));
        const button = page.locator('.admin-main').getByRole('button', { name: add, exact: false }).first();
        await button.waitFor();
        await auditDialog(page, audit, `${screen}: ${add}`, button);
        const del = page
          .locator('.admin-main')
          .getByRole('button', { name: /^Delete / })
          .first();
        if (await del.count()) await auditDialog(page, audit, `${screen}: Delete`, del);
      }

      await open(page, s.url('/admin/users'));
      const person = row(writer.user.email);
      await person.waitFor();
      await auditDialog(page, audit, 'users: Hold', person.getByRole('button', { name: 'Hold', exact: true }));

      await open(page, s.url('/admin/contact-requests'));
      const read = page.locator('.admin-main').getByRole('button', { name: 'Read', exact: true }).first();
      await read.waitFor();
      await auditDialog(page, audit, 'contact-requests: Read', read);
      audit.expectClean();
      await page.close();
    }, 180_000);
  });
}

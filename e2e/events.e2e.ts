import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  axe,
  describeViolations,
  dismissAlert,
  field,
  open,
  ownServer,
  READY_WITHIN_MS,
  useBrowser,
  waitForHydration,
  whenReady,
} from './browser';
import type { Ref } from './data';
import { englishLeft, watchApi } from './english-left';
import { admin, contributor, type Person, signInAs } from './people';

/**
 * A weekly market, from a contributor's dashboard to a visitor's calendar, at a phone's width and a desktop's: a
 * verified contributor adds it through the Add Event form (every Saturday and Sunday from the coming Saturday, or from
 * today on a weekend in India), the admin approves it in the console, and a signed-out visitor finds it under This
 * weekend, opens it, saves it to a calendar, sees it among the home page's upcoming events and finds it by its title
 * in the site search; /events and the event's page read in Hindi. On a server of its own: to make room among the home
 * page's few upcoming events it may hold the events that start before the market (global-setup.ts).
 */
const s = useBrowser('events');
const server = ownServer('events');

const url = (path: string) => `${server.baseUrl}${path}`;
const API = '/api/backend/v1';
const call = async <T>(path: string, init: { method?: string; body?: object; token?: string } = {}) => {
  const res = await fetch(url(`${API}${path}`), {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as T };
};

/** Where the screenshots of the list, the event page and the form go, to be looked at. */
const SHOTS = '/tmp/event-shots';
async function shot(page: Page, name: string, fullPage = true) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage });
}

// ── The site's clock: India (SITE_TZ Asia/Kolkata), read from the real clock ──────────────────────────────────

const IST = 'Asia/Kolkata';
const istFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: IST,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
/** Today's date in India and the minutes since its midnight. */
function inIndia(at = new Date()): { date: string; minutes: number } {
  const p = Object.fromEntries(istFormat.formatToParts(at).map((x) => [x.type, x.value]));
  return { date: `${p.year}-${p.month}-${p.day}`, minutes: Number(p.hour) * 60 + Number(p.minute) };
}
const DAY_MS = 86_400_000;
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
/** 0 is Sunday. */
const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

const SATURDAY = 6;
const SUNDAY = 0;
/** The market's hours: 7 AM to 11 AM, each Saturday and Sunday. */
const OPENS = '07:00';
const CLOSES = '11:00';
const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3));

/** The coming Saturday, or today on a Saturday or a Sunday (in India). */
function firstDay(): string {
  const today = inIndia().date;
  const w = weekdayOf(today);
  return w === SATURDAY || w === SUNDAY ? today : addDays(today, SATURDAY - w);
}

const EN = {
  days: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  months: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
};
const HI_MONTHS = ['जनवरी', 'फ़रवरी', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुलाई', 'अगस्त', 'सितंबर', 'अक्तूबर', 'नवंबर', 'दिसंबर'];
/** `Sat 28 Nov`, with its year when asked. */
const dayText = (date: string, withYear: boolean) => {
  const [y, m, d] = date.split('-').map(Number);
  return `${EN.days[weekdayOf(date)]} ${d} ${EN.months[m - 1]}${withYear ? ` ${y}` : ''}`;
};
/** `23 Jan 2027` (`23 जनवरी 2027` in Hindi). */
const dateText = (date: string, months = EN.months) => {
  const [y, m, d] = date.split('-').map(Number);
  return `${d} ${months[m - 1]} ${y}`;
};
/** `7 AM`. */
const clock = (hhmm: string) => {
  const h = Number(hhmm.slice(0, 2));
  const m = Number(hhmm.slice(3));
  return `${h % 12 || 12}${m ? `:${hhmm.slice(3)}` : ''} ${h < 12 ? 'AM' : 'PM'}`;
};

/** The date of the market's occurrence on now or next, on the site's clock at `at`. */
function nextDay(start: string, at = new Date()): string {
  const now = inIndia(at);
  for (let d = start > now.date ? start : now.date; ; d = addDays(d, 1)) {
    if (![SATURDAY, SUNDAY].includes(weekdayOf(d))) continue;
    if (d === now.date && now.minutes >= minutesOf(CLOSES)) continue;
    return d;
  }
}

/** What the market's badge says at `at`: `On now`, `Today · 7 AM`, `Tomorrow · 7 AM` or `Sat 5 Dec · 7 AM`. */
function badgeAt(start: string, at = new Date()): string {
  const now = inIndia(at);
  const d = nextDay(start, at);
  if (d === now.date && now.minutes >= minutesOf(OPENS)) return 'On now';
  const time = clock(OPENS);
  if (d === now.date) return `Today · ${time}`;
  if (d === addDays(now.date, 1)) return `Tomorrow · ${time}`;
  return `${dayText(d, d.slice(0, 4) !== now.date.slice(0, 4))} · ${time}`;
}

/** The badge shows what the clock says now (polled: the page's clock moves on, once a minute). */
async function expectBadge(badge: Locator, start: string) {
  await expect
    .poll(
      async () => {
        const shown = ((await badge.textContent()) ?? '').replace(/\s+/g, ' ').trim();
        return shown === badgeAt(start) ? 'as the clock says' : `"${shown}", not "${badgeAt(start)}"`;
      },
      { timeout: 10_000 },
    )
    .toBe('as the clock says');
}

/** A card's Details link, named for its event ("Details: …"; Chromium reads a space before the hidden part's colon). */
const detailsOf = (word: string, title: string) =>
  new RegExp(`^${word}\\s*:\\s*${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

// ── The journeys ──────────────────────────────────────────────────────────────────────────────────────────────

interface Market {
  title: string;
  id: string;
  slug: string;
  start: string;
  until: string;
}

interface EventRow {
  id: string;
  slug: string;
  title: string;
  status: string;
  schedule: {
    startDate: string;
    startTime: string | null;
    endDate: string;
    endTime: string | null;
    repeat: { every: string; days?: number[]; until: string } | null;
  };
}

/** How many upcoming events the home page shows (LIMITS.homeSectionPreview). */
const HOME_PREVIEW = 6;
const WIDTHS = [375, 1280];

const png = async () => ({
  name: 'haat.png',
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 680, height: 480, channels: 3, background: { r: 60, g: 150, b: 70 } } })
    .png()
    .toBuffer(),
});

let boss: Person;
let markets: Ref;
let circle: Ref;
let block: Ref;

beforeAll(async () => {
  await whenReady(server);
  boss = await admin(server.baseUrl);
  const types = (await call<{ data: Ref[] }>('/event-types/view')).body.data;
  markets = types.find((t) => t.title === 'Markets') ?? types[0];
  [circle] = (await call<{ data: Ref[] }>('/circles/view')).body.data;
  [block] = (await call<{ data: Ref[] }>(`/blocks/view?circles[]=${circle.id}`)).body.data;
}, READY_WITHIN_MS);

for (const width of WIDTHS) {
  describe(`a weekly market at ${width} px`, () => {
    const viewport = { width, height: 900 };
    const stamp = Date.now() % 10_000_000;
    const title = `Riverside Weekly Haat ${width} ${stamp}`;
    const venue = `Ghat Road Ground ${width}`;
    const organiser = `Haat Samiti ${width}`;
    let owner: Person;
    const market = {} as Market;

    it('a verified contributor adds it through the Add Event form', async () => {
      owner = await contributor(server.baseUrl, `Market Organiser ${width}`);
      market.title = title;
      market.start = firstDay();
      // Eight weeks of weekends; the last is a Saturday or a Sunday as the first is.
      market.until = addDays(market.start, 56);

      const page = await s.newPage({ viewport });
      await signInAs(page, server.baseUrl, owner);
      await open(page, url('/user-events'));
      const main = page.locator('main');
      await main.getByRole('heading', { name: 'My Events', exact: true }).waitFor();
      await main.getByText('No events found').waitFor();
      await main.getByRole('button', { name: 'Add Event', exact: true }).click();
      const d = page.locator('dialog[open]');
      await d.getByRole('heading', { name: 'Add Event', exact: true }).waitFor();

      await field(d, 'Title').fill(title);
      await field(d, 'Event type').selectOption({ label: markets.title ?? '' });
      await field(d, 'Summary').fill('Vegetables, fruit and grain from nearby farms, every weekend morning.');
      await d.getByLabel('Image').setInputFiles(await png());
      await d.locator('img.thumb').waitFor();
      await field(d, 'Start date').fill(market.start);
      await field(d, 'Start time').fill(OPENS);
      await field(d, 'End time').fill(CLOSES);
      await field(d, 'Repeats').selectOption({ label: 'Every week' });
      const days = d.getByRole('group', { name: 'On these days' });
      await days.getByRole('checkbox', { name: 'Saturday', exact: true }).check();
      await days.getByRole('checkbox', { name: 'Sunday', exact: true }).check();
      await field(d, 'Until').fill(market.until);
      expect(await field(d, 'Status').inputValue()).toBe('scheduled');
      await d.getByRole('radio', { name: 'Somewhere else (give the place below)' }).check();
      await field(d, 'Venue name').fill(venue);
      await field(d, 'Street Address').fill('Ghat Road, near the old bridge');
      await field(d, 'PIN Code').fill('226001');
      await field(d, 'Organiser’s name').fill(organiser);
      await field(d, 'Call number').fill('+91 9876543210');
      await field(d, 'WhatsApp number').fill('+91 9876543210');
      await field(d, 'Website').fill('https://example.org/haat');
      await d.locator('.editor-body').click();
      await page.keyboard.type('Bring your own bags. Parking by the ghat.');
      await d
        .getByRole('group', { name: /^Select Circles/ })
        .getByRole('checkbox', { name: circle.name ?? '', exact: true })
        .check();
      await d
        .getByRole('group', { name: /^Select Localities/ })
        .getByRole('checkbox', { name: block.name ?? '', exact: true })
        .check();

      // The form as the contributor filled it: its top, the schedule, and the venue and organiser.
      await field(d, 'Title').scrollIntoViewIfNeeded();
      await shot(page, `form-${width}-1-top`, false);
      await d.getByRole('group', { name: 'Date and time' }).scrollIntoViewIfNeeded();
      await shot(page, `form-${width}-2-schedule`, false);
      await d.getByRole('group', { name: 'Venue' }).scrollIntoViewIfNeeded();
      await shot(page, `form-${width}-3-venue`, false);
      expect(describeViolations(await axe(page)), 'the Add Event form, filled in').toEqual([]);

      await d.getByRole('button', { name: 'Submit', exact: true }).click();
      await page.getByText('Event Added Successfully').waitFor();
      await expect.poll(() => page.locator('dialog[open]').count(), { timeout: 10_000 }).toBe(0);
      const card = main.locator('article', { hasText: title });
      await card.getByText('Pending review', { exact: true }).waitFor();

      // Stored as the form said: every Saturday and Sunday from the first day, 7 to 11 AM, until the last.
      const mine = await call<{ data: EventRow[] }>(`/events/view/user?q=${encodeURIComponent(title)}`, {
        token: owner.token,
      });
      const row = mine.body.data.find((e) => e.title === title);
      expect(row, `${title} in My Events`).toBeDefined();
      expect(row?.status).toBe('pending');
      const repeatDays = [...(row?.schedule.repeat?.days ?? [])].sort();
      expect({ ...row?.schedule, repeat: { ...row?.schedule.repeat, days: repeatDays } }).toEqual({
        startDate: market.start,
        startTime: OPENS,
        endDate: market.start,
        endTime: CLOSES,
        repeat: { every: 'week', days: [SUNDAY, SATURDAY], until: market.until },
      });
      market.id = row?.id ?? '';
      market.slug = row?.slug ?? '';
      // Not public until approved.
      expect((await fetch(url(`${API}/events/slug/${market.slug}`))).status).toBe(404);
      await page.context().close();
      s.expectNoErrors();
    }, 120_000);

    it('the admin approves it in the console', async () => {
      const page = await s.newPage({ viewport });
      await signInAs(page, server.baseUrl, boss);
      await open(page, url('/admin/moderation'));
      await page.getByRole('heading', { name: 'Moderation queue' }).waitFor();
      await page.getByRole('searchbox', { name: 'Search' }).fill(title);
      const row = page.getByRole('row').filter({ hasText: title });
      await row.getByText(owner.email).waitFor();
      await row.getByText('Event', { exact: true }).waitFor();
      await row.getByRole('button', { name: `Approve ${title}` }).click();
      await page.getByText('Approved', { exact: true }).waitFor();
      await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(0);
      // Public now, and its owner was told.
      expect((await fetch(url(`${API}/events/slug/${market.slug}`))).status).toBe(200);
      const mail = (
        await call<{ data: { subject: string }[] }>(`/dev/outbox?to=${encodeURIComponent(owner.email)}`)
      ).body.data.find((m) => m.subject.includes(title));
      expect(mail?.subject).toBe(`Approved: ${title}`);
      await page.context().close();
      s.expectNoErrors();
    });

    it('a visitor finds it under This weekend, opens it and adds it to a calendar', async () => {
      const page = await s.newPage({ viewport, acceptDownloads: true });
      await open(page, url('/events'));
      const main = page.locator('main');
      await main.getByRole('heading', { level: 1, name: 'Events', exact: true }).waitFor();
      const windows = main.getByRole('navigation', { name: 'When' });
      expect(await windows.getByRole('link').allInnerTexts()).toEqual([
        'Upcoming',
        'Today',
        'This weekend',
        'This week',
        'Past events',
      ]);
      expect(await windows.getByRole('link', { name: 'Upcoming' }).getAttribute('aria-current')).toBe('page');
      const typeChip = main.getByRole('navigation', { name: 'Event types' }).getByRole('link', { name: markets.title });
      expect(await typeChip.getAttribute('href')).toBe(`/events/type/${markets.slug}`);
      await shot(page, `events-${width}`);

      await windows.getByRole('link', { name: 'This weekend' }).click();
      await page.waitForURL((u) => u.pathname === '/events' && u.searchParams.get('when') === 'weekend');
      await expect
        .poll(() => windows.getByRole('link', { name: 'This weekend' }).getAttribute('aria-current'), {
          timeout: 10_000,
        })
        .toBe('page');
      const card = main.locator('article', { hasText: title });
      await card.waitFor();
      await expectBadge(card.locator('.event-badge'), market.start);
      expect(((await card.locator('.event-card-meta').textContent()) ?? '').replace(/\s+/g, ' ')).toContain(
        `${venue} · Free entry`,
      );
      await shot(page, `events-weekend-${width}`);

      await card.getByRole('heading').getByRole('link', { name: title }).click();
      await page.waitForURL((u) => u.pathname === `/events/${market.slug}`);
      await main.getByRole('heading', { level: 1, name: title }).waitFor();
      await waitForHydration(page);
      const article = main.locator('article').filter({ has: page.getByRole('heading', { level: 1 }) });
      await expectBadge(article.locator('.event-badge'), market.start);

      const part = (name: string) => main.getByRole('region', { name, exact: true });
      const range = `${clock(OPENS)} – ${clock(CLOSES)}`;
      const whenText = (await part('When').textContent()) ?? '';
      expect(whenText).toContain(`${dayText(market.start, true)} · ${range}`);
      expect(whenText).toContain(`Every Saturday and Sunday until ${dateText(market.until)}`);
      // The next occurrence is said only once the first has passed (before, it is the first, said above).
      const next = nextDay(market.start);
      if (next === market.start) expect(whenText).not.toContain('Next:');
      else expect(whenText).toContain(`Next: ${dayText(next, true)} · ${range}`);
      const whereText = (await part('Where').textContent()) ?? '';
      expect(whereText).toContain(venue);
      expect(whereText).toContain('Ghat Road, near the old bridge');
      expect(whereText).toContain(circle.name ?? '');
      expect((await part('Entry').textContent()) ?? '').toContain('Free');
      const organisedBy = part('Organised by');
      expect((await organisedBy.textContent()) ?? '').toContain(organiser);
      await organisedBy.getByRole('link', { name: 'WhatsApp' }).waitFor();

      // Structured data: an Event with the title, on its next day at 7 AM India time, every Saturday and Sunday.
      const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).flatMap(
        (t) => [JSON.parse(t)].flat() as Record<string, unknown>[],
      );
      const event = ld.find((x) => x['@type'] === 'Event');
      expect(event, 'JSON-LD of @type Event').toBeDefined();
      expect(event).toMatchObject({
        name: title,
        startDate: `${nextDay(market.start)}T${OPENS}:00+05:30`,
        endDate: `${nextDay(market.start)}T${CLOSES}:00+05:30`,
        eventSchedule: {
          '@type': 'Schedule',
          repeatFrequency: 'P1W',
          byDay: ['https://schema.org/Sunday', 'https://schema.org/Saturday'],
          startDate: market.start,
          endDate: market.until,
          scheduleTimezone: IST,
        },
      });

      // Google Calendar: its template, with the repeat.
      const google = new URL(
        (await main.getByRole('link', { name: 'Google Calendar' }).getAttribute('href')) ?? 'about:blank',
      );
      expect(google.origin).toBe('https://calendar.google.com');
      expect(google.searchParams.get('text')).toBe(title);
      expect(google.searchParams.get('recur')).toMatch(/^RRULE:FREQ=WEEKLY;BYDAY=SU,SA;UNTIL=/);

      await shot(page, `event-${width}`);

      // Add to calendar: the server's .ics of the event, with its repeat.
      const add = main.getByRole('link', { name: 'Add to calendar' });
      const href = (await add.getAttribute('href')) ?? '';
      expect(href).toBe(`${API}/events/ics/${market.slug}`);
      const [download] = await Promise.all([page.waitForEvent('download'), add.click()]);
      expect(download.suggestedFilename()).toBe(`${market.slug}.ics`);
      const saved = await readFile((await download.path()) as string, 'utf8');
      const res = await page.request.get(new URL(href, page.url()).toString());
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toMatch(/^text\/calendar\b/);
      const ics = (await res.text()).replace(/\r\n[ \t]/g, '');
      expect(saved.replace(/\r\n[ \t]/g, '')).toBe(ics);
      expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
      expect(ics).toContain(`SUMMARY:${title}\r\n`);
      expect(ics).toMatch(/\r\nRRULE:FREQ=WEEKLY;[^\r\n]*BYDAY=SU,SA/);
      expect(ics).toContain(`DTSTART;TZID=${IST}:${market.start.replaceAll('-', '')}T070000`);
      await page.context().close();
      s.expectNoErrors();
    });

    it('the home page shows it among the upcoming events', async () => {
      // The home page shows the first few upcoming events. Events of the demo town that start before the market
      // (on a Monday, most of its week) are held until the market is among them.
      const ahead = async () => {
        const { data } = (await call<{ data: EventRow[] }>('/events/view?pageSize=100')).body;
        const rank = data.findIndex((e) => e.id === market.id);
        expect(rank, `${title} among the upcoming events`).toBeGreaterThanOrEqual(0);
        return data.slice(0, Math.max(0, rank - HOME_PREVIEW + 1));
      };
      for (const e of await ahead()) {
        const held = await call(`/admin/records/event/${e.id}/hold`, {
          token: boss.token,
          body: { reason: 'Making room on the home page for the events journey.' },
        });
        expect(held.status, `hold ${e.title}`).toBe(200);
      }
      expect(await ahead()).toEqual([]);

      const page = await s.newPage({ viewport });
      const section = page.locator('section#events');
      const card = section.locator('article', { hasText: title });
      // The home page's answers may be cached for a few seconds (LIMITS.homeCacheSeconds): look again until it shows.
      await expect
        .poll(
          async () => {
            await open(page, url('/'));
            await dismissAlert(page);
            await section.getByRole('heading', { level: 2, name: 'Upcoming events' }).waitFor();
            return card.count();
          },
          { timeout: 45_000, interval: 2_000 },
        )
        .toBe(1);
      await expectBadge(card.locator('.event-badge'), market.start);
      await card.getByRole('link', { name: detailsOf('Details', title) }).click();
      await page.waitForURL((u) => u.pathname === `/events/${market.slug}`);
      await page.locator('main').getByRole('heading', { level: 1, name: title }).waitFor();
      await page.context().close();
      s.expectNoErrors();
    }, 90_000);

    it('the site search finds it by its title, as an Event', async () => {
      const page = await s.newPage({ viewport });
      await open(page, url(`/search?q=${encodeURIComponent(title)}`));
      const main = page.locator('main');
      const hit = main.locator('.search-hit', { hasText: title });
      await hit.waitFor();
      expect(await hit.locator('.search-hit-kind').textContent()).toBe('Event');
      const link = hit.getByRole('heading').getByRole('link');
      expect(await link.getAttribute('href')).toBe(`/events/${market.slug}`);
      const facets = main.locator('nav.facets');
      await facets.getByRole('link', { name: /^Events \d+$/ }).waitFor();
      await link.click();
      await page.waitForURL((u) => u.pathname === `/events/${market.slug}`);
      await main.getByRole('heading', { level: 1, name: title }).waitFor();
      await page.context().close();
      s.expectNoErrors();
    });

    it('/events and the event page read in Hindi', async () => {
      const context = await s.newContext({ viewport });
      const page = await context.newPage();
      const read = watchApi(page);
      const main = page.locator('main');
      await open(page, url('/events?lang=hi'));
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi');
      await main.getByRole('heading', { level: 1, name: 'आयोजन', exact: true }).waitFor();
      const windows = main.getByRole('navigation', { name: 'कब' });
      expect(await windows.getByRole('link').allInnerTexts()).toEqual([
        'आने वाले',
        'आज',
        'इस सप्ताहांत',
        'इस सप्ताह',
        'बीते आयोजन',
      ]);
      await main.locator('summary', { hasText: 'तारीखों के बीच' }).waitFor();
      await windows.getByRole('link', { name: 'इस सप्ताहांत' }).click();
      await page.waitForURL((u) => u.searchParams.get('when') === 'weekend');
      const card = main.locator('article', { hasText: title });
      await card.waitFor();
      await card.getByRole('link', { name: detailsOf('विवरण', title) }).waitFor();
      // "iCal", the calendar format's name, is the same in both languages (as RSS is).
      expect(
        await englishLeft(page, { scope: main, read, allow: ['iCal'] }),
        '/events?when=weekend in Hindi: English left',
      ).toEqual([]);
      await shot(page, `events-weekend-hi-${width}`);

      await open(page, url(`/events/${market.slug}?lang=hi`));
      await main.getByRole('heading', { level: 1, name: title }).waitFor();
      const when = main.getByRole('region', { name: 'कब', exact: true });
      expect((await when.textContent()) ?? '').toContain(
        `हर शनिवार और रविवार, ${dateText(market.until, HI_MONTHS)} तक`,
      );
      for (const name of ['कहाँ', 'प्रवेश', 'आयोजक']) await main.getByRole('region', { name, exact: true }).waitFor();
      await main.getByRole('link', { name: 'कैलेंडर में जोड़ें' }).waitFor();
      await main.getByRole('link', { name: 'Google कैलेंडर' }).waitFor();
      expect(await englishLeft(page, { scope: main, read }), 'the event page in Hindi: English left').toEqual([]);
      expect(describeViolations(await axe(page)), 'the event page in Hindi').toEqual([]);
      await shot(page, `event-hi-${width}`);
      await context.close();
      s.expectNoErrors();
    });
  });
}

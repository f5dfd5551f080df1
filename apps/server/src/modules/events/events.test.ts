import { eventWindow, zoneLocalTime } from '@chaupal/contract';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOutlet, makeTaxon, makeUser } from '../../seed/factories';
import { api, setStatus, verifiedContributor } from '../../test/accounts';
import { type TestContext, testApp } from '../../test/harness';
import { buildWorld, type TWorld } from '../../test/world';

/**
 * Events through the API as a contributor, an admin and a visitor use them: the form's rules, moderation, the
 * windows of /events, cancelled and postponed events, and the calendar files. Dates are worked out from today in
 * the site's zone (SITE_TZ, Asia/Kolkata), so the windows hold whichever day the suite runs.
 */
let t: TestContext;
let w: TWorld;
let adminToken: string;
let contributor: Awaited<ReturnType<typeof verifiedContributor>>;
let market: { id: string; slug: string };
let fairs: { id: string; slug: string };
const TZ = 'Asia/Kolkata';

const DAY = 86_400_000;
const today = () => zoneLocalTime(new Date(), TZ).date;
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

beforeAll(async () => {
  t = await testApp({ AUTO_APPROVE: 'false' });
  w = await buildWorld(t.db);
  adminToken = await t.app.tokens.issue(await makeUser(t.db, { role: 'admin' }));
  contributor = await verifiedContributor(t, 'Meena Organiser');
  market = await makeTaxon(t.db, 'eventTypes', { title: 'Markets' });
  fairs = await makeTaxon(t.db, 'eventTypes', { title: 'Fairs & melas' });
});
afterAll(() => t?.close());

const { get, post, call } = api(() => t);

/** A valid event form: an all-day event tomorrow in the world's North circle. */
const form = (o: Record<string, unknown> = {}) => ({
  title: `Event ${Math.random().toString(36).slice(2, 8)}`,
  description: 'What it is, in a line.',
  content: '<p>All about it.</p>',
  eventTypeId: market.id,
  startDate: addDays(today(), 1),
  language: 'en',
  circles: [w.circles.north.id],
  blocks: [w.blocks.market.id],
  ...o,
});

/** Adds an event as the contributor and approves it as the admin; its public slug. */
async function published(o: Record<string, unknown> = {}) {
  const res = await post('/event/add', form(o), contributor.token);
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().data.id as string;
  const ok = await call('POST', `/admin/records/event/${id}/approve`, { token: adminToken, payload: {} });
  expect(ok.statusCode, ok.body).toBe(200);
  return res.json().data as { id: string; slug: string };
}

const slugsOf = async (query: string) => {
  const res = await get(`/events/view?pageSize=100&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { slug: string }[]).map((e) => e.slug);
};

describe('the event form', () => {
  const refused = async (o: Record<string, unknown>) => {
    const res = await post('/event/add', form(o), contributor.token);
    expect(res.statusCode).toBe(400);
    return res.json();
  };

  it('refuses an event that ends before it starts, naming the end date', async () => {
    expect(await refused({ startDate: '2027-03-10', endDate: '2027-03-09' })).toEqual({
      success: false,
      error: 'The request has invalid fields.',
      details: [{ parameter: 'endDate', errors: ['Ends before it starts'] }],
    });
    expect(
      await refused({ startDate: '2027-03-10', startTime: '18:00', endDate: '2027-03-10', endTime: '17:00' }),
    ).toMatchObject({ details: [{ parameter: 'endDate', errors: ['Ends before it starts'] }] });
  });

  it('refuses a repeat without an end, without days, or not on its first date', async () => {
    expect(await refused({ repeat: 'week', repeatDays: ['6'] })).toMatchObject({
      details: [{ parameter: 'repeatUntil', errors: ['Say until when it repeats'] }],
    });
    expect(
      await refused({ startDate: '2027-03-06', repeat: 'week', repeatDays: [], repeatUntil: '2027-04-30' }),
    ).toMatchObject({ details: [{ parameter: 'repeatDays', errors: ['Choose at least one day'] }] });
    // 2027-03-06 is a Saturday; Mondays only cannot include it.
    expect(
      await refused({ startDate: '2027-03-06', repeat: 'week', repeatDays: ['1'], repeatUntil: '2027-04-30' }),
    ).toMatchObject({
      details: [{ parameter: 'repeatDays', errors: ['The first date must be one of the repeat days'] }],
    });
    expect(await refused({ repeat: 'fortnight', repeatUntil: '2027-04-30' })).toMatchObject({
      details: [{ parameter: 'repeat', errors: ['Must be week or month'] }],
    });
    expect(await refused({ startDate: '2027-03-06', repeat: 'month', repeatUntil: '2030-01-01' })).toMatchObject({
      details: [{ parameter: 'repeatUntil', errors: ['Repeats until a date within two years of the first date'] }],
    });
  });

  it('refuses an unknown venue, an unknown type and a bad date, and says what a postponed event lacks', async () => {
    expect(await refused({ venue: 'no-such-outlet' })).toEqual({
      success: false,
      error: 'The request has invalid fields.',
      details: [{ parameter: 'venue', errors: ['Unknown outlet: no-such-outlet'] }],
    });
    expect(await refused({ eventTypeId: 'no-such-type' })).toMatchObject({
      details: [{ parameter: 'eventTypeId', errors: ['Unknown event type: no-such-type'] }],
    });
    expect(await refused({ startDate: '2027-02-30' })).toMatchObject({
      details: [{ parameter: 'startDate', errors: ['Must be a real date'] }],
    });
    expect(await refused({ startTime: '25:00', endTime: '26:00' })).toMatchObject({
      details: [
        { parameter: 'startTime', errors: ['Must be a time as HH:MM (00:00 to 23:59)'] },
        { parameter: 'endTime', errors: ['Must be a time as HH:MM (00:00 to 23:59)'] },
      ],
    });
    expect(await refused({ eventStatus: 'postponed' })).toMatchObject({
      details: [{ parameter: 'previousStartDate', errors: ['Give the date it was planned for'] }],
    });
  });

  it('takes a public outlet as the venue and copies its place', async () => {
    const hall = await makeOutlet(
      t.db,
      { userId: w.users.alice.id, categoryIds: [w.categories.grocery.id], circleIds: [w.circles.north.id] },
      { title: 'Town Hall', streetAddress: '1 Station Road', pinCode: '411001', latitude: 18.52, longitude: 73.85 },
    );
    const res = await post('/event/add', form({ venue: hall.slug }), contributor.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      venue: { id: hall.id, title: 'Town Hall', slug: hall.slug },
      venue_name: 'Town Hall',
      street_address: '1 Station Road',
      pin_code: '411001',
      latitude: 18.52,
      longitude: 73.85,
      status: 'pending',
    });
  });
});

describe('GET /events/view', () => {
  it('lists a weekly market under upcoming, its windows and its type, and not after approval is withdrawn', async () => {
    // A market every day of the week, so it falls in every window whatever today is.
    const start = today();
    const daily = await published({
      title: 'Daily Sabzi Mandi',
      startDate: start,
      startTime: '06:00',
      endTime: '23:59',
      repeat: 'week',
      repeatDays: ['0', '1', '2', '3', '4', '5', '6'],
      repeatUntil: addDays(start, 60),
    });
    for (const when of ['upcoming', 'today', 'weekend', 'week']) {
      expect(await slugsOf(`when=${when}`), when).toContain(daily.slug);
    }
    expect(await slugsOf(`eventType=${market.slug}`)).toContain(daily.slug);
    expect(await slugsOf(`eventType=${fairs.slug}`)).not.toContain(daily.slug);
    expect(await slugsOf('when=past')).not.toContain(daily.slug);
  });

  it('puts an event in the weekend window only when it falls on that Saturday or Sunday', async () => {
    const weekend = eventWindow('weekend', TZ, new Date());
    const saturday = zoneLocalTime(weekend.from, TZ).date;
    const later = addDays(saturday, 14);
    const onWeekend = await published({ title: 'Kite Mela', eventTypeId: fairs.id, startDate: saturday });
    const afterIt = await published({ title: 'Late Mela', eventTypeId: fairs.id, startDate: later });
    expect(await slugsOf('when=weekend')).toContain(onWeekend.slug);
    expect(await slugsOf('when=weekend')).not.toContain(afterIt.slug);
    // A date range holds what starts in it; the later mela is next in the upcoming list after the first.
    expect(await slugsOf(`from=${later}&to=${later}`)).toEqual(expect.arrayContaining([afterIt.slug]));
    expect(await slugsOf(`from=${later}&to=${later}`)).not.toContain(onWeekend.slug);
    const upcoming = await slugsOf('when=upcoming');
    expect(upcoming.indexOf(onWeekend.slug)).toBeLessThan(upcoming.indexOf(afterIt.slug));
  });

  it('expands a monthly repeat across months, skipping months without its day', async () => {
    // The 31st of a month: months of 30 days and February have no occurrence.
    const y = Number(today().slice(0, 4)) + 1;
    const ev = await published({
      title: 'Month-end Haat',
      startDate: `${y}-01-31`,
      repeat: 'month',
      repeatUntil: `${y}-05-31`,
    });
    expect(await slugsOf(`from=${y}-03-01&to=${y}-03-31`)).toContain(ev.slug);
    expect(await slugsOf(`from=${y}-04-01&to=${y}-04-30`)).not.toContain(ev.slug);
    expect(await slugsOf(`from=${y}-02-01&to=${y}-02-28`)).not.toContain(ev.slug);
    expect(await slugsOf(`from=${y}-06-01&to=${y}-06-30`)).not.toContain(ev.slug);
    const detail = (await get(`/events/slug/${ev.slug}`)).json().data;
    // Its next occurrence: 31 January, local midnight in India.
    expect(detail.next).toEqual({
      start: `${y}-01-30T18:30:00.000Z`,
      end: `${y}-01-31T18:30:00.000Z`,
      allDay: true,
    });
  });

  it('keeps ended events out of upcoming and in the archive, latest first', async () => {
    const old = await published({ title: 'Old Fair', startDate: addDays(today(), -30) });
    const older = await published({ title: 'Older Fair', startDate: addDays(today(), -60) });
    const upcoming = await slugsOf('when=upcoming');
    expect(upcoming).not.toContain(old.slug);
    const past = await slugsOf('when=past');
    expect(past.indexOf(old.slug)).toBeGreaterThanOrEqual(0);
    expect(past.indexOf(old.slug)).toBeLessThan(past.indexOf(older.slug));
    expect((await get(`/events/slug/${old.slug}`)).json().data.next).toBeNull();
  });

  it('shows cancelled and postponed events plainly, still listed', async () => {
    const date = addDays(today(), 3);
    const cancelled = await published({ title: 'Rained-off Match', eventStatus: 'cancelled', startDate: date });
    const moved = await published({
      title: 'Moved Camp',
      eventStatus: 'postponed',
      previousStartDate: addDays(today(), 2),
      startDate: addDays(today(), 9),
    });
    const upcoming = await slugsOf('when=upcoming');
    expect(upcoming).toEqual(expect.arrayContaining([cancelled.slug, moved.slug]));
    expect((await get(`/events/slug/${cancelled.slug}`)).json().data).toMatchObject({ eventStatus: 'cancelled' });
    expect((await get(`/events/slug/${moved.slug}`)).json().data).toMatchObject({
      eventStatus: 'postponed',
      previousStartDate: addDays(today(), 2),
      schedule: { startDate: addDays(today(), 9) },
    });
  });

  it('refuses bad windows and half a date range with the SPEC §8 body', async () => {
    expect((await get('/events/view?when=tomorrow')).statusCode).toBe(400);
    expect((await get('/events/view?from=2027-01-01')).json()).toEqual({
      success: false,
      error: 'The request has invalid fields.',
      details: [{ parameter: 'to', errors: ['Give both from and to, or neither'] }],
    });
    expect((await get('/events/view?from=2027-13-01&to=2027-13-02')).statusCode).toBe(400);
  });

  it('drops an event whose owner is held, and never lists a pending one', async () => {
    const pending = await post('/event/add', form({ title: 'Unapproved Puja' }), contributor.token);
    expect(await slugsOf('when=upcoming')).not.toContain(pending.json().data.slug);
    const owner = await verifiedContributor(t, 'Held Organiser');
    const res = await post('/event/add', form({ title: 'Held Owner Camp' }), owner.token);
    await call('POST', `/admin/records/event/${res.json().data.id}/approve`, { token: adminToken, payload: {} });
    expect(await slugsOf('when=upcoming')).toContain(res.json().data.slug);
    await setStatus(t.db, owner.id, 'hold');
    expect(await slugsOf('when=upcoming')).not.toContain(res.json().data.slug);
  });
});

describe('calendar files', () => {
  /** The VEVENTs of an iCalendar text, parsed back with ical.js. */
  const veventsOf = (text: string) =>
    new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));

  it("serves an event's .ics with its repeat, zone and status, parsed back as it was written", async () => {
    const saturday = (() => {
      let d = addDays(today(), 1);
      while (weekday(d) !== 6) d = addDays(d, 1);
      return d;
    })();
    const ev = await published({
      title: 'Saturday Haat',
      startDate: saturday,
      startTime: '10:00',
      endTime: '13:00',
      repeat: 'week',
      repeatDays: ['6'],
      repeatUntil: addDays(saturday, 28),
      venue_name: 'Ganj Maidan',
      organiser: 'Ward Committee',
    });
    const res = await get(`/events/ics/${ev.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${ev.slug}.ics"`);
    const [vevent] = veventsOf(res.body);
    expect(vevent.summary).toBe('Saturday Haat');
    expect(vevent.location).toContain('Ganj Maidan');
    expect(vevent.startDate.toString()).toBe(`${saturday}T10:00:00`);
    expect(vevent.startDate.zone.tzid).toBe(TZ);
    expect(vevent.isRecurring()).toBe(true);
    const iterator = vevent.iterator();
    const dates: string[] = [];
    for (let next = iterator.next(); next; next = iterator.next()) dates.push(next.toString().slice(0, 10));
    expect(dates).toEqual([0, 7, 14, 21, 28].map((d) => addDays(saturday, d)));
    expect((await get('/events/ics/no-such-event')).statusCode).toBe(404);
  });

  it('serves the upcoming events as a calendar to subscribe to, of one type when asked', async () => {
    await published({ title: 'Eye Camp', eventTypeId: fairs.id, startDate: addDays(today(), 5) });
    const all = await get('/events/calendar.ics');
    expect(all.statusCode).toBe(200);
    const summaries = veventsOf(all.body).map((v) => v.summary);
    expect(summaries).toContain('Eye Camp');
    const ofMarkets = veventsOf((await get(`/events/calendar.ics?eventType=${market.slug}`)).body).map(
      (v) => v.summary,
    );
    expect(ofMarkets).not.toContain('Eye Camp');
    expect((await get('/events/calendar.ics?eventType=nope')).json()).toEqual({
      success: false,
      error: 'The request has invalid fields.',
      details: [{ parameter: 'eventType', errors: ['Unknown event type'] }],
    });
  });

  it('writes the upcoming events as RSS, each with its link', async () => {
    const ev = await published({ title: 'Book Fair', eventTypeId: fairs.id, startDate: addDays(today(), 4) });
    const res = await t.app.inject({ url: '/rss/events.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(res.body).toContain(`<link>${t.config.publicUrl}/events/${ev.slug}</link>`);
    expect(res.body).toContain('<title>Book Fair</title>');
  });
});

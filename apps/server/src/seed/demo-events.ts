import { type TEventRepeat, zoneLocalTime } from '@chaupal/contract';
import type { TEventStatus } from '@chaupal/contract/events';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { categories, outletCategories, outlets } from '../db/schema';
import type { TaxonDef } from './demo-content';
import { makeEvent } from './factories';

/**
 * The demo town's calendar: the event types and about a dozen events around the day the demo is seeded (a weekly
 * market, a health camp today, a mela over several days, a monthly bazaar, one ended, one cancelled, one postponed),
 * so /events has something under Today, This weekend and This week whenever it is opened.
 */

const type = (key: string, title: string, description: string, hue: number, metaKeywords: string): TaxonDef => ({
  // Apart from the other taxonomies' keys (an edition may be called Sports too).
  key: `event-${key}`,
  title,
  description,
  metaKeywords,
  hue,
  doc: 'notice',
});

export const EVENT_TYPES: TaxonDef[] = [
  type('fairs', 'Fairs & melas', 'Melas, fairs and exhibitions across town.', 28, 'mela, fair, exhibition'),
  type('health-camps', 'Health camps', 'Free check-ups, blood donation and vaccination camps.', 150, 'health camp'),
  type('sports', 'Sports', 'Matches, tournaments and runs.', 200, 'cricket, kabaddi, tournament'),
  type('religious', 'Religious', 'Pujas, kirtans, processions and festivals.', 15, 'puja, kirtan, festival'),
  type('civic', 'Civic meetings', 'Ward sabhas, council meetings and public hearings.', 230, 'ward sabha, meeting'),
  type('education', 'Education', 'Seminars, workshops, school functions and book fairs.', 260, 'seminar, workshop'),
  type('culture', 'Culture', 'Music, dance, theatre and competitions.', 300, 'music, dance, theatre'),
  type('markets', 'Markets', 'Weekly haats, farmers’ bazaars and sales.', 90, 'haat, bazaar, market'),
];

interface EventDef {
  title: string;
  type: string;
  summary: string;
  /** Days from today of the first date, and how many days it lasts. */
  in: number;
  days?: number;
  /** Wall-clock times, or none for all day. */
  time?: [string, string];
  repeat?: { every: 'week'; days: number[]; weeks: number } | { every: 'month'; months: number };
  status?: TEventStatus;
  /** A postponed event: days from today it was planned for. */
  was?: number;
  entry?: string;
  organiser: string;
  /** Held at one of the town's outlets of this category (its slug) rather than a place of its own. */
  atOutlet?: string;
  venue?: string;
  registration?: string;
}

const EVENTS: EventDef[] = [
  {
    title: 'Saturday Sabzi Haat',
    type: 'markets',
    summary: 'Fresh vegetables, fruit and grain straight from nearby farms, every weekend morning.',
    in: 0,
    time: ['07:00', '12:00'],
    repeat: { every: 'week', days: [6, 0], weeks: 10 },
    organiser: 'Mandi Samiti',
    venue: 'Old Mandi Ground',
  },
  {
    title: 'Blood Donation Camp',
    type: 'health-camps',
    summary: 'Donate blood at the Rotary camp; refreshments and a certificate for every donor.',
    in: 0,
    time: ['09:00', '17:00'],
    organiser: 'Rotary Club',
    venue: 'Civil Hospital',
  },
  {
    title: 'Free Eye Check-up Camp',
    type: 'health-camps',
    summary: 'Eye tests and free spectacles for those who need them. Bring any old prescription.',
    in: 3,
    time: ['09:00', '14:00'],
    organiser: 'Lions Club',
    venue: 'Community Hall',
  },
  {
    title: 'Ward Sabha: Roads and Drains',
    type: 'civic',
    summary: 'The ward’s residents meet the councillor on the monsoon drain work and road repairs.',
    in: 2,
    time: ['11:00', '13:00'],
    organiser: 'Ward Office',
    venue: 'Ward Office Hall',
  },
  {
    title: 'Inter-school Cricket Cup',
    type: 'sports',
    summary: 'Twelve schools play for the town cup over three days; the final on the last afternoon.',
    in: 5,
    days: 3,
    organiser: 'District Sports Association',
    venue: 'Town Stadium',
  },
  {
    title: 'Evening of Bhajans',
    type: 'religious',
    summary: 'Bhajans and kirtan by local mandalis, followed by prasad.',
    in: 4,
    time: ['18:30', '21:00'],
    organiser: 'Shiv Mandir Trust',
    venue: 'Shiv Mandir',
  },
  {
    title: 'Career Guidance Seminar',
    type: 'education',
    summary: 'College counsellors on courses after Class 12, scholarships and entrance exams.',
    in: 9,
    time: ['10:00', '13:00'],
    entry: '₹50',
    organiser: 'Town Education Society',
    venue: 'Town Hall',
    registration: 'https://example.org/register',
  },
  {
    title: 'Winter Mela',
    type: 'fairs',
    summary: 'Rides, food stalls, handicrafts and evening shows for five days.',
    in: 12,
    days: 5,
    entry: '₹20',
    organiser: 'Nagar Parishad',
    venue: 'Gandhi Maidan',
  },
  {
    title: 'Kisan Bazaar',
    type: 'markets',
    summary: 'Farmers sell seeds, organic produce and dairy on one day each month.',
    in: 6,
    time: ['08:00', '14:00'],
    repeat: { every: 'month', months: 6 },
    organiser: 'Krishi Vigyan Kendra',
    venue: 'Krishi Mandi Yard',
  },
  {
    title: 'Morning Yoga in the Park',
    type: 'sports',
    summary: 'Free yoga for all ages with a trained teacher. Bring a mat and water.',
    in: 1,
    time: ['06:00', '07:00'],
    repeat: { every: 'week', days: [], weeks: 12 },
    organiser: 'Yoga Samiti',
    venue: 'Nehru Park',
  },
  {
    title: 'Winter Clearance Sale',
    type: 'markets',
    summary: 'Woollens, blankets and school uniforms at up to half price for one weekend.',
    in: 8,
    days: 2,
    time: ['10:00', '20:00'],
    organiser: 'Traders’ Association',
    atOutlet: 'clothing',
  },
  {
    title: 'Rangoli Competition',
    type: 'culture',
    summary: 'Teams drew rangolis on the theme of a clean town; prizes in three age groups.',
    in: -20,
    time: ['10:00', '13:00'],
    organiser: 'Mahila Mandal',
    venue: 'Town Hall Steps',
  },
  {
    title: 'Book Fair',
    type: 'education',
    summary: 'Publishers from across the state with books in Hindi and English.',
    in: 7,
    days: 2,
    status: 'cancelled',
    organiser: 'Library Committee',
    venue: 'Public Library Lawn',
  },
  {
    title: 'Kabaddi Tournament',
    type: 'sports',
    summary: 'Village teams in a day-long knockout, now moved after the rain.',
    in: 11,
    time: ['09:00', '18:00'],
    status: 'postponed',
    was: -1,
    organiser: 'Youth Club',
    venue: 'School Ground',
  },
];

const DAY_MS = 86_400_000;
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** A weekly repeat runs on its days, and on the first date's weekday (a repeat includes its first date). */
function repeatOf(def: EventDef, start: string): TEventRepeat | null {
  const r = def.repeat;
  if (!r) return null;
  if (r.every === 'month') return { every: 'month', until: addDays(start, r.months * 30) };
  const days = r.days.length ? r.days : [1, 3, 5];
  return {
    every: 'week',
    days: [...new Set([weekday(start), ...days])].sort((a, b) => a - b),
    until: addDays(start, r.weeks * 7),
  };
}

export interface EventSeedContext {
  tx: DbOrTx;
  tz: string;
  owners: string[];
  /** Where each event is: its circles and localities, a new placement each call. */
  place(): { circleIds: string[]; blockIds: string[] };
  typeId(key: string): string;
  /** The picture an event of a type shows: its type's. */
  imageOf(key: string): string | null;
}

/** The demo's events, dated from today in the site's zone. */
export async function seedEvents(ctx: EventSeedContext): Promise<number> {
  const today = zoneLocalTime(new Date(), ctx.tz).date;
  /** The first public outlet with a pin in a category: an event held there. */
  const outletIn = async (category: string) => {
    const [o] = await ctx.tx
      .select({
        id: outlets.id,
        slug: outlets.slug,
        title: outlets.title,
        streetAddress: outlets.streetAddress,
        pinCode: outlets.pinCode,
        latitude: outlets.latitude,
        longitude: outlets.longitude,
      })
      .from(outlets)
      .innerJoin(outletCategories, eq(outletCategories.recordId, outlets.id))
      .innerJoin(categories, eq(categories.id, outletCategories.taxonId))
      .where(and(eq(categories.slug, category), eq(outlets.isPublic, true), isNotNull(outlets.latitude)))
      .orderBy(asc(outlets.title))
      .limit(1);
    return o;
  };
  for (const [i, def] of EVENTS.entries()) {
    const start = addDays(today, def.in);
    const where = ctx.place();
    const hall = def.atOutlet ? await outletIn(def.atOutlet) : undefined;
    await makeEvent(
      ctx.tx,
      {
        userId: ctx.owners[i % ctx.owners.length],
        eventTypeId: ctx.typeId(`event-${def.type}`),
        circleIds: where.circleIds,
        blockIds: where.blockIds,
      },
      {
        title: def.title,
        description: def.summary,
        image: ctx.imageOf(`event-${def.type}`),
        content: `<p>${def.summary}</p><p>Organised by ${def.organiser}. All are welcome.</p>`,
        schedule: {
          startDate: start,
          startTime: def.time?.[0] ?? null,
          endDate: addDays(start, (def.days ?? 1) - 1),
          endTime: def.time?.[1] ?? null,
          repeat: repeatOf(def, start),
        },
        eventStatus: def.status ?? 'scheduled',
        previousStartDate: def.was === undefined ? null : addDays(today, def.was),
        organiser: def.organiser,
        entry: def.entry ?? null,
        registrationUrl: def.registration ?? null,
        ...(hall
          ? {
              venueOutletId: hall.id,
              venueSlug: hall.slug,
              venueName: hall.title,
              streetAddress: hall.streetAddress,
              pinCode: hall.pinCode,
              latitude: hall.latitude,
              longitude: hall.longitude,
            }
          : { venueName: def.venue ?? '' }),
      },
      ctx.tz,
    );
  }
  return EVENTS.length;
}

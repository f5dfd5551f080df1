import {
  dateRangeWindow,
  EVENT_LIMITS,
  eventWindow,
  nextOccurrence,
  occurrences,
  type TEventSchedule,
  type TEventWindow,
} from '@chaupal/contract';
import type { TEventWhen } from '@chaupal/contract/events';
import { and, desc, gt, lt, lte, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { PageRequest } from '../../db/paging';
import { events } from '../../db/schema';
import type { PageOfIds } from '../content';

/**
 * How many public events one window may hold before the list stops expanding repeats. A town lists dozens of events a
 * month; a window reads only those whose span meets it (`events_public_span_idx`), and each repeat is expanded only
 * across the window, so this bound is far above what a page needs and keeps a bad day cheap.
 */
export const EVENT_CANDIDATES_MAX = 2000;

const DAY_MS = 86_400_000;
/** The last instant a Date holds: "upcoming" runs to it. */
const END_OF_TIME = new Date(8.64e15);

/** The span a list query asks for: a date range, a named window, upcoming from now, or the past (ended) archive. */
export function windowOf(
  q: { when?: TEventWhen; from?: string; to?: string },
  tz: string,
  now: Date,
): TEventWindow & { past: boolean } {
  if (q.from && q.to) return { ...dateRangeWindow(q.from, q.to, tz), past: false };
  const when = q.when ?? 'upcoming';
  if (when === 'past') return { from: new Date(0), to: now, past: true };
  if (when === 'upcoming') return { from: now, to: END_OF_TIME, past: false };
  return { ...eventWindow(when, tz, now), past: false };
}

interface Candidate {
  id: string;
  schedule: TEventSchedule;
  timeZone: string;
  endsBy: Date;
}

/**
 * A page of public events for a window, in the order a visitor reads them: by the start of each event's first
 * occurrence in the window (an event on now first), or for the archive, the most recently ended first. The database
 * narrows the candidates by their stored span; the repeats are expanded here, for the window only.
 */
export async function eventPage(
  db: DbOrTx,
  where: SQL[],
  q: { when?: TEventWhen; from?: string; to?: string },
  page: PageRequest,
  site: { siteTz: string },
  now = new Date(),
): Promise<PageOfIds> {
  const w = windowOf(q, site.siteTz, now);
  // "Upcoming" has no end: only a bounded window limits the start (a Date past year 294276 is no timestamp).
  const span = w.past
    ? [lte(events.startsAt, now)]
    : [gt(events.endsBy, w.from), ...(w.to === END_OF_TIME ? [] : [lt(events.startsAt, w.to)])];
  const rows: Candidate[] = await db
    .select({ id: events.id, schedule: events.schedule, timeZone: events.timeZone, endsBy: events.endsBy })
    .from(events)
    .where(and(...where, ...span))
    .orderBy(w.past ? desc(events.endsBy) : events.startsAt, events.id)
    .limit(EVENT_CANDIDATES_MAX);
  const placed = w.past ? pastOf(rows, now) : inWindow(rows, w);
  const start = (page.page - 1) * page.pageSize;
  return { ids: placed.slice(start, start + page.pageSize), total: placed.length };
}

/** Events with an occurrence in the window, by that occurrence's start, then by id. */
function inWindow(rows: Candidate[], w: TEventWindow): string[] {
  const found: { id: string; at: number }[] = [];
  for (const r of rows) {
    const [first] = occurrences(r.schedule, r.timeZone, w.from, w.to, 1);
    if (first) found.push({ id: r.id, at: first.start.getTime() });
  }
  return found.sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : 1)).map((f) => f.id);
}

/** Events whose every occurrence has ended, the latest to end first. */
function pastOf(rows: Candidate[], now: Date): string[] {
  const ended: { id: string; at: number }[] = [];
  for (const r of rows) {
    if (nextOccurrence(r.schedule, r.timeZone, now)) continue;
    // The last occurrence starts within a month and the event's length of the stored bound (a monthly repeat's last
    // month), so only that stretch is expanded.
    const from = new Date(r.endsBy.getTime() - (31 + EVENT_LIMITS.spanDays) * DAY_MS);
    const last = occurrences(r.schedule, r.timeZone, from, now).at(-1);
    ended.push({ id: r.id, at: (last?.end ?? r.endsBy).getTime() });
  }
  return ended.sort((a, b) => b.at - a.at || (a.id < b.id ? -1 : 1)).map((e) => e.id);
}

import { createHash, randomBytes } from 'node:crypto';
import { INSIGHT_EVENTS, type TBeacon, type TInsight, type TInsightCounts, type TListingKind } from '@chaupal/contract';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { isbot } from 'isbot';
import type { DbOrTx } from '../../db/client';
import { listingCounts } from '../../db/schema';
import { LISTING_TABLES } from './trust.service';

/** A day (YYYY-MM-DD) on the site's wall clock. */
export const dayIn = (tz: string, at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

const HOUR_MS = 60 * 60_000;
/** Beyond this many visitor-hours remembered at once, new events are not counted (a flood must not eat memory). */
const MAX_SEEN = 200_000;

/**
 * Owners' insight counting (issue 15, decision 016). An event counts once per visitor, listing, event and hour: the
 * visitor is a hash of a random salt (new each day, kept in memory only), the day, the address and the user agent,
 * remembered for an hour and never stored. Counts wait in memory and are written in one statement per flush, so a
 * beacon costs the page nothing; agents that say they are bots are not counted.
 */
export class InsightCounter {
  private salt = { day: '', value: Buffer.alloc(0) };
  private seen = new Map<string, number>();
  private pending = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  /** The write under way: a flush waits for it, so a read that flushes first sees the counts it took away. */
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: DbOrTx,
    private readonly tz: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Flushes every `ms` in the background (never holding the process open). */
  start(ms: number, onError: (err: unknown) => void) {
    this.timer = setInterval(() => this.flush().catch(onError), ms);
    this.timer.unref();
  }

  async stop() {
    clearInterval(this.timer);
    await this.flush();
  }

  /** Counts one event unless the agent is a bot or this visitor counted it this hour; true when counted. */
  count(beacon: TBeacon, ip: string, userAgent: string | undefined): boolean {
    if (!userAgent || isbot(userAgent)) return false;
    const at = this.now();
    const day = dayIn(this.tz, at);
    if (this.salt.day !== day) this.salt = { day, value: randomBytes(32) };
    const visitor = createHash('sha256')
      .update(this.salt.value)
      .update(`\0${day}\0${ip}\0${userAgent}`)
      .digest('base64url');
    const key = `${visitor}:${beacon.kind}:${beacon.id}:${beacon.event}`;
    const ms = at.getTime();
    const until = this.seen.get(key);
    if (until !== undefined && until > ms) return false;
    if (until === undefined && this.seen.size >= MAX_SEEN) {
      this.prune(ms);
      if (this.seen.size >= MAX_SEEN) return false;
    }
    this.seen.set(key, ms + HOUR_MS);
    const bucket = `${beacon.kind}|${beacon.id}|${day}|${beacon.event}`;
    this.pending.set(bucket, (this.pending.get(bucket) ?? 0) + 1);
    return true;
  }

  private prune(ms: number) {
    for (const [key, until] of this.seen) if (until <= ms) this.seen.delete(key);
  }

  /**
   * Writes the waiting counts (only for listings that exist) and forgets visitor-hours that are over, after any write
   * already under way: the timer's write takes the counts out of memory before they reach the table, and an owner's
   * read in between would otherwise find neither.
   */
  flush(): Promise<void> {
    const run = this.writing.then(() => this.write());
    this.writing = run.catch(() => {});
    return run;
  }

  private async write(): Promise<void> {
    this.prune(this.now().getTime());
    if (!this.pending.size) return;
    const batch = [...this.pending];
    this.pending = new Map();
    const rows = batch.map(([bucket, count]) => {
      const [kind, listingId, day, event] = bucket.split('|');
      return { kind: kind as TListingKind, listingId, day, event: event as TBeacon['event'], count };
    });
    const known = new Set<string>();
    for (const kind of ['expert', 'outlet'] as const) {
      const ids = [...new Set(rows.filter((r) => r.kind === kind).map((r) => r.listingId))];
      if (!ids.length) continue;
      const t = LISTING_TABLES[kind];
      for (const r of await this.db.select({ id: t.id }).from(t).where(inArray(t.id, ids)))
        known.add(`${kind}|${r.id}`);
    }
    const values = rows.filter((r) => known.has(`${r.kind}|${r.listingId}`));
    if (!values.length) return;
    await this.db
      .insert(listingCounts)
      .values(values)
      .onConflictDoUpdate({
        target: [listingCounts.kind, listingCounts.listingId, listingCounts.day, listingCounts.event],
        set: { count: sql`${listingCounts.count} + excluded.count` },
      });
  }
}

const zero = (): TInsightCounts => ({ view: 0, call: 0, whatsapp: 0, web: 0, direction: 0 });

/** A listing's counts: this month's totals and each of the last 30 days (in the site's time zone), oldest first. */
export async function readInsight(
  db: DbOrTx,
  tz: string,
  kind: TListingKind,
  id: string,
  at: Date = new Date(),
): Promise<TInsight> {
  const today = dayIn(tz, at);
  const days = Array.from({ length: 30 }, (_, i) => {
    const d = new Date(`${today}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() - (29 - i));
    return d.toISOString().slice(0, 10);
  });
  const monthStart = `${today.slice(0, 8)}01`;
  const from = monthStart < days[0] ? monthStart : days[0];
  const rows = await db
    .select({ day: listingCounts.day, event: listingCounts.event, count: listingCounts.count })
    .from(listingCounts)
    .where(and(eq(listingCounts.kind, kind), eq(listingCounts.listingId, id), gte(listingCounts.day, from)));
  const month = zero();
  const byDay = new Map(days.map((d) => [d, zero()]));
  for (const r of rows) {
    if (r.day >= monthStart && r.day <= today) month[r.event] += r.count;
    const d = byDay.get(r.day);
    if (d) d[r.event] += r.count;
  }
  return { month, days: days.map((day) => ({ day, ...(byDay.get(day) ?? zero()) })) };
}

export { INSIGHT_EVENTS };

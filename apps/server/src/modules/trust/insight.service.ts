import { createHmac } from 'node:crypto';
import { INSIGHT_EVENTS, type TBeacon, type TInsight, type TInsightCounts, type TListingKind } from '@chaupal/contract';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { isbot } from 'isbot';
import type { DbOrTx } from '../../db/client';
import { listingCounts } from '../../db/schema';
import { notFound } from '../../platform/errors';
import type { Quota } from '../../platform/rate-limit';
import { checkBeaconToken, signBeaconToken } from './insight-token';
import { LISTING_TABLES } from './trust.service';

/** A day (YYYY-MM-DD) on the site's wall clock. */
export const dayIn = (tz: string, at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/**
 * The part of a client address that is one visitor's: an IPv4 address, or an IPv6 address's first 64 bits. A home or
 * a phone is given a whole /64 and may use any address in it, so counting the rest would make a new visitor at will.
 */
export function networkOf(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  const v4 = /^(?:::ffff:)?(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (v4) return v4[1];
  if (!address.includes(':')) return address;
  // An IPv4 tail (`64:ff9b::192.0.2.1`) stands for two groups.
  const groups = (part: string) => (part ? part.split(':') : []).flatMap((g) => (g.includes('.') ? ['0', '0'] : [g]));
  const [head, tail] = address.split('::');
  const h = groups(head);
  const t = tail === undefined ? [] : groups(tail);
  const all = [...h, ...Array<string>(Math.max(0, 8 - h.length - t.length)).fill('0'), ...t];
  return `${all
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/** The budgets a beacon must fit in to be counted (decision 025); the route makes them, in memory or Redis. */
export interface InsightQuotas {
  /** One point per visitor, listing and event an hour. */
  once: Quota;
  /** INSIGHT_MAX_PER_ADDRESS counts an hour from one visitor's address. */
  address: Quota;
  /** INSIGHT_MAX_PER_LISTING counts an hour of one listing's event. */
  listing: Quota;
}

/** A public listing's beacon token, which its page carries (404 when no public page shows the listing). */
export async function issueBeaconToken(db: DbOrTx, key: Buffer, kind: TListingKind, id: string, at = Date.now()) {
  const t = LISTING_TABLES[kind];
  const [row] = await db.select({ id: t.id, isPublic: t.isPublic }).from(t).where(eq(t.id, id)).limit(1);
  if (!row?.isPublic) throw notFound();
  return { token: signBeaconToken(key, kind, row.id, at) };
}

/**
 * Owners' insight counting (decisions 016 and 025). An event counts only with the token of a page this site served
 * for that listing, once per visitor, listing, event and hour, and within the hour's ceilings per address and per
 * listing. The visitor is a keyed hash of the day and the address's network (never the user agent, which a client
 * chooses freely), kept for an hour where the quotas live and never written to the database. Counts wait in memory
 * and are written in one statement per flush, so a beacon costs the page nothing; agents that say they are bots are
 * not counted.
 */
export class InsightCounter {
  private pending = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  /** The write under way: a flush waits for it, so a read that flushes first sees the counts it took away. */
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: DbOrTx,
    private readonly tz: string,
    private readonly key: Buffer,
    private readonly quotas: InsightQuotas,
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

  /**
   * Counts one event; true when counted. Not counted: an agent that is empty or a bot; a token that is missing,
   * forged, expired or another listing's; an event this visitor already counted this hour; a ceiling reached.
   */
  async count(beacon: TBeacon, ip: string, userAgent: string | undefined): Promise<boolean> {
    if (!userAgent || isbot(userAgent)) return false;
    const at = new Date();
    const id = beacon.id.toLowerCase();
    if (!checkBeaconToken(this.key, beacon.token, beacon.kind, id, at.getTime())) return false;
    const day = dayIn(this.tz, at);
    const visitor = createHmac('sha256', this.key)
      .update(`visitor\0${day}\0${networkOf(ip)}`)
      .digest('base64url');
    const listing = `${beacon.kind}:${id}:${beacon.event}`;
    const once = `${visitor}:${listing}`;
    // Looked at before the ceilings and taken after them, so a visitor's repeats do not use up their address's budget.
    if (await this.quotas.once.spent(once)) return false;
    if (!(await this.quotas.address.take(visitor))) return false;
    if (!(await this.quotas.listing.take(listing))) return false;
    if (!(await this.quotas.once.take(once))) return false;
    const bucket = `${beacon.kind}|${id}|${day}|${beacon.event}`;
    this.pending.set(bucket, (this.pending.get(bucket) ?? 0) + 1);
    return true;
  }

  /**
   * Writes the waiting counts (only for listings that exist), after any write already under way: the timer's write
   * takes the counts out of memory before they reach the table, and an owner's read in between would otherwise find
   * neither.
   */
  flush(): Promise<void> {
    const run = this.writing.then(() => this.write());
    this.writing = run.catch(() => {});
    return run;
  }

  private async write(): Promise<void> {
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

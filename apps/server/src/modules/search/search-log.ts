import { zoneLocalTime } from '@chaupal/contract';
import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { DbOrTx } from '../../db/client';
import { searchCounts } from '../../db/schema';

/** A search's words are kept to this many characters (at a word's end). */
export const LOGGED_QUERY_MAX = 80;
/** Counts wait in memory this long before they are written together. */
const FLUSH_MS = 10_000;
/** Days of counts kept: the console reads 30, the rest leaves room to compare. */
export const SEARCH_COUNTS_KEEP_DAYS = 90;

const EMAIL = /[^\s@]+@[^\s@]+/g;
/** Seven digits or more, with the spaces, dots, dashes and + a phone number is written with. */
const PHONE = /\+?\d[\d\s.\-()]{5,}\d/g;

/**
 * The words of a search as the console counts them: NFKC, lower case, one space between words, e-mail addresses and
 * phone numbers (seven digits or more) replaced by "@" and "#", at most LOGGED_QUERY_MAX characters; null when nothing
 * is left. A PIN code (six digits) stays: it is a place, not a person.
 */
export function loggedQuery(q: string): string | null {
  let s = q.normalize('NFKC').toLowerCase().replace(EMAIL, '@');
  s = s.replace(PHONE, (m) => (m.replace(/\D/g, '').length >= 7 ? '#' : m));
  s = s.replace(/\s+/g, ' ').trim();
  if (s.length > LOGGED_QUERY_MAX) {
    const cut = s.slice(0, LOGGED_QUERY_MAX);
    const space = cut.lastIndexOf(' ');
    s = space > LOGGED_QUERY_MAX / 2 ? cut.slice(0, space) : cut;
  }
  return /[\p{L}\p{N}]/u.test(s) ? s : null;
}

/**
 * What the town searched for: each search a person made (a results page, or the API asked by the app) counted per day
 * in the site's time zone under its normalised words, with the hits it had. Counts wait in memory and are written
 * together every FLUSH_MS (and when the app closes, and before the console reads them), adding to what other
 * instances wrote. Only the words are kept: no address, account or time of day.
 */
export class SearchLog {
  private pending = new Map<string, { searches: number; results: number | null }>();
  /** The hits each query last had, for searches the caches answered (their count is not read again). */
  private lastResults = new LRUCache<string, number>({ max: 10_000 });
  private writing: Promise<void> = Promise.resolve();
  /** The day whose old counts this instance last deleted. */
  private prunedFor = '';
  private timer: NodeJS.Timeout;

  constructor(
    private readonly db: DbOrTx,
    private readonly tz: string,
  ) {
    this.timer = setInterval(() => void this.flush().catch(() => {}), FLUSH_MS);
    this.timer.unref();
  }

  /** The search was answered from the database with `total` hits. */
  answered(q: string, total: number): void {
    const query = loggedQuery(q);
    if (query !== null) this.lastResults.set(query, total);
  }

  /** A person made the search (answered from the database or from a cache). */
  asked(q: string, at = new Date()): void {
    const query = loggedQuery(q);
    if (query === null) return;
    const key = `${zoneLocalTime(at, this.tz).date}\n${query}`;
    const entry = this.pending.get(key) ?? { searches: 0, results: null };
    entry.searches += 1;
    entry.results = this.lastResults.get(query) ?? entry.results;
    this.pending.set(key, entry);
  }

  /** Writes the waiting counts, after any write already under way. */
  flush(): Promise<void> {
    const run = this.writing.then(() => this.write());
    this.writing = run.catch(() => {});
    return run;
  }

  close(): Promise<void> {
    clearInterval(this.timer);
    return this.flush();
  }

  private async write(): Promise<void> {
    if (!this.pending.size) return;
    const batch = [...this.pending];
    this.pending = new Map();
    const values = batch.map(([key, { searches, results }]) => {
      const [day, query] = key.split('\n');
      return { day, query, searches, results };
    });
    const today = values.map((v) => v.day).sort()[values.length - 1];
    if (today !== this.prunedFor) {
      this.prunedFor = today;
      await this.db
        .delete(searchCounts)
        .where(sql`${searchCounts.day} < ${today}::date - ${SEARCH_COUNTS_KEEP_DAYS}::int`);
    }
    await this.db
      .insert(searchCounts)
      .values(values)
      .onConflictDoUpdate({
        target: [searchCounts.day, searchCounts.query],
        set: {
          searches: sql`${searchCounts.searches} + excluded.searches`,
          results: sql`coalesce(excluded.results, ${searchCounts.results})`,
        },
      });
  }
}

/**
 * The words of a search a person asked for by this request, or null: a results page (`/search?q=`) or the API's
 * search asked from outside (the pages' own reads of the API, marked internal, are the page's search, counted once).
 */
export function searchAsked(url: string, apiPath: string, internal: boolean): string | null {
  const at = url.indexOf('?');
  const path = at < 0 ? url : url.slice(0, at);
  if (path !== '/search' && (path !== apiPath || internal)) return null;
  const params = new URLSearchParams(at < 0 ? '' : url.slice(at + 1));
  // Paging on through a search's results, or narrowing it to a kind, is the same search.
  const page = params.get('page');
  if ((page && page !== '1') || params.get('kind')) return null;
  const q = params.get('q');
  return q?.trim() ? q : null;
}

import { API_ERRORS } from '@chaupal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../app';
import { RATE_LIMITS } from '../../platform/rate-limit';
import { makeNews } from '../../seed/factories';
import { type TestContext, testApp } from '../../test/harness';
import { buildWorld } from '../../test/world';
import { runSearch, SEARCH_GATE, SEARCH_RETRY_SECONDS } from './search-limits';
import { SEARCH_TERMS } from './search-text';

/** A twentieth of every budget: six searches and three results pages a minute per address. */
const FACTOR = 0.05;
const SEARCHES = Math.round(RATE_LIMITS.search.ip * FACTOR);
const PAGES = Math.round(RATE_LIMITS.searchPage.ip * FACTOR);
const onPostgres = process.env.TEST_DB_KIND === 'pg';

let t: TestContext;
let zebraId: string;
/** Eight words a news item's text holds, and its title does not. */
const EIGHT = 'zebra crossing painted near the old mill school';
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT_FACTOR: String(FACTOR) });
  const w = await buildWorld(t.db);
  zebraId = (
    await makeNews(
      t.db,
      { userId: w.users.alice.id, editionId: w.editions.city.id },
      { title: 'Ward office notice', content: `<p>A ${EIGHT} on Monday.</p>` },
    )
  ).id;
});
afterAll(() => t.close());

/** A GET from one address: each test has its own, so the budgets of one do not reach the next. */
const from = (address: string) => (url: string) => t.app.inject({ url, remoteAddress: address });
const search = (q: string) => `${API_PREFIX}/search?q=${encodeURIComponent(q)}`;
const RATE_LIMITED = { success: false, error: API_ERRORS.rateLimited };
const BUSY = { success: false, error: API_ERRORS.busy };

describe('the search budget per address', () => {
  it('answers the search API 429 with the SPEC §8 body once an address used its searches of the minute', async () => {
    const get = from('10.0.1.1');
    for (let i = 0; i < SEARCHES; i++) expect((await get(search(`zebra ${i}`))).statusCode).toBe(200);
    const refused = await get(search('zebra again'));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(RATE_LIMITED);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address has a budget of its own.
    expect((await from('10.0.1.2')(search('zebra again'))).statusCode).toBe(200);
  });

  it('counts results pages as the visitor’s own searches, though their render reads the API in-process', async () => {
    const get = from('10.0.2.1');
    for (let i = 0; i < PAGES; i++) expect((await get(`/search?q=zebra+${i}`)).statusCode).not.toBe(429);
    const refused = await get('/search?q=zebra+again');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(RATE_LIMITED);
    // The search box without words runs no search, and the suggestions keep their own budget.
    expect((await get('/search')).statusCode).not.toBe(429);
    expect((await get(search('zebra'))).statusCode).toBe(200);
  });
});

describe('the words and time a search may take', () => {
  it(`searches the first ${SEARCH_TERMS} words of a 40-word query and leaves out the rest`, async () => {
    // Forty words within the 200 characters a query may have.
    const extra = Array.from({ length: 40 - SEARCH_TERMS }, (_, i) => `n${i}`);
    const res = await from('10.0.3.1')(search(`${EIGHT} ${extra.join(' ')}`));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // Every word of all forty would have had to be in one record: none holds the made-up ones.
    expect(body.data.map((h: { id: string }) => h.id)).toEqual([zebraId]);
    expect(body.meta.total).toBe(1);
    expect(body.data[0].snippet).toBe(`A ${EIGHT} on Monday.`);
    expect(body.suggestion).toBeNull();
  });

  it.skipIf(!onPostgres)('cancels a search statement that runs past the time limit: a 503, not a 500', async () => {
    await expect(runSearch(t.app, (db) => db.execute(sql`select pg_sleep(5)`))).rejects.toMatchObject({
      statusCode: 503,
      message: API_ERRORS.busy,
    });
    // The limit was the transaction's own: the pooled connections keep none.
    const shown = (await t.db.execute(sql`show statement_timeout`)) as unknown as { rows: unknown[] };
    expect(shown.rows).toEqual([{ statement_timeout: '0' }]);
  });
});

describe('the search gate', () => {
  /** Holds every slot of the gate (and `queued` places in its queue) until the returned function is called. */
  function hold(queued: number) {
    const gate = t.app.searchGate;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const holders = Array.from({ length: gate.slots + queued }, () => gate.run(() => held));
    return async () => {
      release();
      await Promise.all(holders);
    };
  }

  it('has one slot on the embedded database and four on PostgreSQL, each with a bounded queue', () => {
    const size = onPostgres ? SEARCH_GATE.postgres : SEARCH_GATE.embedded;
    expect([t.app.searchGate.slots, t.app.searchGate.queue]).toEqual([size.slots, size.queue]);
  });

  it('lets a search wait for its turn while a place in the queue is free', async () => {
    const release = hold(0);
    const pending = from('10.0.4.1')(search('zebra'));
    await new Promise((r) => setTimeout(r, 50));
    expect(t.app.searchGate.queued).toBe(1);
    await release();
    expect((await pending).statusCode).toBe(200);
  });

  it('refuses a search beyond its slots and queue with 503, Retry-After and the SPEC §8 body', async () => {
    const release = hold(t.app.searchGate.queue);
    const refused = await from('10.0.4.2')(search('zebra'));
    await release();
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual(BUSY);
    expect(refused.headers['retry-after']).toBe(String(SEARCH_RETRY_SECONDS));
    expect((await from('10.0.4.2')(search('zebra'))).statusCode).toBe(200);
  });
});

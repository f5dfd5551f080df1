import { API_ERRORS } from '@chaupal/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { Gate } from '../../platform/gate';
import { RATE_LIMITS } from '../../platform/rate-limit';

/**
 * A search costs far more than a cached page, and each one with new words misses every cache: without a bound, a
 * stream of them from anywhere could hold the process's database and event loop. So a search runs through a gate of
 * its own, on PostgreSQL with a time limit, and each address has a budget of them (docs/operations.md, "Search
 * protections").
 */

/**
 * Searches one process runs at once, and how many more may wait. The embedded database runs every statement in the
 * server's own thread, pages' reads included, so one search at a time leaves turns for them between its statements.
 * PostgreSQL runs them beside the server, but on the pool the pages use: four leave most of its connections free.
 * The queue holds about what the slots get through in `waitMs` under load (30 to 50 searches a second were answered
 * beside 50 connections of pages: docs/performance.md). A search waiting costs nothing but its socket, where one
 * refused at once comes straight back: 20 connections refused from a queue of 4 asked 2,200 times a second, and
 * those answers alone took the embedded home page's p99 to 174 ms.
 */
export const SEARCH_GATE = {
  embedded: { slots: 1, queue: 32 },
  postgres: { slots: 4, queue: 32 },
  /** A search that waited this long for a turn is refused: by then its reader has mostly given up. */
  waitMs: 2_000,
} as const;
/** Seconds a refused search is asked to wait (Retry-After). */
export const SEARCH_RETRY_SECONDS = 2;
/** The longest a search statement runs on PostgreSQL before it is cancelled and the search answered 503. */
export const SEARCH_TIMEOUT_MS = 500;
/** PostgreSQL's error code for a statement cancelled by its statement_timeout. */
const QUERY_CANCELED = '57014';

declare module 'fastify' {
  interface FastifyInstance {
    /** The searches this process runs at once (search-limits.ts). */
    searchGate: Gate;
  }
}

const busy = () => new AppError('UNAVAILABLE', API_ERRORS.busy);

/** Whether the app's database is PostgreSQL through a `pg` pool; otherwise it is the embedded PGlite. */
const onPostgres = (db: Db) => (db as { $client?: unknown }).$client instanceof pg.Pool;

function cancelled(err: unknown): boolean {
  // Drizzle wraps the driver's error in its own, with the driver's as the cause.
  const e = err as { code?: unknown; cause?: { code?: unknown } } | undefined;
  return e?.code === QUERY_CANCELED || e?.cause?.code === QUERY_CANCELED;
}

/**
 * The embedded database with a turn of the event loop before each statement. PGlite answers in promise callbacks
 * alone, so a search's statements (five to fifteen) would otherwise run back to back and hold the thread for the
 * whole search, 20–50 ms, where pages waiting on their sockets get a turn after each statement (at most ~15 ms).
 */
function turnByTurn(db: Db): Db {
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop !== 'execute') return Reflect.get(target, prop, receiver);
      return async (query: Parameters<Db['execute']>[0]) => {
        await new Promise(setImmediate);
        return target.execute(query);
      };
    },
  });
}

/**
 * Runs a search's statements through the process's search gate. On PostgreSQL they run in one read-only transaction
 * whose statements are cancelled after SEARCH_TIMEOUT_MS (`SET LOCAL` ends with it, so the pooled connection keeps
 * no limit), and a cancelled search is a 503. The embedded database cannot cancel a statement (a timer cannot fire
 * while it runs in this thread): there the words a search reads and its depth per kind bound it.
 */
export function runSearch<T>(app: FastifyInstance, work: (db: DbOrTx) => Promise<T>): Promise<T> {
  const db = app.db;
  if (!onPostgres(db)) return app.searchGate.run(() => work(turnByTurn(db)));
  return app.searchGate.run(async () => {
    try {
      return await db.transaction(
        async (tx) => {
          await tx.execute(sql.raw(`set local statement_timeout = ${SEARCH_TIMEOUT_MS}`));
          return work(tx);
        },
        { accessMode: 'read only' },
      );
    } catch (err) {
      if (cancelled(err)) throw busy();
      throw err;
    }
  });
}

/** Whether a request is a results page (`/search` with words): its render runs a search in-process. */
function searchPage(url: string): boolean {
  if (!url.startsWith('/search')) return false;
  const at = url.indexOf('?');
  const path = at < 0 ? url : url.slice(0, at);
  return (
    (path === '/search' || path === '/search/') && Boolean(new URLSearchParams(url.slice(at + 1)).get('q')?.trim())
  );
}

/**
 * The search gate, and the budget of results pages per address. A page reads the API in-process with the renderer's
 * own credentials, which no rate limit counts, so without this a results page would be a way round the API's
 * budget; it is counted here, as the visitor's own request, before the page is looked up or rendered. The budget is
 * a group of its own: suggestions typed into the box must not use up the pages they lead to.
 */
export function registerSearchLimits(app: FastifyInstance) {
  const size = onPostgres(app.db) ? SEARCH_GATE.postgres : SEARCH_GATE.embedded;
  app.decorate('searchGate', new Gate(size.slots, size.queue, busy, SEARCH_GATE.waitMs));
  const guard = app.limiters.perIp('search-page', RATE_LIMITS.searchPage.ip);
  app.addHook('onRequest', async (req, reply) => {
    if ((req.method === 'GET' || req.method === 'HEAD') && searchPage(req.url)) await guard(req, reply);
  });
}

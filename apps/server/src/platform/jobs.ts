import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database, DbOrTx } from '../db/client';
import { QUEUES } from '../db/job-schema';

export { QUEUES };

/**
 * Work done after the request that causes it, durably: pg-boss keeps its jobs in the app's own database (PostgreSQL,
 * or the embedded PGlite through the same SQL), so a job enqueued in a write's transaction exists exactly when the
 * write does, survives restarts, runs on one instance at a time, and is retried with back-off until it succeeds or
 * runs out of tries (then it stays `failed`, with its error, in the console). Scheduled work (cron) is sent once per
 * slot however many instances run. Decision 031.
 */

export type TQueue = keyof typeof QUEUES;

/**
 * How often an idle worker looks for new jobs (a job enqueued outside a transaction wakes its worker at once): a
 * one-time code should not wait, a scheduled publication may take a second, the daily sweeps a few.
 */
const POLL_SECONDS: Record<TQueue, number> = {
  message: 0.5,
  visibility: 1,
  'stale-sweep': 5,
  'revision-prune': 5,
  'search-lexicon': 5,
};

export interface JobsOptions {
  /** How long a stopping instance lets running jobs finish. */
  stopTimeoutMs?: number;
  /** pg-boss's supervision and cron clocks, shortened by the tests. */
  maintenanceIntervalSeconds?: number;
  cronMonitorIntervalSeconds?: number;
  cronWorkerIntervalSeconds?: number;
  /** Every queue's first retry delay and expiry, shortened by the tests. */
  retryDelay?: number;
  expireInSeconds?: number;
}

/** A job's run: its data, and which try this is (0 the first). */
export interface JobRun<T> {
  id: string;
  data: T;
  retryCount: number;
}

export interface JobCount {
  queue: string;
  state: string;
  count: number;
}

export interface FailedJob {
  id: string;
  queue: string;
  data: unknown;
  error: string;
  retryCount: number;
  createdOn: string;
  completedOn: string | null;
}

/**
 * A pg-boss statement on a transaction of the app (drizzle), so the job commits or rolls back with the write: its
 * `$n` parameters become drizzle's.
 */
function onTransaction(handle: DbOrTx): PgBoss.Db {
  return {
    executeSql: async (text, values) => {
      const query: SQL = sql.empty();
      text.split(/\$(\d+)/).forEach((part, i) => {
        query.append(i % 2 ? sql`${values[Number(part) - 1] ?? null}` : sql.raw(part));
      });
      const result = (await handle.execute(query)) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

export class Jobs {
  readonly #boss: PgBoss;
  readonly #log: Pick<FastifyBaseLogger, 'warn'>;
  readonly #workers = new Map<TQueue, string>();
  readonly #stopTimeoutMs: number;
  readonly #overrides: Partial<Pick<PgBoss.Queue, 'retryDelay' | 'expireInSeconds'>>;
  #started: Promise<void> | undefined;

  constructor(database: Pick<Database, 'executeSql'>, log: Pick<FastifyBaseLogger, 'warn'>, options: JobsOptions = {}) {
    this.#log = log;
    this.#stopTimeoutMs = options.stopTimeoutMs ?? 10_000;
    this.#overrides = {
      ...(options.retryDelay ? { retryDelay: options.retryDelay } : {}),
      ...(options.expireInSeconds ? { expireInSeconds: options.expireInSeconds } : {}),
    };
    this.#boss = new PgBoss({
      db: { executeSql: (text, values) => database.executeSql(text, values) as Promise<{ rows: unknown[] }> },
      maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 120,
      cronMonitorIntervalSeconds: options.cronMonitorIntervalSeconds ?? 30,
      cronWorkerIntervalSeconds: options.cronWorkerIntervalSeconds ?? 5,
      // Completed jobs are kept a week, failed ones until someone has seen them (the console lists them).
      archiveCompletedAfterSeconds: 7 * 24 * 3600,
      archiveFailedAfterSeconds: 30 * 24 * 3600,
    });
    this.#boss.on('error', (err) => this.#log.warn({ err }, 'job queue'));
  }

  /** Starts the queue's supervision and clocks on this instance (its tables and queues come with the migrations). */
  start(): Promise<void> {
    this.#started ??= (async () => {
      await this.#boss.start();
      // The queues are made with the schema (db/job-schema.ts), under the migrations' lock: instances starting
      // together must not make them at once. Only the tests change their clocks here.
      if (Object.keys(this.#overrides).length) {
        for (const [name, policy] of Object.entries(QUEUES)) {
          await this.#boss.updateQueue(name, { name, ...policy, ...this.#overrides });
        }
      }
    })();
    return this.#started;
  }

  /**
   * Enqueues a job; with `handle` (a transaction of the app) it exists only if that transaction commits. Outside a
   * transaction its worker is woken at once. `startAfter`: not before then; `singletonKey`: one such job waiting at
   * a time, where the queue's policy says so.
   */
  async send<T extends object>(
    queue: TQueue,
    data: T,
    handle?: DbOrTx,
    when: { startAfter?: Date; singletonKey?: string } = {},
  ): Promise<string | null> {
    await this.start();
    const id = await this.#boss.send(queue, data, { ...when, ...(handle ? { db: onTransaction(handle) } : {}) });
    const worker = this.#workers.get(queue);
    if (worker && !handle) this.#boss.notifyWorker(worker);
    return id;
  }

  /** Runs `handler` for each job of `queue` on this instance; a throw fails the try, and the queue's policy retries. */
  async work<T>(queue: TQueue, handler: (job: JobRun<T>) => Promise<void>): Promise<void> {
    await this.start();
    const id = await this.#boss.work<T>(
      queue,
      { pollingIntervalSeconds: POLL_SECONDS[queue], includeMetadata: true },
      async ([job]) => {
        await handler({ id: job.id, data: job.data, retryCount: job.retryCount });
      },
    );
    this.#workers.set(queue, id);
  }

  /** Sends a job to `queue` by a cron pattern (the site's zone), once per slot across every instance. */
  async schedule(queue: TQueue, cron: string, tz: string): Promise<void> {
    await this.start();
    await this.#boss.schedule(queue, cron, {}, { tz });
  }

  /** How many jobs each queue holds in each state (created, retry, active, completed, failed…). */
  async counts(): Promise<JobCount[]> {
    await this.start();
    const { rows } = await this.#boss
      .getDb()
      .executeSql(
        'select name as queue, state::text as state, count(*)::int as count from pgboss.job group by 1, 2 order by 1, 2',
        [],
      );
    return rows as JobCount[];
  }

  /** The latest failed jobs, newest first, with the error of their last try. */
  async failed(limit = 50): Promise<FailedJob[]> {
    await this.start();
    const { rows } = await this.#boss.getDb().executeSql(
      `select id, name as queue, data, coalesce(output->>'message', output::text, '') as error,
         retry_count as "retryCount", created_on as "createdOn", completed_on as "completedOn"
       from pgboss.job where state = 'failed' order by completed_on desc nulls last limit $1`,
      [limit],
    );
    return (rows as FailedJob[]).map((r) => ({
      ...r,
      createdOn: new Date(r.createdOn).toISOString(),
      completedOn: r.completedOn ? new Date(r.completedOn).toISOString() : null,
    }));
  }

  /** Tries a failed job again now; false when it is no longer failed (retried already, or archived). */
  async retry(queue: string, id: string): Promise<boolean> {
    if (!Object.hasOwn(QUEUES, queue)) return false;
    await this.start();
    const job = await this.#boss.getJobById(queue, id);
    if (job?.state !== 'failed') return false;
    await this.#boss.retry(queue, id);
    const worker = this.#workers.get(queue as TQueue);
    if (worker) this.#boss.notifyWorker(worker);
    return true;
  }

  /** Stops working: running jobs get `stopTimeoutMs` to finish; what is left runs again on the next start. */
  async stop(): Promise<void> {
    if (!this.#started) return;
    await this.#started.catch(() => undefined);
    await this.#boss.stop({ graceful: true, close: false, wait: true, timeout: this.#stopTimeoutMs });
  }
}

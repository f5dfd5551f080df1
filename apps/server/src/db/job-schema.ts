import PgBoss from 'pg-boss';

/** The queues the app works, each with its retry policy. */
export const QUEUES = {
  /** An e-mail or SMS through its transport: retried for about two hours (5 s doubling). */
  message: { retryLimit: 10, retryDelay: 5, retryBackoff: true, expireInSeconds: 120 },
  /** The stale-listing reminders (modules/trust): every six hours; a failed sweep waits for the next. */
  'stale-sweep': { retryLimit: 0, expireInSeconds: 15 * 60 },
  /**
   * A record's visibility at its publish or unpublish time (modules/content, decision 032). `short`: one job per
   * record and time while it waits, however often the record is saved meanwhile.
   */
  visibility: { policy: 'short', retryLimit: 8, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 },
  /** Revisions older than a year, each record's newest kept (modules/revisions, decision 033): daily; a failed run waits. */
  'revision-prune': { retryLimit: 0, expireInSeconds: 15 * 60 },
  /** Search's dictionary brought in step with the public records (modules/search, search-lexicon.ts): daily. */
  'search-lexicon': { retryLimit: 0, expireInSeconds: 15 * 60 },
} as const satisfies Record<string, Omit<PgBoss.Queue, 'name'>>;

type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

/**
 * Installs or upgrades the job queue's schema (`pgboss`, pg-boss's own tables and functions) and makes or updates the
 * app's queues, with the app's migrations (under their lock), so an instance starting on a migrated database, and
 * every test database cloned from one, finds them ready. pg-boss versions its schema itself.
 */
export async function installJobSchema(executeSql: ExecuteSql): Promise<void> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => executeSql(text, values) as Promise<{ rows: unknown[] }> },
    supervise: false,
    schedule: false,
  });
  await boss.start();
  const existing = new Set((await boss.getQueues()).map((q) => q.name));
  for (const [name, policy] of Object.entries(QUEUES)) {
    if (existing.has(name)) await boss.updateQueue(name, { name, ...policy });
    else await boss.createQueue(name, { name, ...policy });
  }
  await boss.stop({ graceful: false, close: false, wait: true });
}

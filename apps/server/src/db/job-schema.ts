import PgBoss from 'pg-boss';

type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

/**
 * Installs or upgrades the job queue's schema (`pgboss`, pg-boss's own tables and functions) with the app's
 * migrations, so an instance starting on a migrated database, and every test database cloned from one, finds it ready.
 * pg-boss versions its schema itself; this runs its install or upgrade and nothing else.
 */
export async function installJobSchema(executeSql: ExecuteSql): Promise<void> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => executeSql(text, values) as Promise<{ rows: unknown[] }> },
    supervise: false,
    schedule: false,
  });
  await boss.start();
  await boss.stop({ graceful: false, close: false, wait: true });
}

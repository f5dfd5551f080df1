import { count, sql } from 'drizzle-orm';
import type { Config } from './config';
import { type Database, DatabaseError, PREPARE_LOCK } from './db/client';
import { circles } from './db/schema';
import { ensureAdmin } from './seed/admin';
import { seedDemo } from './seed/demo';

/**
 * Gets the database ready for the app. The embedded database (and any database outside production) is migrated at
 * start; a production PostgreSQL is migrated once per release with `npm run db:migrate` (DESIGN §11), so here it is
 * only checked. Seeds the demo into a database with no content unless SEED_DEMO=false; makes the first admin.
 */
export async function prepareDatabase(database: Database, config: Config, say: (line: string) => void) {
  // Instances started together on one empty database take turns: the second finds the work done.
  await database.exclusively(PREPARE_LOCK, async () => {
    await ensureSchema(database, config);
    await ensureAdmin(database.db, config, say);
    const [{ n }] = await database.db.select({ n: count() }).from(circles);
    if (config.seedDemo !== false && Number(n) === 0) {
      say(`Seeded demo data: ${await seedDemo(database.db, { dataDir: config.dataDir })}`);
    }
    // PostgreSQL's autovacuum keeps the planner's statistics; the embedded database has no such worker, so without
    // this its tables are never analysed and every plan rests on default guesses (a news item's related records took
    // 25 % longer to read on the demo). A sample of each table: about 0.3 s on the demo town.
    if (database.kind === 'pglite') await database.db.execute(sql`analyze`);
  });
}

/** Migrates the embedded database (and any outside production); checks a production PostgreSQL has its schema. */
export async function ensureSchema(database: Database, config: Config) {
  if (database.kind === 'pglite' || !config.production) {
    try {
      await database.migrate();
    } catch (err) {
      throw new DatabaseError(`database migration failed: ${(err as Error).message.split('\n')[0]}`);
    }
  } else {
    const probe = await database.db.execute(sql`select to_regclass('public.users') as t`);
    const row = (probe as unknown as { rows: { t: string | null }[] }).rows[0];
    if (!row?.t) throw new DatabaseError('the database has no schema yet: run `npm run db:migrate` first');
  }
}

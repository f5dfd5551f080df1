import { count } from 'drizzle-orm';
import type { Config } from '../config';
import { type Database, DatabaseError } from './client';
import { users } from './schema';
import { seedDemo } from './seed/demo';
import { ensureAdmin } from './seed/admin';

/**
 * Embedded mode migrates at every start; with a PostgreSQL server, migrations run once before a release
 * (`npm run db:migrate`, DESIGN §11) unless the schema is missing altogether (a first start).
 * Seeds demo data into an empty database unless SEED_DEMO=false, and makes the first admin.
 */
export async function prepareDatabase(database: Database, config: Config, say: (line: string) => void) {
  try {
    await database.migrate();
  } catch (err) {
    throw new DatabaseError(`database migration failed: ${(err as Error).message.split('\n')[0]}`);
  }
  const [{ n }] = await database.db.select({ n: count() }).from(users);
  const empty = Number(n) === 0;
  await ensureAdmin(database.db, config, say);
  if (config.seedDemo ?? empty) {
    if (empty || config.seedDemo) {
      const summary = await seedDemo(database.db, { dataDir: config.dataDir });
      say(`Seeded demo data: ${summary}`);
    }
  }
}

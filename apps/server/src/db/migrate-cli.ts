import { ConfigError, loadConfig } from '../config';
import { DatabaseError, PREPARE_LOCK } from './client';
import { openForTool } from './control-socket';

/** `npm run db:migrate`: applies pending migrations to DATABASE_URL (or the embedded database) and exits. */
async function run() {
  const config = loadConfig();
  const database = await openForTool(config);
  try {
    await database.exclusively(PREPARE_LOCK, () => database.migrate());
    process.stdout.write('Migrations applied.\n');
  } finally {
    await database.close();
  }
}

run().catch((err: unknown) => {
  const known = err instanceof ConfigError || err instanceof DatabaseError;
  process.stderr.write(
    `chaupal: ${known ? (err as Error).message : `migration failed: ${String((err as Error).message ?? err).split('\n')[0]}`}\n`,
  );
  process.exit(1);
});

import { loadConfig } from '../config';
import { openForTool } from '../db/control-socket';
import { seedDemo } from './demo';

/** `npm run db:seed`: adds the demo data to the configured database (run it on an empty one). */
async function run() {
  const config = loadConfig();
  const database = await openForTool(config);
  try {
    await database.migrate();
    process.stdout.write(`Seeded: ${await seedDemo(database.db, { dataDir: config.dataDir })}\n`);
  } finally {
    await database.close();
  }
}

run().catch((err: unknown) => {
  process.stderr.write(`chaupal: seeding failed: ${String((err as Error).message ?? err).split('\n')[0]}\n`);
  process.exit(1);
});

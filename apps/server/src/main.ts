import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { type Database, DatabaseError, openDatabase } from './db/client';
import { assertNoServer, serveControlSocket } from './db/control-socket';
import { OUTBOX_WARNING } from './modules/dev/dev.routes';
import { prepareDatabase } from './prepare';

/** Held for life by an instance that caches responses in its own memory on a PostgreSQL server. */
const MEMORY_CACHE_LOCK = 'chaupal:memory-cache';

/** Starts the portal; a bad configuration or database exits with one clear line, not a stack trace. */
async function main() {
  const config = loadConfig();
  // React and the other libraries run their production builds whatever NODE_ENV the configuration was read with
  // (`npm start` leaves it unset for the development defaults, decision 001); only `npm run dev` keeps the
  // development builds, for React's warnings and hot reload.
  if (process.env.CHAUPAL_WEB_DEV !== '1') process.env.NODE_ENV = 'production';
  if (!config.databaseUrl) await assertNoServer(config.dataDir);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await prepareDatabase(database, config, (line) => process.stdout.write(`${line}\n`));
  await claimMemoryCache(database, config);
  const app = await buildApp({ config, db: database.db, executeSql: database.executeSql });
  app.addHook('onClose', () => database.close());
  const control = database.kind === 'pglite' ? await serveShellTools(database, config) : null;
  app.addHook('preClose', (done) => (control ? control.close(() => done()) : done()));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.close().then(() => process.exit(0));
    });
  }
  await app.listen({ port: config.port, host: config.host });
  process.stdout.write(`Chaupal is listening on ${config.publicUrl}\n`);
  if (config.devOutbox) process.stdout.write(`${OUTBOX_WARNING}\n`);
}

/**
 * An in-memory response cache is this process's own: a second instance on the same PostgreSQL would go on serving
 * what the first one changed for up to the cache's lifetime. Such an instance waits a little (a restart's old process
 * may still be stopping) and then refuses to start; several instances share the cache through REDIS_URL.
 */
async function claimMemoryCache(database: Database, config: Config) {
  if (database.kind !== 'pg' || config.redisUrl || !config.responseCache) return;
  for (let tries = 0; tries < 20; tries++) {
    if (await database.claim(MEMORY_CACHE_LOCK)) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  await database.close();
  throw new DatabaseError(
    'another instance serves this database with an in-memory response cache: set REDIS_URL on every instance ' +
      '(or RESPONSE_CACHE=false) to run several',
  );
}

/** The embedded database answers `npm run db:backup` (and tells the other tools it is in use) through DATA_DIR. */
async function serveShellTools(database: Database, config: Config) {
  const control = await serveControlSocket(database, config.dataDir);
  if (!control)
    process.stdout.write(
      "note: DATA_DIR's path is too long for its control socket: npm run db:backup cannot reach this server\n",
    );
  return control;
}

main().catch((err: unknown) => {
  const known = err instanceof ConfigError || err instanceof DatabaseError;
  const message = err instanceof Error ? err.message : String(err);
  process.stderr.write(`chaupal: ${known ? message : `failed to start: ${message.split('\n')[0]}`}\n`);
  process.exit(1);
});

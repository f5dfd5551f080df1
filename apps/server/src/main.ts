import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DatabaseError, openDatabase } from './db/client';
import { prepareDatabase } from './db/prepare';

/** Starts the portal; a bad configuration or database exits with one clear line, not a stack trace. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await prepareDatabase(database, config, (line) => process.stdout.write(`${line}\n`));
  const app = await buildApp({ config, db: database.db });
  app.addHook('onClose', () => database.close());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.close().then(() => process.exit(0));
    });
  }
  await app.listen({ port: config.port, host: config.host });
  process.stdout.write(`Chaupal is listening on ${config.publicUrl}\n`);
}

main().catch((err: unknown) => {
  const known = err instanceof ConfigError || err instanceof DatabaseError;
  const message = err instanceof Error ? err.message : String(err);
  process.stderr.write(`chaupal: ${known ? message : `failed to start: ${message.split('\n')[0]}`}\n`);
  process.exit(1);
});

import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_PREFIX, buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { prepareDatabase } from '../apps/server/src/prepare';

/**
 * The uncached render (decision 020): the demo town on a fresh embedded database, as `npm start` runs it, with the
 * response cache off, so every page is rendered from the database; `env` changes that (search-load.ts turns the cache
 * on).
 */
export async function serveDemo(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'chaupal-bench-demo-'));
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    RESPONSE_CACHE: 'false',
    LOG_LEVEL: 'silent',
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    REDIS_URL: '',
    SEED_DEMO: 'true',
    ...env,
  });
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await prepareDatabase(database, config, () => {});
  const app = await buildApp({ config, db: database.db });
  app.get('/bench/hello', { schema: { hide: true } }, async () => ({ hello: 'world' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const news = (await (await fetch(`${base}${API_PREFIX}/newss/view?pageSize=1`)).json()) as {
    data: { slug: string }[];
  };
  return {
    base,
    newsSlug: news.data[0].slug,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

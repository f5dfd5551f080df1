import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';

const dataDir = mkdtempSync(join(tmpdir(), 'chaupal-client-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function sharedBuffers() {
  const database = await openDatabase({ dataDir });
  try {
    const result = await database.db.execute(sql`show shared_buffers`);
    return (result as unknown as { rows: { shared_buffers: string }[] }).rows[0].shared_buffers;
  } finally {
    await database.close();
  }
}

// The embedded database only; the PostgreSQL project has nothing to add.
describe.skipIf(process.env.TEST_DB_KIND === 'pg')('the embedded database in DATA_DIR', () => {
  it('creates a new data directory and opens it, and reopens it, with 16 MB of shared buffers', async () => {
    expect(existsSync(join(dataDir, 'db', 'PG_VERSION'))).toBe(false);
    expect(await sharedBuffers()).toBe('16MB');
    expect(existsSync(join(dataDir, 'db', 'PG_VERSION'))).toBe(true);
    expect(await sharedBuffers()).toBe('16MB');
  });
});

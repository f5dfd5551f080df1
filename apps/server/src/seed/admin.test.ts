import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { users } from '../db/schema';
import { testDatabase } from '../test/harness';
import { ensureAdmin } from './admin';
import { makeUser } from './factories';

let database: Awaited<ReturnType<typeof testDatabase>>;
beforeEach(async () => {
  database = await testDatabase();
});
afterEach(() => database.close());

const production = loadConfig({
  NODE_ENV: 'production',
  JWT_SECRET: 'x'.repeat(32),
  PUBLIC_URL: 'https://chaupal.example',
  ADMIN_PASSWORD: 'Admin12345',
});
const development = loadConfig({ NODE_ENV: 'test', ADMIN_PASSWORD: 'Admin12345' });

async function makeFirstAdmin(config: typeof production) {
  const said: string[] = [];
  await ensureAdmin(database.db, config, (line) => said.push(line));
  const admins = await database.db.select().from(users).where(eq(users.role, 'admin'));
  return { emails: admins.map((a) => a.email), said };
}

describe('the first admin', () => {
  it('gets a generated e-mail when the production checks are on, the development default only outside them', async () => {
    const { emails, said } = await makeFirstAdmin(production);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatch(/^admin-[0-9a-f]{12}@chaupal\.local$/);
    expect(said).toEqual([`Admin account: ${emails[0]}`]);
    // A second start finds the admin and says nothing.
    expect(await makeFirstAdmin(production)).toEqual({ emails, said: [] });

    // On a development machine (npm start with nothing set, the e2e journeys) the default stays.
    await database.db.delete(users).where(eq(users.role, 'admin'));
    expect(await makeFirstAdmin(development)).toEqual({
      emails: ['admin@chaupal.local'],
      said: ['Admin account: admin@chaupal.local'],
    });
  });

  it('warns at every production start while an admin still has the development default', async () => {
    await makeUser(database.db, { role: 'admin', email: 'admin@chaupal.local' });
    expect((await makeFirstAdmin(production)).said).toEqual([
      'WARNING: the admin account admin@chaupal.local has the well-known development e-mail: give it another in its profile, or make an admin with npm run admin:create and hold this one',
    ]);
    expect((await makeFirstAdmin(development)).said).toEqual([]);
  });
});

import { defineConfig } from 'vitest/config';

const serverTests = ['apps/server/src/**/*.test.ts'];
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * `npm test` runs everything (DESIGN §10): the contract's unit tests, the server's API tests on the embedded
 * PGlite, and the same API tests again on PostgreSQL when TEST_DATABASE_URL is set.
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'] } },
      {
        test: {
          name: 'server:pglite',
          include: serverTests,
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          env: { TEST_DB_KIND: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(withPostgres
        ? [
            {
              test: {
                name: 'server:postgres',
                include: serverTests,
                globalSetup: ['apps/server/src/test/global-setup.ts'],
                env: { TEST_DB_KIND: 'pg' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});

import { existsSync } from 'node:fs';
import { lingui } from '@lingui/vite-plugin';
import { defineConfig } from 'vitest/config';

const serverTests = ['apps/server/src/**/*.test.ts'];
/**
 * The API test files share their worker's modules (`isolate: false`): each file builds its own app on its own
 * database (`test/harness.ts`), so nothing but the imports is shared, and importing Fastify, Drizzle, the AWS SDK
 * and every module once per worker instead of once per file halves the server projects' time.
 */
const serverProject = { include: serverTests, isolate: false, globalSetup: ['apps/server/src/test/global-setup.ts'] };
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
/**
 * The browser journeys run when Debian's Chromium is there; without it they are skipped, unless E2E=required (CI),
 * where the project stays and its global setup fails with a clear line.
 */
/** The journey that times controls on a throttled phone (e2e/first-tap.e2e.ts). */
const PHONE_TIMINGS = 'e2e/first-tap.e2e.ts';
const withE2e = existsSync('/usr/bin/chromium') || process.env.E2E === 'required';

/**
 * `npm test` runs everything (DESIGN §10): the contract's unit tests, the server's API tests on the embedded
 * PGlite, and the same API tests again on PostgreSQL when TEST_DATABASE_URL is set.
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'] } },
      // The web's tests import its compiled message catalogues as its build does (apps/web/lingui.config.ts).
      {
        plugins: [lingui({ configPath: 'apps/web/lingui.config.ts', failOnMissing: true, failOnCompileError: true })],
        test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'] },
      },
      {
        test: {
          name: 'server:pglite',
          ...serverProject,
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
                ...serverProject,
                env: { TEST_DB_KIND: 'pg' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      ...(withE2e
        ? [
            {
              test: {
                name: 'e2e',
                include: ['e2e/**/*.e2e.ts'],
                exclude: [PHONE_TIMINGS],
                globalSetup: ['e2e/global-setup.ts'],
                // After the other projects, two files at once, each with its own server and browser
                // (e2e/global-setup.ts). Run beside the API tests, or three at once, the journeys timed out on two cores.
                maxWorkers: 2,
                sequence: { groupOrder: 1 },
                testTimeout: 60_000,
                hookTimeout: 120_000,
              },
            },
            {
              // The first tap timed on a throttled phone: alone, after every other journey, against a server of its
              // own, so what it measures is the page and not a neighbour's load on the two cores.
              test: {
                name: 'e2e:phone',
                include: [PHONE_TIMINGS],
                globalSetup: ['e2e/global-setup.ts'],
                maxWorkers: 1,
                sequence: { groupOrder: 2 },
                testTimeout: 60_000,
                hookTimeout: 120_000,
              },
            },
          ]
        : []),
    ],
  },
});

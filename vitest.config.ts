import { randomInt } from 'node:crypto';
import { existsSync } from 'node:fs';
import { lingui } from '@lingui/vite-plugin';
import { defineConfig, type Plugin } from 'vitest/config';
import { BaseSequencer, type ResolvedConfig, type TestSpecification } from 'vitest/node';

/**
 * Tests run in a new order every run: the files, and the tests in each file, shuffled by one seed. A test that passes
 * only after another one (it reads what that one made, or misses what it changed) then fails on some run instead of
 * hiding, and the seed the log prints gives that order back: TEST_SEED=<seed> npm test. So every test builds what it
 * reads. (Replay with TEST_SEED rather than `--sequence.seed`: a `--sequence.*` flag replaces the projects' own
 * `sequence` settings, their groupOrder with them.)
 */
const seed = testSeed(process.env.TEST_SEED);
function testSeed(text: string | undefined): number {
  if (text === undefined || text === '') return randomInt(2 ** 31);
  if (!/^\d{1,15}$/.test(text)) throw new Error(`TEST_SEED must be a whole number, not "${text}"`);
  return Number(text);
}

/** The browser journeys (the e2e projects): they keep their files and tests in the order they are written. */
const isJourney = (projectName: string) => projectName.startsWith('e2e');

/** The same order for the same seed (a small seeded generator and a Fisher–Yates shuffle). */
function shuffled<T>(items: T[], from: number): T[] {
  let state = from >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = Math.imul(state ^ (state >>> 15), state | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 2 ** 32;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * Shuffles the files of every project but the journeys, which keep Vitest's own order (failed and longest first), and
 * prints the seed Vitest runs with (TEST_SEED's, unless `--sequence.seed` set another).
 */
class ShuffledFiles extends BaseSequencer {
  async sort(files: TestSpecification[]) {
    const { shuffle, seed: runSeed } = this.ctx.config.sequence;
    if (!shuffle || runSeed === undefined) return super.sort(files);
    console.log(`Test order: shuffled with seed ${runSeed} (replay: TEST_SEED=${runSeed} npm test)`);
    const key = (f: TestSpecification) => `${f.project.name} ${f.moduleId}`;
    const others = files.filter((f) => !isJourney(f.project.name)).sort((a, b) => key(a).localeCompare(key(b)));
    const journeys = files.filter((f) => isJourney(f.project.name));
    return [...shuffled(others, runSeed), ...(await super.sort(journeys))];
  }
}

/**
 * Keeps a journey file's tests in the order they are written: they share one page, and each goes on from where the
 * one before left it. Vitest 4.1 takes the shuffling of tests for every project from the root config (it does not
 * read a project's own `sequence.shuffle`), so a journey project is given a root config of its own without it.
 */
const testsInWrittenOrder: Plugin = {
  name: 'tests-in-written-order',
  configureVitest({ project }) {
    const root = project.globalConfig;
    (project as { globalConfig: ResolvedConfig }).globalConfig = {
      ...root,
      sequence: { ...root.sequence, shuffle: false },
    };
  },
};

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
    sequence: { shuffle: true, seed, sequencer: ShuffledFiles },
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
              plugins: [testsInWrittenOrder],
              test: {
                name: 'e2e',
                include: ['e2e/**/*.e2e.ts'],
                exclude: [PHONE_TIMINGS],
                globalSetup: ['e2e/global-setup.ts'],
                // After the other projects, two files at once, each with its own server and browser
                // (e2e/global-setup.ts). Run beside the API tests, or three at once, the journeys timed out on two cores.
                maxWorkers: 2,
                // Unshuffled, files and tests: a journey file's tests share one page, each going on from where the
                // one before left it, and the files sharing a server find it as the files before them left it, the
                // same on every run. (`shuffle: false` says so to a Vitest that reads it; 4.1 needs the plugin.)
                sequence: { groupOrder: 1, shuffle: false },
                testTimeout: 60_000,
                hookTimeout: 120_000,
              },
            },
            {
              // The first tap timed on a throttled phone: alone, after every other journey, against a server of its
              // own, so what it measures is the page and not a neighbour's load on the two cores.
              plugins: [testsInWrittenOrder],
              test: {
                name: 'e2e:phone',
                include: [PHONE_TIMINGS],
                globalSetup: ['e2e/global-setup.ts'],
                maxWorkers: 1,
                sequence: { groupOrder: 2, shuffle: false },
                testTimeout: 60_000,
                hookTimeout: 120_000,
              },
            },
          ]
        : []),
    ],
  },
});

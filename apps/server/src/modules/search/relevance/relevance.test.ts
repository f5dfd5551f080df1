import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../../app';
import { seedDemo } from '../../../seed/demo';
import { type TestContext, testApp } from '../../../test/harness';
import { type Answered, answerSet, figures, RELEVANCE_GROUPS, report } from './relevance-set';

/**
 * The search's relevance over the demo town (relevance-set.ts): the expected record among the first three hits for
 * 95 % of the queries, a mean reciprocal rank of 0.85, on this database; the figures per kind of question printed.
 */
describe('search relevance over the demo town', () => {
  let t: TestContext;
  let answered: Answered[];

  beforeAll(async () => {
    t = await testApp();
    await seedDemo(t.db, { dataDir: t.config.dataDir });
    const get = async <T>(path: string) => (await t.app.inject({ url: `${API_PREFIX}${path}` })).json() as T;
    answered = await answerSet(get);
    console.log(`Search relevance (${process.env.TEST_DB_KIND}):\n${report(answered)}`);
  }, 180_000);
  afterAll(() => t?.close());

  it('asks at least 60 queries, of every kind of question', () => {
    expect(answered.length).toBeGreaterThanOrEqual(60);
    for (const group of RELEVANCE_GROUPS) expect(answered.filter((a) => a.group === group).length).toBeGreaterThan(4);
  });

  it('finds an expected record in the first three for 95 % of queries, MRR 0.85', () => {
    const all = figures(answered);
    expect(all.at3).toBeGreaterThanOrEqual(0.95);
    expect(all.mrr).toBeGreaterThanOrEqual(0.85);
  });

  it('answers each kind of question: success@3 of 0.85 or more in every group', () => {
    const low = RELEVANCE_GROUPS.map((group) => ({ group, ...figures(answered.filter((a) => a.group === group)) }))
      .filter((f) => f.at3 < 0.85)
      .map((f) => `${f.group}: ${f.at3.toFixed(2)}`);
    expect(low).toEqual([]);
  });
});

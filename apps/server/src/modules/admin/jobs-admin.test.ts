import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Jobs } from '../../platform/jobs';
import { makeUser } from '../../seed/factories';
import { api } from '../../test/api';
import { type TestContext, testApp } from '../../test/harness';

let t: TestContext;
let token: string;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT_FACTOR: '100' });
  token = await t.app.tokens.issue(await makeUser(t.db, { name: 'Ada Admin', role: 'admin' }));
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string) => api(() => t).call(method, `/admin${url}`, { token });
const until = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setTimeout(r, 50));
  return check();
};

describe('the console’s job queue', () => {
  it('lists a job that ran out of tries with its error, retries it once (audited), then answers 404', async () => {
    const jobs = t.app.jobs as Jobs;
    // The sweep's queue tries once: a sweep that throws is failed at once.
    let fail = true;
    await jobs.work('stale-sweep', async () => {
      if (fail) throw new Error('The mail server refused the connection.');
    });
    const id = (await jobs.send('stale-sweep', {})) as string;
    expect(await until(async () => (await call('GET', '/jobs')).json().data.failed.length === 1)).toBe(true);
    const report = (await call('GET', '/jobs')).json();
    expect(report).toEqual({
      success: true,
      data: {
        running: true,
        counts: expect.arrayContaining([{ queue: 'stale-sweep', state: 'failed', count: 1 }]),
        failed: [
          {
            id,
            queue: 'stale-sweep',
            error: 'The mail server refused the connection.',
            retryCount: 0,
            createdOn: expect.any(String),
            completedOn: expect.any(String),
          },
        ],
      },
    });
    fail = false;
    const retried = await call('POST', `/jobs/stale-sweep/${id}/retry`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual({ success: true, message: 'Job Retried' });
    expect(await until(async () => (await call('GET', '/jobs')).json().data.failed.length === 0)).toBe(true);
    const again = await call('POST', `/jobs/stale-sweep/${id}/retry`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ success: false, error: 'No failed job to retry.' });
    const audit = (await call('GET', `/audit?entity=job&entityId=${id}`)).json().data;
    expect(audit).toMatchObject([{ action: 'retry', entity: 'job', entityId: id }]);
  });

  it('refuses a job id that is not a UUID, or a queue name with other characters, with 400', async () => {
    for (const url of ['/jobs/message/nope/retry', '/jobs/%20/0b8f1c2e-6f1a-4c7e-9d3b-2a4e5f6a7b8c/retry']) {
      const res = await call('POST', url);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, error: 'The request has invalid fields.' });
    }
  });

  it('answers 404 for a queue the app does not have', async () => {
    const res = await call('POST', '/jobs/no-such-queue/0b8f1c2e-6f1a-4c7e-9d3b-2a4e5f6a7b8c/retry');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, error: 'No failed job to retry.' });
  });
});

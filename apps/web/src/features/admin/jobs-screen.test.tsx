// @vitest-environment happy-dom
import type { TJobsReport } from '@chaupal/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { JobsScreen } from './jobs-screen';
import { renderScreen, rowCells } from './test-kit';

const REPORT: TJobsReport = {
  running: true,
  counts: [
    { queue: 'message', state: 'completed', count: 12 },
    { queue: 'message', state: 'failed', count: 1 },
    { queue: 'message', state: 'retry', count: 2 },
    { queue: 'stale-sweep', state: 'completed', count: 3 },
  ],
  failed: [
    {
      id: '0b8f1c2e-6f1a-4c7e-9d3b-2a4e5f6a7b8c',
      queue: 'message',
      error: 'SMS provider answered 500',
      retryCount: 10,
      createdOn: '2026-11-27T04:00:00.000Z',
      completedOn: '2026-11-27T06:05:00.000Z',
    },
  ],
};

afterEach(cleanup);

describe('the Jobs screen', () => {
  it('counts each queue’s jobs by state, lists the failed ones with their error, and retries one', async () => {
    const { calls } = renderScreen(<JobsScreen />, (call) =>
      call.method === 'GET'
        ? { body: { success: true, data: REPORT } }
        : { body: { success: true, message: 'Job Retried' } },
    );
    await screen.findByRole('heading', { level: 1, name: 'Jobs' });
    const [queues, failed] = screen.getAllByRole('table');
    expect(rowCells(queues)).toEqual([
      ['E-mail and SMS', '0', '2', '0', '12', '1', '0'],
      ['Stale listing reminders', '0', '0', '0', '3', '0', '0'],
    ]);
    expect(rowCells(failed)[0].slice(0, 3)).toEqual(['E-mail and SMS', 'SMS provider answered 500', '11']);
    await userEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
        '/admin/jobs/message/0b8f1c2e-6f1a-4c7e-9d3b-2a4e5f6a7b8c/retry',
      ]),
    );
    // The screen reads the queue again after the retry.
    await waitFor(() => expect(calls.map((c) => c.method)).toEqual(['GET', 'POST', 'GET']));
  });
});

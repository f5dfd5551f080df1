import type { TFailedJob, TJobCount } from '@chaupal/contract';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Button } from '../../components/ui/ui';
import { AdminTable, act, useAdmin, when } from './kit';

/** What each queue does, as the console names it. */
const QUEUE_NAMES: Record<string, string> = {
  message: 'E-mail and SMS',
  'stale-sweep': 'Stale listing reminders',
  'revision-prune': 'Old revisions removed',
  'search-lexicon': "Search's dictionary refreshed",
};
const queueName = (q: string) => QUEUE_NAMES[q] ?? q;
/** The states a person reads, in the order a job passes them. */
const STATES = ['created', 'retry', 'active', 'completed', 'failed', 'cancelled'] as const;

type CountRow = { id: string; queue: string } & Partial<Record<(typeof STATES)[number], number>>;

/** One row per queue, a column per state. */
function countRows(counts: TJobCount[]): CountRow[] {
  const rows = new Map<string, CountRow>();
  for (const c of counts) {
    const row = rows.get(c.queue) ?? { id: c.queue, queue: c.queue };
    row[c.state as (typeof STATES)[number]] = c.count;
    rows.set(c.queue, row);
  }
  return [...rows.values()];
}

/**
 * The job queue: e-mail and SMS waiting, retrying or sent, the scheduled sweeps, and the jobs that ran out of tries
 * with their last error, each of which can be tried again.
 */
export function JobsScreen() {
  const { api } = useAdmin();
  const queuesId = useId();
  const failedId = useId();
  const { data, isPending, refetch } = useQuery({ queryKey: ['admin', 'jobs'], queryFn: () => api.jobs() });
  if (isPending) return <p role="status">Loading</p>;
  if (!data) return <p className="notice notice-error">Could not load the jobs.</p>;
  return (
    <>
      <h1>Jobs</h1>
      {data.running ? null : <p className="notice">This instance runs without a job queue.</p>}
      <section className="admin-section" aria-labelledby={queuesId}>
        <h2 id={queuesId}>Queues</h2>
        <p className="muted small">
          Waiting jobs run within seconds; a failed try is retried later, longer after each failure.
        </p>
        <AdminTable
          rows={countRows(data.counts)}
          columns={[
            { label: 'Queue', cell: (r) => queueName(r.queue) },
            ...STATES.map((s) => ({
              label: s[0].toUpperCase() + s.slice(1),
              cell: (r: CountRow) => r[s] ?? 0,
              className: 'num',
            })),
          ]}
          empty="No jobs yet"
        />
      </section>
      <section className="admin-section" aria-labelledby={failedId}>
        <h2 id={failedId}>Failed jobs</h2>
        <AdminTable
          rows={data.failed}
          columns={[
            { label: 'Queue', cell: (j: TFailedJob) => queueName(j.queue) },
            { label: 'Error', cell: (j: TFailedJob) => <span className="admin-break">{j.error}</span> },
            { label: 'Tries', cell: (j: TFailedJob) => j.retryCount + 1, className: 'num' },
            {
              label: 'Failed',
              cell: (j: TFailedJob) => <span className="nowrap">{j.completedOn ? when(j.completedOn) : '—'}</span>,
            },
            {
              label: 'Actions',
              cell: (j: TFailedJob) => (
                <Button size="xs" onClick={() => act(() => api.retryJob(j.queue, j.id), refetch)}>
                  Retry
                </Button>
              ),
            },
          ]}
          empty="No failed jobs"
        />
      </section>
    </>
  );
}

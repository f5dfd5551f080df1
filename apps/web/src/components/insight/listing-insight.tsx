import type { TInsight } from '@chaupal/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Button, Dialog } from '../ui/ui';

const InsightChart = lazy(() => import('./insight-chart'));

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "This month: 32 calls, 11 WhatsApp, 140 views" (issue 15). */
export function monthLine(i: TInsight) {
  const m = i.month;
  return `This month: ${plural(m.call, 'call', 'calls')}, ${m.whatsapp} WhatsApp, ${plural(m.view, 'view', 'views')}`;
}

/**
 * A listing's counts for its owner's card and the console: the month's line, and a details dialog with the 30-day
 * chart, which is a chunk of its own.
 */
export function ListingInsight({
  queryKey,
  load,
  title,
}: {
  queryKey: readonly unknown[];
  load: () => Promise<TInsight>;
  title: string;
}) {
  const { data, isError } = useQuery({ queryKey: ['insight', ...queryKey], queryFn: load });
  const [open, setOpen] = useState(false);
  if (isError) return <p className="small muted">Counts unavailable</p>;
  if (!data) return <p className="small muted">Loading counts</p>;
  return (
    <div className="row gap-xs insight-line">
      <span className="small">{monthLine(data)}</span>
      <Button size="xs" variant="light" onClick={() => setOpen(true)} aria-label={`Details of the counts of ${title}`}>
        Details
      </Button>
      {open ? (
        <Dialog open onClose={() => setOpen(false)} title={`Last 30 days: ${title}`}>
          <Suspense fallback={<p role="status">Loading</p>}>
            <InsightChart insight={data} />
          </Suspense>
        </Dialog>
      ) : null}
    </div>
  );
}

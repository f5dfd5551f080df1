import type { TInsight } from '@chaupal/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { type Translate, useSpecText, useT } from '../../app/i18n';
import { messages } from '../../locales/en/insight.json?lingui';
import { Button, Dialog } from '../ui/ui';

const InsightChart = lazy(() => import('./insight-chart'));

/** "This month: 32 calls, 11 WhatsApp, 140 views" (decision 016). */
export function monthLine(i: TInsight, t: Translate) {
  const { call, whatsapp, view } = i.month;
  return t('insight.month', { call, whatsapp, view });
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
  const t = useT(messages);
  const specText = useSpecText();
  if (isError) return <p className="small muted">{t('insight.unavailable')}</p>;
  if (!data) return <p className="small muted">{t('insight.loading')}</p>;
  return (
    <div className="row gap-xs insight-line">
      <span className="small">{monthLine(data, t)}</span>
      <Button size="xs" variant="light" onClick={() => setOpen(true)} aria-label={t('insight.detailsOf', { title })}>
        {t('insight.details')}
      </Button>
      {open ? (
        <Dialog open onClose={() => setOpen(false)} title={t('insight.last30', { title })}>
          <p className="small muted">{t('insight.whatCounts')}</p>
          <Suspense fallback={<p role="status">{specText('Loading')}</p>}>
            <InsightChart insight={data} />
          </Suspense>
        </Dialog>
      ) : null}
    </div>
  );
}

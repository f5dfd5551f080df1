import type { TContentKind } from '@chaupal/contract';
import { lazy, Suspense, useState } from 'react';

const ReportDialog = lazy(() => import('./report-dialog'));

/**
 * "Report" under every public record (issue 15): the dialog and its form are a chunk of their own, fetched on the
 * first click, so the public pages carry only this button.
 */
export function ReportLink({ kind, id, title }: { kind: TContentKind; id: string; title: string }) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      <button
        type="button"
        className="link-button small muted report-link"
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        Report this {kind === 'news' ? 'article' : kind === 'feature' ? 'feature' : 'listing'}
      </button>
      {used ? (
        <Suspense fallback={null}>
          <ReportDialog open={open} onClose={() => setOpen(false)} kind={kind} id={id} title={title} />
        </Suspense>
      ) : null}
    </>
  );
}

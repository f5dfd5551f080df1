import type { ReactNode } from 'react';
import { Grid, Spinner } from './ui/ui';

/** Three a row on large screens, one on small (SPEC §9); the empty text when there is nothing. */
export function CardGrid({ children, empty, loading }: { children: ReactNode[]; empty: string; loading?: boolean }) {
  if (loading) return <Spinner />;
  if (!children.length) {
    return (
      <p className="empty" role="status">
        {empty}
      </p>
    );
  }
  return <Grid>{children}</Grid>;
}

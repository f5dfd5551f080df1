import type { TSearchStat } from '@chaupal/contract';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from '../../components/ui/link';
import { AdminTable, type Column, useAdmin } from './kit';

type Row = TSearchStat & { id: string };

const rowsOf = (stats: TSearchStat[]): Row[] => stats.map((s) => ({ ...s, id: s.query }));

const QUERY: Column<Row> = {
  label: 'Query',
  cell: (s) => (
    <Link to={`/search?q=${encodeURIComponent(s.query)}`} target="_blank" rel="noopener" className="admin-break">
      {s.query}
    </Link>
  ),
};
const SEARCHES: Column<Row> = { label: 'Searches', cell: (s) => s.searches, className: 'num' };

/**
 * What the town searched for in the last days (the words only, counted per day): the most made searches, and those
 * whose last search found nothing, the listings the site may lack. Each query opens its public results.
 */
export function SearchesScreen() {
  const { api } = useAdmin();
  const topId = useId();
  const zeroId = useId();
  const { data, isPending } = useQuery({ queryKey: ['admin', 'searches'], queryFn: () => api.searchReport() });
  if (isPending) return <p role="status">Loading</p>;
  if (!data) return <p className="notice notice-error">Could not load the searches.</p>;
  return (
    <>
      <h1>Searches</h1>
      <p>
        Last {data.days} days: {data.searches} {data.searches === 1 ? 'search' : 'searches'}
      </p>
      <section className="admin-section" aria-labelledby={topId}>
        <h2 id={topId}>Top searches</h2>
        <AdminTable
          rows={rowsOf(data.top)}
          columns={[QUERY, SEARCHES, { label: 'Results', cell: (s) => s.results ?? '—', className: 'num' }]}
          empty="No searches yet"
        />
      </section>
      <section className="admin-section" aria-labelledby={zeroId}>
        <h2 id={zeroId}>Searches with no results</h2>
        <p className="muted small">
          Searches that found nothing the last time they were made: what the town looks for and the site lacks, or words
          to add in Search words.
        </p>
        <AdminTable
          rows={rowsOf(data.zeroResults)}
          columns={[
            QUERY,
            SEARCHES,
            { label: 'Last searched', cell: (s) => <span className="nowrap">{s.lastDay}</span> },
          ]}
          empty="No search went without results"
        />
      </section>
    </>
  );
}

import type { TSuggestion } from '@chaupal/contract';
import { CONTENT_KINDS } from '@chaupal/contract/content-kinds';
import { SuggestionDecisions, type TDecisions } from '../../components/suggestions/suggestion-decisions';
import { Link } from '../../components/ui/link';
import { AdminTable, act, useAdmin, useAdminList, when } from './kit';

type Row = TSuggestion;

/**
 * Visitors' suggested edits that no owner will decide (the listing's owner is held), newest first, or every open one:
 * an admin accepts or rejects each change as an owner would; an accepted one is an admin's edit of the listing.
 */
export function SuggestionsScreen() {
  const { api } = useAdmin();
  const list = useAdminList<Row>('suggestions', api.suggestions, ['scope']);
  const decide = (r: Row, decisions: TDecisions) =>
    act(() => api.decideSuggestion(r.id, decisions), list.reload, `suggestion-${r.id}`);

  const columns = [
    {
      label: 'Listing',
      cell: (r: Row) => (
        <div>
          <Link to={`${CONTENT_KINDS[r.kind].detailPath}${r.listing.slug}`} target="_blank" rel="noopener">
            {r.listing.title}
          </Link>
          <div className="muted small">
            {CONTENT_KINDS[r.kind].label}
            {' · '}
            <Link to={`/admin/records?kind=${r.kind}&q=${encodeURIComponent(r.listing.slug)}`}>In records</Link>
          </div>
        </div>
      ),
    },
    {
      label: 'Suggested changes',
      cell: (r: Row) => <SuggestionDecisions suggestion={r} date={when(r.createdAt)} onDecide={(d) => decide(r, d)} />,
    },
  ];

  return (
    <>
      <div className="admin-head">
        <h1>Suggested edits</h1>
      </div>
      <p className="muted small">
        Corrections visitors sent for listings whose owner cannot decide them (the owner is held). The contact a visitor
        gave is never shown here: the site only thanks them with it.
      </p>
      <div className="admin-toolbar">
        <select
          aria-label="Listings"
          value={String(list.values.scope ?? '')}
          onChange={(e) => list.set('scope', e.target.value)}
        >
          <option value="">Without an active owner</option>
          <option value="all">All open suggestions</option>
        </select>
      </div>
      <AdminTable list={list} columns={columns} empty="No suggested edits waiting" />
    </>
  );
}

import type { TAdminReport, TReportStatus } from '@chaupal/contract';
import { CONTENT_KINDS } from '@chaupal/contract/content-kinds';
import { REPORT_REASON_LABELS } from '@chaupal/contract/trust-values';
import { Link } from '../../components/ui/link';
import { Button } from '../../components/ui/ui';
import { AdminTable, act, StatusTag, Toolbar, useAdmin, useAdminList, when } from './kit';

type Row = TAdminReport;
/** The content kind whose page shows a report's record: a review is on its listing's page. */
const pageKind = (r: Row) => (r.kind === 'review' ? r.record?.listingKind : r.kind);

/**
 * Visitors' reports of listings and articles (decision 016), newest first: each links to its record (public page and
 * the console's record list) and its history; an admin marks it acted on or dismissed, or new again.
 */
export function ReportsScreen() {
  const { api } = useAdmin();
  const list = useAdminList<Row>('reports', api.reports, ['status']);
  const move = (r: Row, status: TReportStatus) =>
    act(() => api.setReportStatus(r.id, status), list.reload, `report-${r.id}`);

  const columns = [
    { label: 'Received', cell: (r: Row) => when(r.createdAt) },
    {
      label: 'Record',
      cell: (r: Row) => {
        const kind = pageKind(r);
        return (
          <div>
            {r.record && kind ? (
              <Link to={`${CONTENT_KINDS[kind].detailPath}${r.record.slug}`} target="_blank" rel="noopener">
                {r.record.title}
              </Link>
            ) : (
              <em>Deleted</em>
            )}
            <div className="muted small">
              {r.kind === 'review' ? 'Review' : CONTENT_KINDS[r.kind].label}
              {r.record && kind ? (
                <>
                  {' · '}
                  <Link to={`/admin/records?kind=${kind}&q=${encodeURIComponent(r.record.slug)}`}>In records</Link>
                </>
              ) : null}
            </div>
          </div>
        );
      },
    },
    { label: 'Reason', cell: (r: Row) => REPORT_REASON_LABELS[r.reason] },
    {
      label: 'Message',
      cell: (r: Row) => (
        <div>
          {r.message || '—'}
          {r.contact ? <div className="muted small">Contact: {r.contact}</div> : null}
        </div>
      ),
    },
    {
      label: 'Status',
      cell: (r: Row) => (
        <div>
          <StatusTag status={r.status} />
          {r.resolvedBy && r.resolvedAt ? (
            <div className="muted small">
              {r.resolvedBy.name}, {when(r.resolvedAt)}
            </div>
          ) : null}
          <div>
            <Link to={`/admin/audit?entity=report&entityId=${r.id}`} className="small">
              History
            </Link>
          </div>
        </div>
      ),
    },
    {
      label: 'Actions',
      cell: (r: Row) => (
        <div className="admin-actions">
          {r.status === 'new' ? (
            <>
              <Button
                size="xs"
                variant="green"
                aria-label={`Mark acted: ${r.record?.title ?? r.id}`}
                onClick={() => move(r, 'acted')}
              >
                Acted
              </Button>
              <Button
                size="xs"
                variant="outline"
                aria-label={`Dismiss: ${r.record?.title ?? r.id}`}
                onClick={() => move(r, 'dismissed')}
              >
                Dismiss
              </Button>
            </>
          ) : (
            <Button size="xs" variant="outline" onClick={() => move(r, 'new')}>
              Reopen
            </Button>
          )}
        </div>
      ),
    },
  ];

  return (
    <>
      <div className="admin-head">
        <h1>Reports</h1>
      </div>
      <Toolbar
        list={list}
        placeholder="Search message or contact"
        filters={[
          {
            name: 'status',
            label: 'Status',
            options: [
              ['new', 'New'],
              ['acted', 'Acted'],
              ['dismissed', 'Dismissed'],
            ],
          },
        ]}
      />
      <AdminTable list={list} columns={columns} empty="No reports" />
    </>
  );
}

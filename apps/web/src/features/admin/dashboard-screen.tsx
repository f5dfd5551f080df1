import { CONTENT_KIND_LIST } from '@chaupal/contract/content-kinds';
import { useQuery } from '@tanstack/react-query';
import { Link } from '../../components/ui/link';
import { useAdmin, when } from './kit';

/** The console's first screen: what waits for an admin, and the latest decisions. */
export function DashboardScreen() {
  const { api } = useAdmin();
  const { data, isPending } = useQuery({ queryKey: ['admin', 'dashboard'], queryFn: api.dashboard });
  if (isPending || !data) return <p role="status">Loading</p>;
  const pending = CONTENT_KIND_LIST.reduce((sum, k) => sum + data.pending[k.name], 0);
  const cards: [string, number, string, boolean][] = [
    ['Waiting for review', pending, '/admin/moderation', pending > 0],
    ['Edited since approval', data.editedSinceApproval, '/admin/records?edited=true', data.editedSinceApproval > 0],
    ...CONTENT_KIND_LIST.map((k): [string, number, string, boolean] => [
      `Pending ${k.labelPlural.toLowerCase()}`,
      data.pending[k.name],
      `/admin/moderation?kind=${k.name}`,
      false,
    ]),
    [
      'New contact requests',
      data.newContactRequests,
      '/admin/contact-requests?status=new',
      data.newContactRequests > 0,
    ],
    ['Users', data.users.total, '/admin/users', false],
    ['Users on hold', data.users.held, '/admin/users?status=hold', false],
    ['Users not verified', data.users.unverified, '/admin/users', false],
  ];
  return (
    <>
      <h1>Dashboard</h1>
      <div className="admin-cards">
        {cards.map(([label, n, to, attention]) => (
          <Link key={label} to={to} className={`admin-card${attention ? ' attention' : ''}`}>
            <strong>{n}</strong>
            {label}
          </Link>
        ))}
      </div>
      <section className="admin-section">
        <h2>Recent activity</h2>
        {data.recent.length ? (
          <ul className="stack gap-xs" style={{ margin: 0, paddingLeft: 18 }}>
            {data.recent.map((e) => (
              <li key={e.id}>
                <span className="muted small">{when(e.createdAt)}</span> {e.actor?.name ?? 'shell'} — {e.action}{' '}
                {e.entity}
                {e.reason ? <span className="muted"> ({e.reason})</span> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="empty">Nothing logged yet</p>
        )}
        <p>
          <Link to="/admin/audit">Open the audit log</Link>
        </p>
      </section>
    </>
  );
}

import type { TAdminTrust } from '@chaupal/contract';
import { CONTENT_KINDS } from '@chaupal/contract/content-kinds';
import { useState } from 'react';
import { Link } from '../../components/ui/link';
import { Button } from '../../components/ui/ui';
import { AdminTable, useAdmin, useAdminList, when } from './kit';
import { TrustDialog } from './trust-dialog';

type Row = TAdminTrust;

/** Active listings neither edited nor confirmed for 12 months (decision 016); their owners get one e-mail reminder. */
export function StaleScreen() {
  const { api } = useAdmin();
  const list = useAdminList<Row>('stale', api.stale, []);
  const [open, setOpen] = useState<Row | null>(null);
  const columns = [
    { label: 'Kind', cell: (r: Row) => CONTENT_KINDS[r.kind].label },
    {
      label: 'Title',
      cell: (r: Row) => (
        <Link to={`${CONTENT_KINDS[r.kind].detailPath}${r.slug}`} target="_blank" rel="noopener">
          {r.title}
        </Link>
      ),
    },
    {
      label: 'Owner',
      cell: (r: Row) => (
        <div>
          {r.owner.name}
          <div className="muted small">{r.owner.email}</div>
        </div>
      ),
    },
    { label: 'Last edited', cell: (r: Row) => when(r.updatedAt) },
    { label: 'Confirmed', cell: (r: Row) => (r.confirmedAt ? when(r.confirmedAt) : 'Never') },
    { label: 'Reminder sent', cell: (r: Row) => (r.remindedAt ? when(r.remindedAt) : 'Not yet') },
    {
      label: 'Actions',
      cell: (r: Row) => (
        <Button size="xs" variant="outline" onClick={() => setOpen(r)}>
          Trust
        </Button>
      ),
    },
  ];
  return (
    <>
      <div className="admin-head">
        <h1>Stale listings</h1>
      </div>
      <p className="muted">
        Active listings neither edited nor confirmed by their owner for 12 months. Each owner is e-mailed once.
      </p>
      <AdminTable list={list} columns={columns} empty="No stale listings" />
      <TrustDialog listing={open} onClose={() => setOpen(null)} />
    </>
  );
}

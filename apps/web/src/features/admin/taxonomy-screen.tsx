import type { TAdminBlock, TAdminCircle, TAdminTaxon } from '@chaupal/contract';
import { useState } from 'react';
import { Button } from '../../components/ui/ui';
import type { TAdminTaxonomyKind } from './admin-api';
import { AdminTable, act, Confirm, STATUS_FILTER, StatusTag, Toolbar, useAdmin, useAdminList, when } from './kit';
import { TAXONOMY_LABELS, TaxonomyForm } from './taxonomy-form';

type Row = TAdminCircle | TAdminBlock | TAdminTaxon;

const nameOf = (r: Row) => ('name' in r ? r.name : r.title);
const isPlace = (k: TAdminTaxonomyKind): k is 'circles' | 'blocks' => k === 'circles' || k === 'blocks';

/**
 * Circles, localities, services, categories, editions or publishing pages: every status, how many records use
 * each, add/edit in a dialog, and delete (refused with the count while anything uses it: hold it instead).
 */
export function TaxonomyScreen({ kind }: { kind: TAdminTaxonomyKind }) {
  const { api } = useAdmin();
  const labels = TAXONOMY_LABELS[kind];
  const list = useAdminList<Row>(
    kind,
    (p) => (isPlace(kind) ? api.places(kind, p) : api.taxa(kind, p)) as Promise<{ data: Row[]; meta: never }>,
    ['status'],
  );
  const [editing, setEditing] = useState<{ row: Row | null } | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);

  const columns = [
    {
      label: isPlace(kind) ? 'Name' : 'Title',
      cell: (r: Row) => (
        <div>
          <strong>{nameOf(r)}</strong>
          <div className="muted small">{r.slug}</div>
        </div>
      ),
    },
    ...(kind === 'blocks'
      ? [{ label: 'Circles', cell: (r: Row) => (r as TAdminBlock).circles.map((c) => c.name).join(', ') }]
      : []),
    ...(!isPlace(kind)
      ? [
          {
            label: 'Image',
            cell: (r: Row) =>
              (r as TAdminTaxon).image ? <img src={(r as TAdminTaxon).image!} alt="" className="thumb" /> : '—',
          },
        ]
      : []),
    { label: 'Status', cell: (r: Row) => <StatusTag status={r.status} /> },
    { label: 'Order', cell: (r: Row) => r.position, className: 'num' },
    { label: 'Used by', cell: (r: Row) => r.used, className: 'num' },
    { label: 'Updated', cell: (r: Row) => when(r.updatedAt) },
    {
      label: 'Actions',
      cell: (r: Row) => (
        <div className="admin-actions">
          <Button size="xs" variant="outline" aria-label={`Edit ${nameOf(r)}`} onClick={() => setEditing({ row: r })}>
            Edit
          </Button>
          <Button size="xs" variant="light" aria-label={`Delete ${nameOf(r)}`} onClick={() => setDeleting(r)}>
            Delete
          </Button>
        </div>
      ),
    },
  ];

  return (
    <>
      <div className="admin-head">
        <h1>{labels.heading}</h1>
        <Button onClick={() => setEditing({ row: null })}>Add {labels.noun}</Button>
      </div>
      <Toolbar list={list} placeholder={`Search ${labels.heading.toLowerCase()}`} filters={[STATUS_FILTER]} />
      <AdminTable list={list} columns={columns} empty={labels.empty} />
      {editing ? (
        <TaxonomyForm
          kind={kind}
          row={editing.row}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            list.reload();
          }}
        />
      ) : null}
      <Confirm
        open={Boolean(deleting)}
        title="Delete"
        text={`Delete “${deleting ? nameOf(deleting) : ''}”? Anything still using it keeps it: hold it instead.`}
        onClose={() => setDeleting(null)}
        onYes={async () => {
          if (deleting)
            await act(() => api.removeTaxonomy(kind, deleting.id), list.reload, `delete-${kind}-${deleting.id}`);
          setDeleting(null);
        }}
      />
    </>
  );
}

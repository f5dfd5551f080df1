import type { TAdminContactRequest } from '@chaupal/contract';
import { useState } from 'react';
import { Button, Dialog } from '../../components/ui/ui';
import { AdminTable, act, StatusTag, Toolbar, useAdmin, useAdminList, when } from './kit';

type Row = TAdminContactRequest;

const short = (text: string, max = 80) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/** Messages from the public contact form, newest first: read one in full, mark it done (or new again). */
export function ContactsScreen() {
  const { api } = useAdmin();
  const list = useAdminList<Row>('contact-requests', api.contactRequests, ['status']);
  const [readingId, setReadingId] = useState<string | null>(null);
  const reading = list.data?.data.find((r) => r.id === readingId) ?? null;
  const toggle = (r: Row) =>
    act(() => api.setContactStatus(r.id, r.status === 'new' ? 'done' : 'new'), list.reload, `contact-${r.id}`);
  const toggleButton = (r: Row) => (
    <Button size="xs" variant={r.status === 'new' ? 'green' : 'outline'} onClick={() => toggle(r)}>
      {r.status === 'new' ? 'Mark done' : 'Mark new'}
    </Button>
  );

  const columns = [
    { label: 'Received', cell: (r: Row) => when(r.createdAt) },
    { label: 'Name', cell: (r: Row) => <strong>{r.name}</strong> },
    { label: 'E-mail', cell: (r: Row) => r.email },
    { label: 'Phone', cell: (r: Row) => r.phone },
    { label: 'Message', cell: (r: Row) => short(r.message) },
    {
      label: 'Attachment',
      cell: (r: Row) =>
        r.fileUrl ? (
          <a href={r.fileUrl} target="_blank" rel="noopener">
            Open attachment
          </a>
        ) : (
          '—'
        ),
    },
    { label: 'Status', cell: (r: Row) => <StatusTag status={r.status} /> },
    {
      label: 'Actions',
      cell: (r: Row) => (
        <div className="admin-actions">
          <Button size="xs" variant="outline" onClick={() => setReadingId(r.id)}>
            Read
          </Button>
          {toggleButton(r)}
        </div>
      ),
    },
  ];

  return (
    <>
      <div className="admin-head">
        <h1>Contact requests</h1>
      </div>
      <Toolbar
        list={list}
        placeholder="Search by name, e-mail, phone or message"
        filters={[
          {
            name: 'status',
            label: 'Status',
            options: [
              ['new', 'New'],
              ['done', 'Done'],
            ],
          },
        ]}
      />
      <AdminTable list={list} columns={columns} empty="No contact requests" />
      <Dialog
        open={Boolean(reading)}
        onClose={() => setReadingId(null)}
        title={reading ? `Message from ${reading.name}` : 'Message'}
      >
        {reading ? (
          <div className="stack gap-md">
            <dl className="admin-details">
              <dt>Received</dt>
              <dd>{when(reading.createdAt)}</dd>
              <dt>Name</dt>
              <dd>{reading.name}</dd>
              <dt>E-mail</dt>
              <dd>
                <a href={`mailto:${reading.email}`}>{reading.email}</a>
              </dd>
              <dt>Phone</dt>
              <dd>
                {reading.phone ? <a href={`tel:${reading.phone.replace(/[^\d+]/g, '')}`}>{reading.phone}</a> : '—'}
              </dd>
              <dt>Status</dt>
              <dd>
                <StatusTag status={reading.status} />
              </dd>
              <dt>Attachment</dt>
              <dd>
                {reading.fileUrl ? (
                  <a href={reading.fileUrl} target="_blank" rel="noopener">
                    Open attachment
                  </a>
                ) : (
                  'None'
                )}
              </dd>
            </dl>
            <div>
              <h3 className="admin-details-head">Message</h3>
              <p className="admin-message">{reading.message}</p>
            </div>
            <div className="row gap-sm">
              {toggleButton(reading)}
              <Button variant="outline" onClick={() => setReadingId(null)}>
                Close
              </Button>
            </div>
          </div>
        ) : null}
      </Dialog>
    </>
  );
}

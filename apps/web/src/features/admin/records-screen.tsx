import type { TAdminRecord, TContentKind, TListingKind } from '@chaupal/contract';
import { EDITOR_KINDS, ZHoldBody } from '@chaupal/contract/admin';
import {
  CONTENT_KIND_LIST,
  CONTENT_KINDS,
  isFamily,
  isShared,
  type TSharedKind,
} from '@chaupal/contract/content-kinds';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ContentOf } from '../../api/queries';
import { useServices } from '../../app/services';
import { signedInApi } from '../../app/signed-in';
import { DetailView } from '../../components/content/detail-view';
import { DirectoryForm } from '../../components/editing/directory-form';
import { PublishingForm } from '../../components/editing/publishing-form';
import { useIdleLoad } from '../../components/idle-load';
import { Link } from '../../components/ui/link';
import { Button, Dialog } from '../../components/ui/ui';
import { AdminTable, act, StatusTag, Toolbar, useAdmin, useAdminList, when } from './kit';
import { ReasonDialog } from './reason-dialog';
import { TrustDialog } from './trust-dialog';

const loadHistory = () => import('../../components/revisions/history-dialog');
/** A record's revisions, the dialog owners open from their dashboard: loaded once the console's list is shown. */
const HISTORY = [loadHistory] as const;
const HistoryDialog = lazy(loadHistory);

const KIND_OPTIONS: [string, string][] = CONTENT_KIND_LIST.map((k) => [k.name, k.labelPlural]);
/** An editor's desk holds news and features only (decision 033). */
const DESK_KIND_OPTIONS = KIND_OPTIONS.filter(([k]) => (EDITOR_KINDS as readonly string[]).includes(k));

/**
 * The moderation queue (pending records of all four kinds and records edited since approval) or every record:
 * preview as the public page, edit, approve, hold with a reason.
 */
export function RecordsScreen({ queue }: { queue: boolean }) {
  const { api, session, parts } = useAdmin();
  const { apiFetch } = useServices();
  const navigate = useNavigate();
  const own = useMemo(() => signedInApi(apiFetch, session, navigate), [apiFetch, session, navigate]);
  const admin = session.user.role === 'admin';
  const list = useAdminList(queue ? 'moderation' : 'records', (p) => api.records(queue, p), [
    'kind',
    'status',
    'edited',
  ]);
  const [preview, setPreview] = useState<TAdminRecord | null>(null);
  const [editing, setEditing] = useState<TAdminRecord | null>(null);
  const [holding, setHolding] = useState<TAdminRecord | null>(null);
  const [trust, setTrust] = useState<TAdminRecord | null>(null);
  const [revisions, setRevisions] = useState<TAdminRecord | null>(null);
  useIdleLoad(HISTORY, Boolean(list.data?.data.length));

  const columns = [
    { label: 'Kind', cell: (r: TAdminRecord) => CONTENT_KINDS[r.kind].label },
    {
      label: 'Title',
      cell: (r: TAdminRecord) => (
        <div>
          {r.isPublic ? (
            <Link to={`${CONTENT_KINDS[r.kind].detailPath}${r.slug}`} target="_blank" rel="noopener">
              {r.title}
            </Link>
          ) : (
            <strong>{r.title}</strong>
          )}
          {r.editedSinceApproval ? (
            <>
              {' '}
              <span className="pill">edited since approval</span>
              <Changes record={r} />
            </>
          ) : null}
        </div>
      ),
    },
    {
      label: 'Owner',
      cell: (r: TAdminRecord) => (
        <div>
          {r.owner.name}
          <div className="muted small">{r.owner.email}</div>
          {r.owner.status === 'hold' ? <StatusTag status="hold" /> : null}
        </div>
      ),
    },
    {
      label: 'Status',
      cell: (r: TAdminRecord) => (
        <div>
          <StatusTag status={r.status} />
          {r.status === 'hold' && r.holdReason ? <div className="muted small">{r.holdReason}</div> : null}
        </div>
      ),
    },
    {
      label: 'Updated',
      cell: (r: TAdminRecord) => (
        <div>
          {when(r.updatedAt)}
          {admin ? (
            <div>
              <Link to={`/admin/audit?entityId=${r.id}`} className="small">
                History
              </Link>
            </div>
          ) : null}
        </div>
      ),
    },
    {
      label: 'Actions',
      cell: (r: TAdminRecord) => (
        <div className="admin-actions">
          <Button size="xs" variant="outline" onClick={() => setPreview(r)}>
            Preview
          </Button>
          <Button size="xs" variant="outline" onClick={() => setEditing(r)}>
            Edit
          </Button>
          {r.status !== 'active' || r.editedSinceApproval ? (
            <Button
              size="xs"
              variant="green"
              aria-label={`Approve ${r.title}`}
              onClick={() => act(() => api.approve(r.kind, r.id), list.reload, `approve-${r.kind}-${r.id}`)}
            >
              Approve
            </Button>
          ) : null}
          <Button size="xs" variant="light" aria-label={`Hold ${r.title}`} onClick={() => setHolding(r)}>
            Hold
          </Button>
          <Button size="xs" variant="outline" aria-label={`Revisions of ${r.title}`} onClick={() => setRevisions(r)}>
            Revisions
          </Button>
          {isFamily(r.kind, 'directory') ? (
            <Button size="xs" variant="outline" aria-label={`Trust of ${r.title}`} onClick={() => setTrust(r)}>
              Trust
            </Button>
          ) : null}
        </div>
      ),
    },
  ];

  return (
    <>
      <div className="admin-head">
        <h1>{queue ? 'Moderation queue' : 'All records'}</h1>
      </div>
      {queue ? (
        <p className="muted">
          New records wait here until approved; records their owners changed after approval come back here too.
        </p>
      ) : null}
      <Toolbar
        list={list}
        placeholder="Search title, slug or owner"
        filters={[
          { name: 'kind', label: 'Kind', options: admin ? KIND_OPTIONS : DESK_KIND_OPTIONS },
          ...(queue
            ? []
            : [
                {
                  name: 'status',
                  label: 'Status',
                  options: [
                    ['active', 'Active'],
                    ['pending', 'Pending review'],
                    ['hold', 'Held'],
                    ['draft', 'Draft'],
                  ] as [string, string][],
                },
              ]),
        ]}
      />
      <AdminTable list={list} columns={columns} empty={queue ? 'Nothing waits for review' : 'No records found'} />
      {preview ? <PreviewDialog record={preview} view={own.view} onClose={() => setPreview(null)} /> : null}
      {editing
        ? (() => {
            const { kind } = editing;
            const props = {
              api: own,
              token: session.token,
              id: editing.id,
              onClose: () => setEditing(null),
              onSaved: () => {
                setEditing(null);
                list.reload();
              },
            };
            const Own = parts[kind]?.Form;
            return Own ? (
              <Own kind={kind} {...props} />
            ) : isFamily(kind, 'directory') ? (
              <DirectoryForm kind={kind} {...props} />
            ) : isFamily(kind, 'publishing') ? (
              <PublishingForm kind={kind} {...props} />
            ) : null;
          })()
        : null}
      <HoldDialog record={holding} onClose={() => setHolding(null)} onDone={list.reload} />
      {revisions ? (
        <Suspense fallback={null}>
          <HistoryDialog
            session={session}
            kind={revisions.kind}
            item={revisions}
            onClose={() => setRevisions(null)}
            onRestored={list.reload}
          />
        </Suspense>
      ) : null}
      <TrustDialog
        listing={trust as { kind: TListingKind; id: string; title: string } | null}
        onClose={() => setTrust(null)}
      />
    </>
  );
}

function Changes({ record }: { record: TAdminRecord }) {
  if (!record.changes.length) return null;
  return (
    <ul className="admin-changes" aria-label="What changed">
      {record.changes.map((c) => (
        <li key={c.field}>
          {c.field}: <del>{c.before || '(empty)'}</del> → <ins>{c.after || '(empty)'}</ins>
        </li>
      ))}
    </ul>
  );
}

/** The record as its public page shows it, whatever its status. */
function PreviewDialog({
  record,
  view,
  onClose,
}: {
  record: TAdminRecord;
  view: <K extends TContentKind>(kind: K, id: string) => Promise<ContentOf<K>>;
  onClose(): void;
}) {
  const Own = useAdmin().parts[record.kind]?.Preview;
  const { data, error } = useQuery({
    queryKey: ['admin', 'preview', record.kind, record.id],
    queryFn: () => view(record.kind, record.id),
  });
  return (
    <Dialog open onClose={onClose} title="Preview Page" className="dialog-xl">
      {data ? (
        Own ? (
          <Own item={data} />
        ) : isShared(record.kind) ? (
          <DetailView kind={record.kind} item={data as ContentOf<TSharedKind>} related={[]} preview />
        ) : null
      ) : error ? (
        <p className="notice notice-error">Could not load the record.</p>
      ) : (
        <p role="status">Loading</p>
      )}
    </Dialog>
  );
}

function HoldDialog({ record, onClose, onDone }: { record: TAdminRecord | null; onClose(): void; onDone(): unknown }) {
  const { api } = useAdmin();
  return (
    <ReasonDialog
      open={Boolean(record)}
      title={`Hold “${record?.title ?? ''}”`}
      intro="It leaves every public page at once. The owner is e-mailed this reason."
      verb="Hold"
      busyVerb="Holding..."
      schema={ZHoldBody}
      send={(b) => api.hold((record as TAdminRecord).kind, (record as TAdminRecord).id, b.reason)}
      onClose={onClose}
      onDone={onDone}
    />
  );
}

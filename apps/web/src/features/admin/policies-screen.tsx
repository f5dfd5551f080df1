import type { TAdminPolicy } from '@chaupal/contract';
import { ZPolicyForm } from '@chaupal/contract/admin';
import { type FormEvent, useState } from 'react';
import { RichTextEditor } from '../../components/editing/rich-text-editor';
import { Button, Dialog, Field } from '../../components/ui/ui';
import {
  AdminTable,
  act,
  Confirm,
  type FieldErrors,
  FormButtons,
  STATUS_FILTER,
  StatusTag,
  submitForm,
  Toolbar,
  useAdmin,
  useAdminList,
  when,
} from './kit';

const TYPES: Record<string, string> = { '1': 'Policies', '2': 'Terms & Conditions', '3': 'Copyright' };

/** Policies, terms and the copyright line in any status: add/edit in a dialog with rich content, delete. */
export function PoliciesScreen() {
  const { api } = useAdmin();
  const list = useAdminList<TAdminPolicy>('policies', api.policies, ['status']);
  const [editing, setEditing] = useState<{ row: TAdminPolicy | null } | null>(null);
  const [deleting, setDeleting] = useState<TAdminPolicy | null>(null);

  const columns = [
    {
      label: 'Title',
      cell: (r: TAdminPolicy) => (
        <div>
          <strong>{r.title}</strong>
          <div className="muted small">{r.slug}</div>
        </div>
      ),
    },
    { label: 'Type', cell: (r: TAdminPolicy) => TYPES[String(r.type)] ?? r.type },
    { label: 'Status', cell: (r: TAdminPolicy) => <StatusTag status={r.status} /> },
    { label: 'Order', cell: (r: TAdminPolicy) => r.position, className: 'num' },
    { label: 'Updated', cell: (r: TAdminPolicy) => when(r.updatedAt) },
    {
      label: 'Actions',
      cell: (r: TAdminPolicy) => (
        <div className="admin-actions">
          <Button size="xs" variant="outline" aria-label={`Edit ${r.title}`} onClick={() => setEditing({ row: r })}>
            Edit
          </Button>
          <Button size="xs" variant="light" aria-label={`Delete ${r.title}`} onClick={() => setDeleting(r)}>
            Delete
          </Button>
        </div>
      ),
    },
  ];

  return (
    <>
      <div className="admin-head">
        <h1>Policies</h1>
        <Button onClick={() => setEditing({ row: null })}>Add policy</Button>
      </div>
      <Toolbar list={list} placeholder="Search policies" filters={[STATUS_FILTER]} />
      <AdminTable list={list} columns={columns} empty="No policies" />
      {editing ? (
        <PolicyForm
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
        title="Delete policy"
        text={`Delete “${deleting?.title ?? ''}”? It leaves the public site at once.`}
        onClose={() => setDeleting(null)}
        onYes={async () => {
          if (deleting) await act(() => api.removePolicy(deleting.id), list.reload, `delete-policy-${deleting.id}`);
          setDeleting(null);
        }}
      />
    </>
  );
}

interface Values {
  title: string;
  slug: string;
  type: string;
  status: string;
  position: string;
  content: string;
}

/** Add or edit one policy, checked with the contract's ZPolicyForm before sending. */
function PolicyForm({ row, onClose, onSaved }: { row: TAdminPolicy | null; onClose(): void; onSaved(): void }) {
  const { api } = useAdmin();
  const [v, setV] = useState<Values>({
    title: row?.title ?? '',
    slug: row?.slug ?? '',
    type: String(row?.type ?? 1),
    status: row?.status ?? 'active',
    position: String(row?.position ?? 0),
    content: row?.content ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const set = (k: keyof Values, value: string) => setV((old) => ({ ...old, [k]: value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    const ok = await submitForm(ZPolicyForm, v, (body) => api.savePolicy(row?.id ?? null, body), setErrors);
    setBusy(false);
    if (ok) onSaved();
  }

  const input = (k: keyof Values, label: string, required = false, type = 'text') => (
    <Field label={label} required={required} error={errors[k]}>
      {(id, describedBy) => (
        <input
          id={id}
          type={type}
          min={type === 'number' ? 0 : undefined}
          aria-describedby={describedBy}
          aria-invalid={Boolean(errors[k])}
          value={v[k]}
          onChange={(e) => set(k, e.target.value)}
        />
      )}
    </Field>
  );

  return (
    <Dialog open onClose={onClose} title={row ? 'Edit policy' : 'Add policy'} className="dialog-xl">
      <form className="admin-form" onSubmit={submit} noValidate>
        {input('title', 'Title', true)}
        {input('slug', 'Slug (made from the title when empty)')}
        <div className="two">
          <Field label="Type" required error={errors.type}>
            {(id, describedBy) => (
              <select
                id={id}
                aria-describedby={describedBy}
                value={v.type}
                onChange={(e) => set('type', e.target.value)}
              >
                {Object.entries(TYPES).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Status" error={errors.status}>
            {(id, describedBy) => (
              <select
                id={id}
                aria-describedby={describedBy}
                value={v.status}
                onChange={(e) => set('status', e.target.value)}
              >
                <option value="active">Active</option>
                <option value="hold">Held (hidden from the public site)</option>
              </select>
            )}
          </Field>
        </div>
        {input('position', 'Position', false, 'number')}
        <Field label="Content" error={errors.content}>
          {(id) => (
            <RichTextEditor
              id={id}
              value={v.content}
              onChange={(html) => set('content', html)}
              invalid={Boolean(errors.content)}
            />
          )}
        </Field>
        <FormButtons busy={busy} onCancel={onClose} />
      </form>
    </Dialog>
  );
}

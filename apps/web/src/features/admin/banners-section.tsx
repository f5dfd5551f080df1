import type { TAdminBanner } from '@chaupal/contract';
import { ZBannerForm } from '@chaupal/contract/admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Button, Dialog, Field } from '../../components/ui/ui';
import { ImageInput, TextInput, toValues, useForm } from './form-fields';
import { AdminTable, act, Confirm, FormButtons, StatusTag, submitForm, useAdmin } from './kit';

/** The home page's slides: a list with add/edit in a dialog and delete. */
export function Banners() {
  const { api } = useAdmin();
  const queryClient = useQueryClient();
  const headingId = useId();
  const { data, isPending } = useQuery({ queryKey: ['admin', 'banners'], queryFn: () => api.banners() });
  const [editing, setEditing] = useState<{ row: TAdminBanner | null } | null>(null);
  const [deleting, setDeleting] = useState<TAdminBanner | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: ['admin'] });
  const name = (b: TAdminBanner) => b.title || 'banner';
  const columns = [
    { label: 'Image', cell: (b: TAdminBanner) => <img src={b.image} alt="" className="thumb" /> },
    { label: 'Title', cell: (b: TAdminBanner) => <strong>{b.title || '—'}</strong> },
    { label: 'Subtitle', cell: (b: TAdminBanner) => b.subtitle || '—' },
    {
      label: 'Link',
      cell: (b: TAdminBanner) =>
        b.link ? (
          <a href={b.link} target="_blank" rel="noopener" className="admin-break">
            {b.link}
          </a>
        ) : (
          '—'
        ),
    },
    { label: 'Status', cell: (b: TAdminBanner) => <StatusTag status={b.status} /> },
    { label: 'Order', cell: (b: TAdminBanner) => b.position, className: 'num' },
    {
      label: 'Actions',
      cell: (b: TAdminBanner) => (
        <div className="admin-actions">
          <Button size="xs" variant="outline" aria-label={`Edit ${name(b)}`} onClick={() => setEditing({ row: b })}>
            Edit
          </Button>
          <Button size="xs" variant="light" aria-label={`Delete ${name(b)}`} onClick={() => setDeleting(b)}>
            Delete
          </Button>
        </div>
      ),
    },
  ];
  return (
    <section className="admin-section" aria-labelledby={headingId}>
      <div className="admin-head">
        <h2 id={headingId}>Banners</h2>
        <Button onClick={() => setEditing({ row: null })}>Add banner</Button>
      </div>
      <AdminTable rows={data} columns={columns} loading={isPending} empty="No banners" />
      {editing ? (
        <BannerForm
          row={editing.row}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      ) : null}
      <Confirm
        open={Boolean(deleting)}
        title="Delete banner"
        text={`Delete the banner “${deleting ? name(deleting) : ''}”?`}
        onClose={() => setDeleting(null)}
        onYes={async () => {
          if (deleting) await act(() => api.removeBanner(deleting.id), reload, `delete-banner-${deleting.id}`);
          setDeleting(null);
        }}
      />
    </section>
  );
}

function BannerForm({ row, onClose, onSaved }: { row: TAdminBanner | null; onClose(): void; onSaved(): void }) {
  const { api } = useAdmin();
  const f = useForm(toValues(row ?? { image: '', title: '', subtitle: '', link: '', status: 'active', position: 0 }));
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    const { id: _id, ...values } = f.v;
    const ok = await submitForm(ZBannerForm, values, (b) => api.saveBanner(row?.id ?? null, b), f.setErrors);
    setBusy(false);
    if (ok) onSaved();
  }
  return (
    <Dialog open onClose={onClose} title={row ? 'Edit banner' : 'Add banner'} className="dialog-xl">
      <form className="admin-form" onSubmit={submit} noValidate>
        <ImageInput
          f={f}
          name="image"
          label="Image"
          box={{ width: 1600, height: 600 }}
          hint="Wide image, about 1600px*600px"
        />
        <TextInput f={f} name="title" label="Title" />
        <TextInput f={f} name="subtitle" label="Subtitle" />
        <TextInput f={f} name="link" label="Link" type="url" />
        <div className="two">
          <Field label="Status" error={f.errors.status}>
            {(id) => (
              <select id={id} value={String(f.v.status)} onChange={(e) => f.set('status', e.target.value)}>
                <option value="active">Active</option>
                <option value="hold">Held (hidden from the public site)</option>
              </select>
            )}
          </Field>
          <TextInput f={f} name="position" label="Position" type="number" />
        </div>
        <FormButtons busy={busy} onCancel={onClose} />
      </form>
    </Dialog>
  );
}

import type { TAdminBanner, TAdminSettingKey, TContactUs } from '@chaupal/contract';
import { ADMIN_SETTING_FORMS, ZBannerForm } from '@chaupal/contract/admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Button, Dialog, Field } from '../../components/ui/ui';
import { ImageField } from '../dashboard/file-fields';
import { RichTextEditor } from '../dashboard/rich-text-editor';
import { AdminTable, act, Confirm, type FieldErrors, StatusTag, submitForm, useAdmin } from './kit';

type Values = Record<string, string | boolean>;
/** A form's state as the field helpers below read and change it. */
interface Form {
  v: Values;
  set(k: string, value: string | boolean): void;
  errors: FieldErrors;
}

/** Nulls (no image, no video) become empty strings for the inputs; the contract's schemas read '' as none. */
const toValues = (o: object): Values =>
  Object.fromEntries(Object.entries(o).map(([k, x]) => [k, typeof x === 'boolean' ? x : String(x ?? '')]));

const ALERT_DEFAULTS = { enabled: true, view_type: 'text', title: '', image: '', videolink: '', content: '' };

const CONTACT_LABELS: Record<keyof TContactUs, string> = {
  message: 'Message',
  address: 'Address',
  help_Num: 'Help number',
  email: 'E-mail',
  fblink: 'Facebook',
  instagram: 'Instagram',
  twitter: 'Twitter',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
  whatsapp_link: 'WhatsApp link',
  whatsappMessage: 'WhatsApp message',
  since: 'Since',
  developedby: 'Developed by',
  developedby_url: 'Developed by (link)',
  managedby: 'Managed by',
  managedby_url: 'Managed by (link)',
};

function TextInput(p: { f: Form; name: string; label: string; required?: boolean; rows?: number; type?: string }) {
  const { f, name } = p;
  return (
    <Field label={p.label} required={p.required} error={f.errors[name]}>
      {(id, describedBy) => {
        const props = {
          id,
          'aria-describedby': describedBy,
          'aria-invalid': Boolean(f.errors[name]),
          value: String(f.v[name] ?? ''),
          onChange: (e: { target: { value: string } }) => f.set(name, e.target.value),
        };
        return p.rows ? <textarea rows={p.rows} {...props} /> : <input type={p.type ?? 'text'} {...props} />;
      }}
    </Field>
  );
}

function RichInput({ f, name, label }: { f: Form; name: string; label: string }) {
  return (
    <Field label={label} error={f.errors[name]}>
      {(id) => (
        <RichTextEditor
          id={id}
          value={String(f.v[name] ?? '')}
          onChange={(html) => f.set(name, html)}
          invalid={Boolean(f.errors[name])}
        />
      )}
    </Field>
  );
}

function ImageInput(p: { f: Form; name: string; label: string; box: { width: number; height: number }; hint: string }) {
  const { session } = useAdmin();
  const error = p.f.errors[p.name];
  return (
    <div>
      <ImageField
        token={session.token}
        value={String(p.f.v[p.name] ?? '')}
        onChange={(url) => p.f.set(p.name, url)}
        label={p.label}
        box={p.box}
        hint={p.hint}
      />
      {error ? <p className="field-error">{error}</p> : null}
    </div>
  );
}

const useForm = (initial: Values) => {
  const [v, setV] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (k: string, value: string | boolean) => setV((old) => ({ ...old, [k]: value }));
  return { v, set, errors, setErrors };
};

/** One home content document: its own form, checked with ADMIN_SETTING_FORMS[name] and sent whole on Save. */
function Section({
  name,
  title,
  initial,
  children,
}: {
  name: TAdminSettingKey;
  title: string;
  initial: Values;
  children(f: Form): ReactNode;
}) {
  const { api } = useAdmin();
  const queryClient = useQueryClient();
  const headingId = useId();
  const f = useForm(initial);
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    const ok = await submitForm(ADMIN_SETTING_FORMS[name], f.v, (b) => api.saveSetting(name, b), f.setErrors);
    setBusy(false);
    if (ok) queryClient.invalidateQueries({ queryKey: ['admin'] });
  }
  return (
    <section className="admin-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <form className="admin-form" onSubmit={submit} noValidate>
        {children(f)}
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving...' : 'Save'}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** The home page's documents (alert, site name, logo, keywords, about, contact details) and its banners. */
export function HomeScreen() {
  const { api } = useAdmin();
  const { data, isPending } = useQuery({ queryKey: ['admin', 'settings'], queryFn: () => api.settings() });
  if (isPending) return <p role="status">Loading</p>;
  if (!data) return <p className="notice notice-error">Could not load the home content.</p>;
  const { message, address, ...contacts } = CONTACT_LABELS;
  return (
    <>
      <h1>Home content</h1>
      <Section name="alert" title="Alert" initial={toValues(data.alert ?? ALERT_DEFAULTS)}>
        {(f) => (
          <>
            <label className="check">
              <input
                type="checkbox"
                checked={f.v.enabled === true}
                onChange={(e) => f.set('enabled', e.target.checked)}
              />
              Show alert
            </label>
            <p className="muted small">Each visitor sees the alert once per browser session.</p>
            <TextInput f={f} name="title" label="Title" />
            <Field label="Type" error={f.errors.view_type}>
              {(id) => (
                <select id={id} value={String(f.v.view_type)} onChange={(e) => f.set('view_type', e.target.value)}>
                  <option value="image">Image</option>
                  <option value="video">Video</option>
                  <option value="text">Text</option>
                </select>
              )}
            </Field>
            {f.v.view_type === 'image' ? (
              <ImageInput f={f} name="image" label="Image" box={{ width: 800, height: 800 }} hint="About 800px*500px" />
            ) : null}
            {f.v.view_type === 'video' ? <TextInput f={f} name="videolink" label="Video link" type="url" /> : null}
            <TextInput f={f} name="content" label="Text" rows={4} required={f.v.view_type === 'text'} />
          </>
        )}
      </Section>
      <Section name="site" title="Site" initial={toValues(data.site)}>
        {(f) => <TextInput f={f} name="siteName" label="Site name" required />}
      </Section>
      <Section name="logo" title="Logo" initial={toValues(data.logo)}>
        {(f) => (
          <ImageInput f={f} name="Logo" label="Logo" box={{ width: 400, height: 200 }} hint="About 400px*200px" />
        )}
      </Section>
      <Section name="keywords" title="Keywords" initial={toValues(data.keywords)}>
        {(f) => (
          <>
            <TextInput f={f} name="page_title" label="Page title" required />
            <TextInput f={f} name="page_Description" label="Page description" rows={2} />
            <TextInput f={f} name="page_keywords" label="Page keywords" />
          </>
        )}
      </Section>
      <Section name="about" title="About" initial={toValues(data.about)}>
        {(f) => (
          <>
            <TextInput f={f} name="title" label="Title" required />
            <RichInput f={f} name="content" label="Content" />
            <ImageInput f={f} name="image" label="Image" box={{ width: 800, height: 600 }} hint="About 800px*600px" />
          </>
        )}
      </Section>
      <Section name="contactUs" title="Contact details" initial={toValues(data.contactUs)}>
        {(f) => (
          <>
            <TextInput f={f} name="message" label={message} rows={3} />
            <TextInput f={f} name="address" label={address} rows={2} />
            <div className="two">
              {Object.entries(contacts).map(([name, label]) => (
                <TextInput key={name} f={f} name={name} label={label} />
              ))}
            </div>
          </>
        )}
      </Section>
      <Banners />
    </>
  );
}

/** The home page's slides: a list with add/edit in a dialog and delete. */
function Banners() {
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
      <AdminTable rows={data} columns={columns} loading={isPending} empty="No banners" page={1} pages={1} />
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
          if (deleting) await act(() => api.removeBanner(deleting.id), reload);
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
        <div className="row gap-sm">
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving...' : 'Save'}
          </Button>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

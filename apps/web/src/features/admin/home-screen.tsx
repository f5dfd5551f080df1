import type { TAdminSettingKey, TContactUs } from '@chaupal/contract';
import { ADMIN_SETTING_FORMS } from '@chaupal/contract/admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Field } from '../../components/ui/ui';
import { Banners } from './banners-section';
import { type Form, ImageInput, RichInput, TextInput, toValues, useForm, type Values } from './form-fields';
import { FormButtons, submitForm, useAdmin } from './kit';

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
        <FormButtons busy={busy} />
      </form>
    </section>
  );
}

/**
 * The home page's documents (alert, site name, logo, keywords, about, contact details), its banners, the privacy
 * setting (what deleting an account does to its records, decision 017) and whether new reviews wait for an admin.
 */
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
      <Section name="privacy" title="Privacy" initial={toValues(data.privacy)}>
        {(f) => (
          <Field label="When a person deletes their account" error={f.errors.accountDeletion}>
            {(id) => (
              <select
                id={id}
                value={String(f.v.accountDeletion)}
                onChange={(e) => f.set('accountDeletion', e.target.value)}
              >
                <option value="remove">Remove their records and files</option>
                <option value="anonymise">Keep their records under “Former member”</option>
              </select>
            )}
          </Field>
        )}
      </Section>
      <Section name="reviews" title="Reviews" initial={toValues(data.reviews)}>
        {(f) => (
          <Field label="New reviews" error={f.errors.moderation}>
            {(id) => (
              <select id={id} value={String(f.v.moderation)} onChange={(e) => f.set('moderation', e.target.value)}>
                <option value="publish">Publish reviews at once</option>
                <option value="hold">Hold reviews for moderation</option>
              </select>
            )}
          </Field>
        )}
      </Section>
      <Banners />
    </>
  );
}

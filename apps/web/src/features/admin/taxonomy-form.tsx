import type { TAdminBlock, TAdminCircle, TAdminTaxon } from '@chaupal/contract';
import { ZBlockForm, ZCircleForm, ZTaxonForm } from '@chaupal/contract/admin';
import { TAXONOMY_LIST, type TTaxonKind } from '@chaupal/contract/content-kinds';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ImageField } from '../../components/editing/file-fields';
import { MultiSelect } from '../../components/editing/multi-select';
import { RichTextEditor } from '../../components/editing/rich-text-editor';
import { Dialog, Field } from '../../components/ui/ui';
import type { TAdminTaxonomyKind } from './admin-api';
import { type FieldErrors, FormButtons, submitForm, useAdmin } from './kit';

export const TAXONOMY_LABELS: Record<TAdminTaxonomyKind, { heading: string; noun: string; empty: string }> = {
  circles: { heading: 'Circles', noun: 'circle', empty: 'No circles' },
  blocks: { heading: 'Localities', noun: 'locality', empty: 'No localities' },
  ...(Object.fromEntries(TAXONOMY_LIST.map((t) => [t.name, { ...t.console, noun: t.noun }])) as Record<
    TTaxonKind,
    { heading: string; noun: string; empty: string }
  >),
};

interface Values {
  name: string;
  title: string;
  slug: string;
  status: 'active' | 'hold';
  position: string;
  circles: string[];
  description: string;
  image: string;
  content: string;
  metaTitle: string;
  metaDescription: string;
  metaKeywords: string;
}

function initial(row: TAdminCircle | TAdminBlock | TAdminTaxon | null): Values {
  const r = row as Partial<TAdminBlock & TAdminTaxon> | null;
  return {
    name: r?.name ?? '',
    title: r?.title ?? '',
    slug: r?.slug ?? '',
    status: r?.status ?? 'active',
    position: String(r?.position ?? 0),
    circles: r?.circles?.map((c) => c.id) ?? [],
    description: r?.description ?? '',
    image: r?.image ?? '',
    content: r?.content ?? '',
    metaTitle: r?.metaTitle ?? '',
    metaDescription: r?.metaDescription ?? '',
    metaKeywords: r?.metaKeywords ?? '',
  };
}

/** Add or edit a circle, locality, service, category, edition or publishing page, checked with the contract's form. */
export function TaxonomyForm({
  kind,
  row,
  onClose,
  onSaved,
}: {
  kind: TAdminTaxonomyKind;
  row: TAdminCircle | TAdminBlock | TAdminTaxon | null;
  onClose(): void;
  onSaved(): void;
}) {
  const { api, session } = useAdmin();
  const [v, setV] = useState<Values>(() => initial(row));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const place = kind === 'circles' || kind === 'blocks';
  const { data: allCircles } = useQuery({
    queryKey: ['admin', 'all-circles'],
    queryFn: () => api.places('circles', { pageSize: 100 }),
    enabled: kind === 'blocks',
  });
  const set = <K extends keyof Values>(k: K, value: Values[K]) => setV((old) => ({ ...old, [k]: value }));
  const text = (k: keyof Values, label: string, required = false) => (
    <Field label={label} required={required} error={errors[k]}>
      {(id, describedBy) => (
        <input
          id={id}
          aria-describedby={describedBy}
          value={v[k] as string}
          onChange={(e) => set(k, e.target.value as never)}
        />
      )}
    </Field>
  );

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    const common = { slug: v.slug, status: v.status, position: v.position };
    const body = place
      ? { ...common, name: v.name, ...(kind === 'blocks' ? { circles: v.circles } : {}) }
      : {
          ...common,
          title: v.title,
          description: v.description,
          image: v.image || null,
          content: kind === 'pages' ? v.content : '',
          metaTitle: v.metaTitle,
          metaDescription: v.metaDescription,
          metaKeywords: v.metaKeywords,
        };
    const schema = kind === 'blocks' ? ZBlockForm : place ? ZCircleForm : ZTaxonForm;
    const id = row?.id ?? null;
    const ok = await submitForm(
      schema,
      body,
      (b) => (place ? api.savePlace(kind, id, b) : api.saveTaxon(kind, id, b)),
      setErrors,
    );
    setBusy(false);
    if (ok) onSaved();
  }

  const noun = TAXONOMY_LABELS[kind].noun;
  return (
    <Dialog open onClose={onClose} title={row ? `Edit ${noun}` : `Add ${noun}`} className="dialog-xl">
      <form className="admin-form" onSubmit={submit} noValidate>
        {place ? text('name', 'Name', true) : text('title', 'Title', true)}
        <div className="two">
          {text('slug', `Slug (made from the ${place ? 'name' : 'title'} when empty)`)}
          <Field label="Order" error={errors.position}>
            {(id, describedBy) => (
              <input
                id={id}
                aria-describedby={describedBy}
                type="number"
                min={0}
                value={v.position}
                onChange={(e) => set('position', e.target.value)}
              />
            )}
          </Field>
        </div>
        <Field label="Status" error={errors.status}>
          {(id) => (
            <select id={id} value={v.status} onChange={(e) => set('status', e.target.value as Values['status'])}>
              <option value="active">Active</option>
              <option value="hold">Held (hidden from the public site)</option>
            </select>
          )}
        </Field>
        {kind === 'blocks' ? (
          <MultiSelect
            label="Circles"
            options={(allCircles?.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            value={v.circles}
            onChange={(c) => set('circles', c)}
            error={errors.circles}
          />
        ) : null}
        {!place ? (
          <>
            <Field label="Description" error={errors.description}>
              {(id, describedBy) => (
                <textarea
                  id={id}
                  aria-describedby={describedBy}
                  rows={3}
                  value={v.description}
                  onChange={(e) => set('description', e.target.value)}
                />
              )}
            </Field>
            <ImageField
              token={session.token}
              value={v.image}
              onChange={(url) => set('image', url)}
              box={{ width: 800, height: 600 }}
              hint="size should be 340px*240px"
            />
            {errors.image ? <p className="field-error">{errors.image}</p> : null}
            {kind === 'pages' ? (
              <Field label="Content" error={errors.content}>
                {(id) => <RichTextEditor id={id} value={v.content} onChange={(html) => set('content', html)} />}
              </Field>
            ) : null}
            {text('metaTitle', 'Meta Title')}
            {text('metaDescription', 'Meta Description')}
            {text('metaKeywords', 'Meta keywords')}
          </>
        ) : null}
        <FormButtons busy={busy} onCancel={onClose} />
      </form>
    </Dialog>
  );
}

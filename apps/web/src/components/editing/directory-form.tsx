import { ZExpertForm, ZOutletForm } from '@chaupal/contract/content-forms';
import { CONTENT_KINDS, type TKindOf } from '@chaupal/contract/content-kinds';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useSpecText, useT } from '../../app/i18n';
import { useServices } from '../../app/services';
import type { signedInApi } from '../../app/signed-in';
import { messages } from '../../locales/en/editing.json?lingui';
import { Dialog, Field, Spinner } from '../ui/ui';
import { AutosaveNotice, FormActions, sentAsDraft, useDraftForm } from './autosave';
import { DocumentsField, ImageField } from './file-fields';
import { appendLinksAndFiles, sendForm, useFirstErrorFocus, useLocalities } from './form-shared';
import { MultiSelect } from './multi-select';
import { appendPlace, EMPTY_PLACE, PlaceFields, placeFormValues, placeValuesOf } from './place-fields';
import { RichTextEditor } from './rich-text-editor';

type Api = ReturnType<typeof signedInApi>;

/**
 * What differs between the expert and the outlet form (SPEC §2) besides what the registry says (the parent's
 * taxonomy and field, the image field, the noun): the schema, and the labels `editing.<kind>.parent` and `.title`.
 */
const SCHEMAS = { expert: ZExpertForm, outlet: ZOutletForm } as const satisfies Record<TKindOf<'directory'>, unknown>;

const EMPTY = {
  parents: [] as string[],
  circles: [] as string[],
  blocks: [] as string[],
  title: '',
  image: '',
  description: '',
  call_now: '',
  whatsapp_no: '',
  map_url: '',
  website_url: '',
  metaTitle: '',
  metaDescription: '',
  metaKeywords: '',
  documents: [] as string[],
  slug: '',
  ...EMPTY_PLACE,
};
type Values = typeof EMPTY;

/**
 * SPEC §2 Add/Edit Expert and Add/Edit Outlet dialogs: their fields in SPEC order, validated by the contract's
 * schema before sending, with the server's errors under the fields when it refuses.
 */
export function DirectoryForm(props: {
  kind: keyof typeof SCHEMAS;
  api: Api;
  token: string;
  id: string | null;
  onClose(): void;
  onSaved(): void;
}) {
  const { kind, api, token, id, onClose, onSaved } = props;
  const { parent, image } = CONTENT_KINDS[kind];
  const { queries } = useServices();
  const t = useT(messages);
  const spec = useSpecText();
  const descId = useId();
  const firstError = useFirstErrorFocus();
  const [v, setV] = useState<Values | null>(id ? null : EMPTY);
  const [original, setOriginal] = useState<{ image: string; documents: string[] }>({ image: '', documents: [] });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const desk = useDraftForm(kind, id, v, setV, onSaved);
  const { data: parents = [] } = useQuery(queries.index(parent.taxon));
  const { data: circles = [] } = useQuery(queries.circles());
  const { localities: blocks, inChosenCircles } = useLocalities(v?.circles ?? []);
  // The API names the parent list `services` or `categories`; errors about it show under the parent selector.
  const fieldOf = (parameter: string) => (parameter === parent.field ? 'parents' : parameter);

  useEffect(() => {
    if (!id) return;
    api
      .view(kind, id)
      .then((o) => {
        setOriginal({ image: o.image ?? '', documents: o.documents });
        desk.setStatus(o.status);
        setV({
          parents: 'services' in o ? o.services.map((c) => c.id) : o.categories.map((c) => c.id),
          circles: o.circles.map((c) => c.id),
          blocks: o.blocks.map((b) => b.id),
          title: o.title,
          image: o.image ?? '',
          description: o.description,
          call_now: o.call_now,
          whatsapp_no: o.whatsapp_no ?? '',
          map_url: o.map_url ?? '',
          website_url: o.website_url ?? '',
          metaTitle: o.metaTitle,
          metaDescription: o.metaDescription,
          metaKeywords: o.metaKeywords,
          documents: o.documents,
          slug: o.slug,
          ...placeValuesOf(o),
        });
      })
      .catch(onClose);
  }, [id, api, onClose, kind, desk.setStatus]);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => setV((s) => (s ? { ...s, [key]: value } : s));

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!v) return;
    const chosenBlocks = await inChosenCircles(v.blocks);
    const parsed = SCHEMAS[kind].safeParse({
      ...v,
      ...placeFormValues(v),
      [parent.field]: v.parents,
      blocks: chosenBlocks,
      documents: [],
      deleteDocuments: [],
      slug: id ? v.slug : undefined,
    });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      // Opening hours' errors keep their path (`opening_hours.weekly.mon`), as the server names them.
      for (const i of parsed.error.issues) {
        next[fieldOf(i.path[0] === 'opening_hours' ? i.path.join('.') : String(i.path[0]))] ??= i.message;
      }
      setErrors(next);
      firstError.reveal();
      return;
    }
    setErrors({});
    const form = new FormData();
    const plain = [
      'title',
      'description',
      'call_now',
      'whatsapp_no',
      'map_url',
      'website_url',
      'metaTitle',
      'metaDescription',
      'metaKeywords',
      'image',
    ] as const;
    for (const name of plain) form.append(name, v[name]);
    appendPlace(form, v);
    form.append('draft', String(sentAsDraft(e)));
    for (const c of v.parents) form.append(`${parent.field}[]`, c);
    appendLinksAndFiles(form, { ...v, blocks: chosenBlocks }, id ? { original, deleteField: image.deleteFlag } : null);
    await sendForm(() => api.save(kind, id, form), {
      fieldOf,
      setErrors,
      setBusy,
      onRefused: firstError.reveal,
      ...desk.send,
    });
  }

  const text = (key: keyof Values, label: string, placeholder?: string, required?: boolean) => (
    <Field label={label} error={errors[key]} required={required}>
      {(fid, describedBy) => (
        <input
          id={fid}
          value={(v?.[key] as string) ?? ''}
          placeholder={placeholder}
          onChange={(e) => set(key, e.target.value as never)}
          aria-invalid={Boolean(errors[key])}
          aria-describedby={describedBy}
        />
      )}
    </Field>
  );
  return (
    <Dialog
      open
      onClose={onClose}
      title={t(`editing.${id ? 'edit' : 'add'}.${kind}`)}
      className="dialog-xl form-dialog"
    >
      {!v ? (
        <Spinner />
      ) : (
        <form ref={firstError.ref} onSubmit={submit} className="stack gap-sm" noValidate>
          <AutosaveNotice autosave={desk.autosave} />
          <MultiSelect
            label={t(`editing.${kind}.parent`)}
            options={parents.map((c) => ({ value: c.id, label: c.title }))}
            value={v.parents}
            onChange={(x) => set('parents', x)}
            error={errors.parents}
          />
          <MultiSelect
            label={t('editing.circles')}
            options={circles.map((c) => ({ value: c.id, label: c.name }))}
            value={v.circles}
            onChange={(x) => set('circles', x)}
            error={errors.circles}
          />
          <MultiSelect
            label={t('editing.localities')}
            options={blocks.map((b) => ({ value: b.id, label: b.name }))}
            value={v.blocks}
            onChange={(x) => set('blocks', x)}
            error={errors.blocks}
            disabled={!v.circles.length}
          />
          {text('title', t(`editing.${kind}.title`), undefined, true)}
          <ImageField token={token} value={v.image} onChange={(url) => set('image', url)} />
          <div className="field">
            <label htmlFor={descId} id={`${descId}-label`}>
              {t('editing.description')}{' '}
              <span className="required" aria-hidden="true">
                *
              </span>
            </label>
            <RichTextEditor
              id={descId}
              value={v.description}
              onChange={(html) => set('description', html)}
              invalid={Boolean(errors.description)}
            />
            {errors.description ? <p className="field-error">{spec(errors.description)}</p> : null}
          </div>
          {text('call_now', t('editing.callNow'), '+91 9876543210', true)}
          {text('whatsapp_no', t('editing.whatsapp'), '+91 9876543210')}
          {text('map_url', t('editing.mapUrl'))}
          {text('website_url', t('editing.website'))}
          <PlaceFields value={v} onChange={(p) => setV((s) => (s ? { ...s, ...p } : s))} errors={errors} />
          {text('metaTitle', t('editing.metaTitle'))}
          {text('metaDescription', t('editing.metaDescription'))}
          {text('metaKeywords', t('editing.metaKeywords'))}
          <DocumentsField token={token} value={v.documents} onChange={(d) => set('documents', d)} />
          {id ? text('slug', t('editing.slug')) : null}
          <FormActions busy={busy} draftable={desk.draftable} />
        </form>
      )}
    </Dialog>
  );
}

import { ZFeatureForm, ZNewsForm } from '@chaupal/contract/content-forms';
import { CONTENT_KINDS, type TKindOf } from '@chaupal/contract/content-kinds';
import { LANGUAGES, langTag } from '@chaupal/contract/languages';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, Fragment, type ReactNode, useEffect, useId, useState } from 'react';
import { useSpecText, useT } from '../../app/i18n';
import { useServices } from '../../app/services';
import type { signedInApi } from '../../app/signed-in';
import { messages } from '../../locales/en/editing.json?lingui';
import { Dialog, Field, Spinner } from '../ui/ui';
import { AutosaveNotice, FormActions, sentAsDraft, useDraftForm } from './autosave';
import { DocumentsField, ImageField } from './file-fields';
import { appendLinksAndFiles, sendForm, useFirstErrorFocus, useLocalities } from './form-shared';
import { MultiSelect } from './multi-select';
import { PublishTimeFields, publishTimesOf } from './publish-times';
import { RichTextEditor } from './rich-text-editor';
import { instantOfWallClock, wallClockAt } from './site-time';
import { SiteTimeInput } from './site-time-input';

type Api = ReturnType<typeof signedInApi>;

/**
 * What differs between the news and the feature form (SPEC §2, §5), by the API's field names, besides what the
 * registry says (the parent's taxonomy and field, the image field and its delete flag, the noun); the labels that
 * differ are `editing.<kind>.parent`, `.when` and `.byline`.
 */
const KINDS = {
  news: {
    when: 'publishing_time',
    byline: 'reporter',
    video: 'youtube_url',
    schema: ZNewsForm,
    // SPEC §2 News form order.
    order: [
      'title',
      'parent',
      'location',
      'language',
      'byline',
      'content',
      'when',
      'video',
      'metaTitle',
      'metaDescription',
      'metaKeywords',
      'circles',
      'blocks',
      'image',
      'documents',
      'slug',
      'publishTimes',
    ],
  },
  feature: {
    when: 'publishedDate',
    byline: 'author',
    video: 'youtubeurl',
    schema: ZFeatureForm,
    // SPEC §2 Feature form order.
    order: [
      'title',
      'content',
      'when',
      'parent',
      'language',
      'image',
      'slug',
      'byline',
      'location',
      'video',
      'metaTitle',
      'metaDescription',
      'metaKeywords',
      'circles',
      'blocks',
      'documents',
      'publishTimes',
    ],
  },
} as const satisfies Record<TKindOf<'publishing'>, unknown>;

/** A new record's values; its publishing time is now on the site's clock (SITE_TZ), whatever the browser's zone. */
const blank = (siteTz: string) => ({
  parent: '',
  circles: [] as string[],
  blocks: [] as string[],
  title: '',
  content: '',
  when: wallClockAt(Date.now(), siteTz),
  language: 'en',
  byline: '',
  location: '',
  video: '',
  image: '',
  metaTitle: '',
  metaDescription: '',
  metaKeywords: '',
  documents: [] as string[],
  slug: '',
  // "Publish at" and "Unpublish at"; empty: at approval, and never.
  ...publishTimesOf({}),
});
type Values = ReturnType<typeof blank>;

/** SPEC §2 Add/Edit News and Add/Edit Feature dialogs; the publishing date defaults to now. */
export function PublishingForm(props: {
  kind: keyof typeof KINDS;
  api: Api;
  token: string;
  id: string | null;
  onClose(): void;
  onSaved(): void;
}) {
  const { kind, api, token, id, onClose, onSaved } = props;
  const k = KINDS[kind];
  const { parent, image } = CONTENT_KINDS[kind];
  const { queries, siteTz } = useServices();
  const t = useT(messages);
  const spec = useSpecText();
  const contentId = useId();
  const firstError = useFirstErrorFocus();
  const [v, setV] = useState<Values | null>(id ? null : blank(siteTz));
  const [original, setOriginal] = useState<{ image: string; documents: string[] }>({ image: '', documents: [] });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const desk = useDraftForm(kind, id, v, setV, onSaved);
  // Only active editions and pages are offered: pages on hold are excluded (SPEC §4).
  const { data: parents = [] } = useQuery(queries.index(parent.taxon));
  const { data: circles = [] } = useQuery(queries.circles());
  const { localities: blocks, inChosenCircles } = useLocalities(v?.circles ?? []);
  /** API field → form field, so server errors land under the right control. */
  const fieldOf = (p: string) =>
    ({
      [parent.field]: 'parent',
      [k.when]: 'when',
      [k.byline]: 'byline',
      [k.video]: 'video',
      [image.field]: 'image',
    })[p] ?? p;

  useEffect(() => {
    if (!id) return;
    api
      .view(kind, id)
      .then((o) => {
        const image = 'photo' in o ? o.photo : o.image;
        setOriginal({ image: image ?? '', documents: o.documents });
        desk.setStatus(o.status);
        setV({
          parent: 'editionId' in o ? (o.editionId ?? '') : (o.publishing_Page?.id ?? ''),
          circles: o.circles.map((c) => c.id),
          blocks: o.blocks.map((b) => b.id),
          title: o.title,
          content: o.content,
          when: wallClockAt(Date.parse('publishing_time' in o ? o.publishing_time : o.publishedDate), siteTz),
          // A language stored as a name (API clients, older records) selects its option.
          language: langTag(o.language) ?? o.language,
          byline: 'reporter' in o ? o.reporter : o.author,
          location: o.location,
          video: ('youtube_url' in o ? o.youtube_url : o.youtubeurl) ?? '',
          image: image ?? '',
          metaTitle: o.metaTitle,
          metaDescription: o.metaDescription,
          metaKeywords: o.metaKeywords,
          documents: o.documents,
          slug: o.slug,
          ...publishTimesOf(o),
        });
      })
      .catch(onClose);
  }, [id, api, onClose, kind, siteTz, desk.setStatus]);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => setV((s) => (s ? { ...s, [key]: value } : s));

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!v) return;
    const asDraft = sentAsDraft(e);
    const chosenBlocks = await inChosenCircles(v.blocks);
    // The picker holds the site's wall clock; the API takes the instant it names.
    const when = instantOfWallClock(v.when, siteTz) ?? '';
    const body: Record<string, string | string[]> = {
      title: v.title,
      content: v.content,
      language: v.language,
      location: v.location,
      metaTitle: v.metaTitle,
      metaDescription: v.metaDescription,
      metaKeywords: v.metaKeywords,
      [parent.field]: v.parent,
      [k.when]: when,
      [k.byline]: v.byline,
      [k.video]: v.video,
      [image.field]: v.image,
      publish_at: v.publish_at,
      unpublish_at: v.unpublish_at,
    };
    const parsed = k.schema.safeParse({
      ...body,
      circles: v.circles,
      blocks: chosenBlocks,
      documents: [],
      deleteDocuments: [],
      slug: id ? v.slug : undefined,
    });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const i of parsed.error.issues) next[fieldOf(String(i.path[0]))] ??= i.message;
      setErrors(next);
      firstError.reveal();
      return;
    }
    setErrors({});
    const form = new FormData();
    for (const [name, value] of Object.entries(body)) form.append(name, String(value));
    form.append('draft', String(asDraft));
    appendLinksAndFiles(form, { ...v, blocks: chosenBlocks }, id ? { original, deleteField: image.deleteFlag } : null);
    await sendForm(() => api.save(kind, id, form), {
      fieldOf,
      setErrors,
      setBusy,
      onRefused: firstError.reveal,
      ...desk.send,
    });
  }

  const text = (key: keyof Values, label: string, required?: boolean) => (
    <Field label={label} error={errors[key]} required={required}>
      {(fid, describedBy) => (
        <input
          id={fid}
          value={(v?.[key] as string) ?? ''}
          onChange={(e) => set(key, e.target.value as never)}
          aria-invalid={Boolean(errors[key])}
          aria-describedby={describedBy}
        />
      )}
    </Field>
  );

  /** Each control by name; the kind's SPEC §2 order decides where it stands. */
  const control = (name: (typeof k.order)[number], vals: Values): ReactNode => {
    switch (name) {
      case 'title':
        return text('title', t('editing.title'), true);
      case 'parent':
        return (
          <Field label={t(`editing.${kind}.parent`)} error={errors.parent} required>
            {(fid) => (
              <select id={fid} value={vals.parent} onChange={(e) => set('parent', e.target.value)}>
                <option value="">{t('editing.choose')}</option>
                {parents.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.title}
                  </option>
                ))}
              </select>
            )}
          </Field>
        );
      case 'content':
        return (
          <div className="field">
            <label htmlFor={contentId} id={`${contentId}-label`}>
              {t('editing.content')}{' '}
              <span className="required" aria-hidden="true">
                *
              </span>
            </label>
            <RichTextEditor
              id={contentId}
              value={vals.content}
              onChange={(html) => set('content', html)}
              invalid={Boolean(errors.content)}
            />
            {errors.content ? <p className="field-error">{spec(errors.content)}</p> : null}
          </div>
        );
      case 'when':
        return (
          <Field label={t(`editing.${kind}.when`)} error={errors.when}>
            {(fid, describedBy) => (
              <SiteTimeInput
                id={fid}
                value={vals.when}
                onChange={(when) => set('when', when)}
                invalid={Boolean(errors.when)}
                describedBy={describedBy}
              />
            )}
          </Field>
        );
      case 'publishTimes':
        return (
          <PublishTimeFields
            value={vals}
            onChange={(times) => setV((cur) => (cur ? { ...cur, ...times } : cur))}
            errors={errors}
          />
        );
      case 'language':
        return (
          <Field label={t('editing.language')} error={errors.language} required>
            {(fid) => (
              <select id={fid} value={vals.language} onChange={(e) => set('language', e.target.value)}>
                {LANGUAGES.map(([code]) => (
                  <option key={code} value={code}>
                    {t(`editing.language.${code}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        );
      case 'byline':
        return text('byline', t(`editing.${kind}.byline`), true);
      case 'location':
        return text('location', t('editing.location'), true);
      case 'image':
        return (
          <ImageField
            token={token}
            label={t(image.field === 'photo' ? 'editing.photo' : 'editing.image')}
            value={vals.image}
            onChange={(url) => set('image', url)}
          />
        );
      case 'video':
        return text('video', t('editing.youtube'));
      case 'metaTitle':
        return text('metaTitle', t('editing.metaTitle'));
      case 'metaDescription':
        return text('metaDescription', t('editing.metaDescription'));
      case 'metaKeywords':
        return text('metaKeywords', t('editing.metaKeywords'));
      case 'circles':
        return (
          <MultiSelect
            label={t('editing.circles')}
            options={circles.map((c) => ({ value: c.id, label: c.name }))}
            value={vals.circles}
            onChange={(x) => set('circles', x)}
            error={errors.circles}
          />
        );
      case 'blocks':
        return (
          <MultiSelect
            label={t('editing.localities')}
            options={blocks.map((b) => ({ value: b.id, label: b.name }))}
            value={vals.blocks}
            onChange={(x) => set('blocks', x)}
            error={errors.blocks}
            disabled={!vals.circles.length}
          />
        );
      case 'documents':
        return <DocumentsField token={token} value={vals.documents} onChange={(d) => set('documents', d)} />;
      case 'slug':
        return id ? text('slug', t('editing.slug')) : null;
    }
  };

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
          {k.order.map((name) => (
            <Fragment key={name}>{control(name, v)}</Fragment>
          ))}
          <FormActions busy={busy} draftable={desk.draftable} />
        </form>
      )}
    </Dialog>
  );
}

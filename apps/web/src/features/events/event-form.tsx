import { LANGUAGES } from '@chaupal/contract/languages';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useSpecText, useT } from '../../app/i18n';
import { useServices } from '../../app/services';
import { AutosaveNotice, FormActions, sentAsDraft, useDraftForm } from '../../components/editing/autosave';
import { DocumentsField, ImageField } from '../../components/editing/file-fields';
import { type KindFormProps, sendForm, useFirstErrorFocus, useLocalities } from '../../components/editing/form-shared';
import { MultiSelect } from '../../components/editing/multi-select';
import { PublishTimeFields } from '../../components/editing/publish-times';
import { RichTextEditor } from '../../components/editing/rich-text-editor';
import { Dialog, Field, Spinner } from '../../components/ui/ui';
import { messages } from '../../locales/en/editing.json?lingui';
import { messages as formMessages } from '../../locales/en/eventform.json?lingui';
import { OrganiserFields, ScheduleFields, TextField, VenueFields } from './event-form-fields';
import {
  blankEvent,
  eventFieldOf,
  eventFormData,
  eventFormErrors,
  eventValuesOf,
  type TEventValues,
} from './event-form-values';
import { useEventQueries } from './events-queries';

/**
 * Add/Edit Event, the events' form in the dashboards and the console (KindParts' Form, with the props the dashboard
 * gives every kind's form): the contract's ZEventForm checks it before sending, its errors and then the server's under
 * the fields; on success the dialog closes.
 */
export function EventForm(props: KindFormProps) {
  const { api, token, id, onClose, onSaved } = props;
  const { queries } = useServices();
  const events = useEventQueries();
  const t = useT(messages);
  const et = useT(formMessages);
  const spec = useSpecText();
  const contentId = useId();
  const firstError = useFirstErrorFocus();
  const [v, setV] = useState<TEventValues | null>(id ? null : blankEvent());
  const [original, setOriginal] = useState<{ image: string; documents: string[] }>({ image: '', documents: [] });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const desk = useDraftForm('event', id, v, setV, onSaved);
  const { data: types = [] } = useQuery(events.types());
  const venues = useQuery({ ...events.venues(), enabled: v?.venueMode === 'outlet' });
  const { data: circles = [] } = useQuery(queries.circles());
  const { localities: blocks, inChosenCircles } = useLocalities(v?.circles ?? []);

  useEffect(() => {
    if (!id) return;
    api
      .view('event', id)
      .then((o) => {
        setOriginal({ image: o.image ?? '', documents: o.documents });
        desk.setStatus(o.status);
        setV(eventValuesOf(o));
      })
      .catch(onClose);
  }, [id, api, onClose, desk.setStatus]);

  const set = <K extends keyof TEventValues>(key: K, value: TEventValues[K]) =>
    setV((s) => (s ? { ...s, [key]: value } : s));

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!v) return;
    const chosenBlocks = await inChosenCircles(v.blocks);
    const found = eventFormErrors(v, chosenBlocks, Boolean(id));
    if (Object.keys(found).length) {
      setErrors(found);
      firstError.reveal();
      return;
    }
    setErrors({});
    const form = eventFormData(v, chosenBlocks, id ? original : null);
    form.append('draft', String(sentAsDraft(e)));
    await sendForm(() => api.save('event', id, form), {
      fieldOf: eventFieldOf,
      setErrors,
      setBusy,
      onRefused: firstError.reveal,
      ...desk.send,
    });
  }

  const text = (
    key: 'title' | 'metaTitle' | 'metaDescription' | 'metaKeywords' | 'slug',
    label: string,
    required = false,
  ) =>
    v ? (
      <TextField label={label} value={v[key]} onChange={(x) => set(key, x)} error={errors[key]} required={required} />
    ) : null;

  return (
    <Dialog
      open
      onClose={onClose}
      title={et(id ? 'eventform.edit' : 'eventform.add')}
      className="dialog-xl form-dialog"
    >
      {!v ? (
        <Spinner />
      ) : (
        <form ref={firstError.ref} onSubmit={submit} className="stack gap-sm" noValidate>
          <AutosaveNotice autosave={desk.autosave} />
          {text('title', t('editing.title'), true)}
          <Field label={et('eventform.eventType')} error={errors.eventTypeId} required>
            {(fid, describedBy) => (
              <select
                id={fid}
                value={v.eventTypeId}
                onChange={(e) => set('eventTypeId', e.target.value)}
                aria-invalid={Boolean(errors.eventTypeId)}
                aria-describedby={describedBy}
              >
                <option value="">{t('editing.choose')}</option>
                {types.map((type) => (
                  <option key={type.id} value={type.id}>
                    {type.title}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={et('eventform.summary')} error={errors.description} required>
            {(fid, describedBy) => (
              <textarea
                id={fid}
                value={v.description}
                maxLength={300}
                rows={2}
                placeholder={et('eventform.summaryHint')}
                onChange={(e) => set('description', e.target.value)}
                aria-invalid={Boolean(errors.description)}
                aria-describedby={describedBy}
              />
            )}
          </Field>
          <ImageField token={token} value={v.image} onChange={(url) => set('image', url)} />
          <ScheduleFields v={v} set={set} errors={errors} />
          <VenueFields v={v} set={set} errors={errors} outlets={venues.data?.data ?? []} />
          <OrganiserFields v={v} set={set} errors={errors} />
          <Field label={t('editing.language')} error={errors.language} required>
            {(fid) => (
              <select id={fid} value={v.language} onChange={(e) => set('language', e.target.value)}>
                {LANGUAGES.map(([code]) => (
                  <option key={code} value={code}>
                    {t(`editing.language.${code}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <div className="field">
            <label htmlFor={contentId} id={`${contentId}-label`}>
              {t('editing.content')}
            </label>
            <RichTextEditor
              id={contentId}
              value={v.content}
              onChange={(html) => set('content', html)}
              invalid={Boolean(errors.content)}
            />
            {errors.content ? <p className="field-error">{spec(errors.content)}</p> : null}
          </div>
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
          {text('metaTitle', t('editing.metaTitle'))}
          {text('metaDescription', t('editing.metaDescription'))}
          {text('metaKeywords', t('editing.metaKeywords'))}
          <DocumentsField token={token} value={v.documents} onChange={(d) => set('documents', d)} />
          {id ? text('slug', t('editing.slug')) : null}
          <PublishTimeFields
            value={v}
            onChange={(times) => setV((cur) => (cur ? { ...cur, ...times } : cur))}
            errors={errors}
          />
          <FormActions busy={busy} draftable={desk.draftable} />
        </form>
      )}
    </Dialog>
  );
}

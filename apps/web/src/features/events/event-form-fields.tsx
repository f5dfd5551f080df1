import type { TOutlet } from '@chaupal/contract';
import { EVENT_STATUSES } from '@chaupal/contract/events';
import { pinFromMapLink } from '@chaupal/contract/place';
import { type ComponentProps, useId, useState } from 'react';
import { useLang, useSpecText, useT } from '../../app/i18n';
import { Field } from '../../components/ui/ui';
import { messages } from '../../locales/en/editing.json?lingui';
import { messages as formMessages } from '../../locales/en/eventform.json?lingui';
import { weekdayName } from './event-dates';
import type { TEventValues } from './event-form-values';

export interface TFieldsProps {
  v: TEventValues;
  set<K extends keyof TEventValues>(key: K, value: TEventValues[K]): void;
  errors: Record<string, string>;
}

/** A labelled input with its error and, when given, a hint it is described by. */
export function TextField({
  label,
  value,
  onChange,
  error,
  required,
  hint,
  ...input
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string;
  required?: boolean;
  hint?: string;
} & Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'id'>) {
  const hintId = useId();
  return (
    <Field label={label} error={error} required={required}>
      {(id, describedBy) => (
        <>
          <input
            id={id}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            aria-invalid={Boolean(error)}
            aria-describedby={[hint ? hintId : '', describedBy].filter(Boolean).join(' ') || undefined}
            {...input}
          />
          {hint ? (
            <p id={hintId} className="muted small">
              {hint}
            </p>
          ) : null}
        </>
      )}
    </Field>
  );
}

/** A labelled select of values and their texts. */
function SelectField({
  label,
  value,
  onChange,
  options,
  error,
  required,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  options: readonly { value: string; label: string }[];
  error?: string;
  required?: boolean;
}) {
  return (
    <Field label={label} error={error} required={required}>
      {(id, describedBy) => (
        <select
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** The week as the form offers it, Monday first; values are the schedule's (0 is Sunday). */
const WEEK = [1, 2, 3, 4, 5, 6, 0];

/**
 * Start date, All day (which hides the times), start time, end date and time, the repeat (weekly on chosen days or
 * monthly on the start date's day, until a date), and the status with the date a postponed event was planned for.
 */
export function ScheduleFields({ v, set, errors }: TFieldsProps) {
  const et = useT(formMessages);
  const lang = useLang();
  const spec = useSpecText();
  const daysErrorId = useId();
  const date = (key: 'startDate' | 'endDate' | 'repeatUntil' | 'previousStartDate', label: string, more = {}) => (
    <TextField type="date" label={label} value={v[key]} onChange={(x) => set(key, x)} error={errors[key]} {...more} />
  );
  const time = (key: 'startTime' | 'endTime', label: string) => (
    <TextField type="time" label={label} value={v[key]} onChange={(x) => set(key, x)} error={errors[key]} required />
  );
  const toggleDay = (day: number) =>
    set('repeatDays', v.repeatDays.includes(day) ? v.repeatDays.filter((d) => d !== day) : [...v.repeatDays, day]);
  return (
    <fieldset className="stack gap-sm">
      <legend className="strong">{et('eventform.schedule')}</legend>
      <div className="row gap-sm">
        {date('startDate', et('eventform.startDate'), { required: true })}
        {v.allDay ? null : time('startTime', et('eventform.startTime'))}
      </div>
      <label className="check">
        <input type="checkbox" checked={v.allDay} onChange={(e) => set('allDay', e.target.checked)} />
        <span>{et('eventform.allDay')}</span>
      </label>
      <div className="row gap-sm">
        {date('endDate', et('eventform.endDate'), { hint: et('eventform.endDateHint'), min: v.startDate || undefined })}
        {v.allDay ? null : time('endTime', et('eventform.endTime'))}
      </div>
      <SelectField
        label={et('eventform.repeat')}
        value={v.repeat}
        onChange={(x) => set('repeat', x as TEventValues['repeat'])}
        options={[
          { value: '', label: et('eventform.repeat.none') },
          { value: 'week', label: et('eventform.repeat.week') },
          { value: 'month', label: et('eventform.repeat.month') },
        ]}
      />
      {v.repeat === 'week' ? (
        <fieldset className="field" aria-describedby={errors.repeatDays ? daysErrorId : undefined}>
          <legend>{et('eventform.repeatDays')}</legend>
          <div className="row gap-sm">
            {WEEK.map((day) => (
              <label key={day} className="check">
                <input type="checkbox" checked={v.repeatDays.includes(day)} onChange={() => toggleDay(day)} />
                <span>{weekdayName(day, lang)}</span>
              </label>
            ))}
          </div>
          {errors.repeatDays ? (
            <p className="field-error" id={daysErrorId}>
              {spec(errors.repeatDays)}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      {v.repeat
        ? date('repeatUntil', et('eventform.repeatUntil'), { required: true, min: v.startDate || undefined })
        : null}
      <SelectField
        label={et('eventform.status')}
        value={v.eventStatus}
        onChange={(x) => set('eventStatus', x as TEventValues['eventStatus'])}
        options={EVENT_STATUSES.map((s) => ({ value: s, label: et(`eventform.status.${s}`) }))}
        error={errors.eventStatus}
      />
      {v.eventStatus === 'postponed'
        ? date('previousStartDate', et('eventform.previousStartDate'), { required: true })
        : null}
    </fieldset>
  );
}

/** The venue: an outlet of the directory, or a place of its own (name, street address, PIN code and pin). */
export function VenueFields({ v, set, errors, outlets }: TFieldsProps & { outlets: TOutlet[] }) {
  const t = useT(messages);
  const et = useT(formMessages);
  const [link, setLink] = useState('');
  const [linkNote, setLinkNote] = useState('');
  const text = (
    key: 'venue_name' | 'street_address' | 'pin_code' | 'latitude' | 'longitude',
    label: string,
    more = {},
  ) => <TextField label={label} value={v[key]} onChange={(x) => set(key, x)} error={errors[key]} {...more} />;
  return (
    <fieldset className="stack gap-sm">
      <legend className="strong">{et('eventform.venue')}</legend>
      {(['outlet', 'place'] as const).map((mode) => (
        <label key={mode} className="check">
          <input type="radio" name="venueMode" checked={v.venueMode === mode} onChange={() => set('venueMode', mode)} />
          <span>{et(mode === 'outlet' ? 'eventform.venueOutlet' : 'eventform.venueElsewhere')}</span>
        </label>
      ))}
      {v.venueMode === 'outlet' ? (
        <SelectField
          label={et('eventform.venueOutlet')}
          value={v.venue}
          onChange={(x) => set('venue', x)}
          options={[
            { value: '', label: t('editing.choose') },
            ...outlets.map((o) => ({ value: o.id, label: o.title })),
          ]}
          error={errors.venue}
          required
        />
      ) : (
        <>
          {text('venue_name', et('eventform.venueName'))}
          {text('street_address', t('editing.streetAddress'), { autoComplete: 'street-address' })}
          {text('pin_code', t('editing.pinCode'), { inputMode: 'numeric', autoComplete: 'postal-code', maxLength: 7 })}
          <TextField
            label={t('editing.mapsLink')}
            value={link}
            placeholder="https://maps.google.com/…@26.85,80.95…"
            onChange={(url) => {
              setLink(url);
              const pin = url.trim() ? pinFromMapLink(url) : null;
              if (pin) {
                set('latitude', String(pin.latitude));
                set('longitude', String(pin.longitude));
              }
              setLinkNote(!url.trim() ? '' : pin ? t('editing.pinFromLink') : t('editing.noPinInLink'));
            }}
          />
          {linkNote ? (
            <p className="muted small" role="status">
              {linkNote}
            </p>
          ) : null}
          <div className="row gap-sm">
            {text('latitude', t('editing.latitude'), { inputMode: 'decimal' })}
            {text('longitude', t('editing.longitude'), { inputMode: 'decimal' })}
          </div>
        </>
      )}
    </fieldset>
  );
}

/** The organiser's name, numbers and website, the entry fee (empty: free) and the registration link. */
export function OrganiserFields({ v, set, errors }: TFieldsProps) {
  const t = useT(messages);
  const et = useT(formMessages);
  const text = (
    key: 'organiser' | 'call_now' | 'whatsapp_no' | 'website_url' | 'entry' | 'registration_url',
    label: string,
    more = {},
  ) => <TextField label={label} value={v[key]} onChange={(x) => set(key, x)} error={errors[key]} {...more} />;
  return (
    <fieldset className="stack gap-sm">
      <legend className="strong">{et('eventform.organiser')}</legend>
      {text('organiser', et('eventform.organiserName'))}
      {text('call_now', et('eventform.call'), { type: 'tel', placeholder: '+91 9876543210' })}
      {text('whatsapp_no', et('eventform.whatsapp'), { type: 'tel', placeholder: '+91 9876543210' })}
      {text('website_url', t('editing.website'), { type: 'url' })}
      {text('entry', et('eventform.entry'), { hint: et('eventform.entryHint'), placeholder: '₹50' })}
      {text('registration_url', et('eventform.registration'), { type: 'url' })}
    </fieldset>
  );
}

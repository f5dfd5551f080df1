import type { TExpert, TOutlet } from '@chaupal/contract';
import { type THoursException, type TOpeningHours, type TTimeRange, WEEK } from '@chaupal/contract/open-now';
import { pinFromMapLink } from '@chaupal/contract/place';
import { lazy, Suspense, useMemo, useState } from 'react';
import { type Translate, useSpecText, useT } from '../../app/i18n';
import { messages } from '../../locales/en/editing.json?lingui';
import { Button, Field } from '../ui/ui';

/** The picker's map: the listing maps' Leaflet chunk, loaded on "Pick on map". */
const PlaceMap = lazy(() => import('../place/place-map'));

/** The place part of the expert and outlet forms (decision 015), as the dialog holds it. */
export interface TPlaceValues {
  street_address: string;
  pin_code: string;
  latitude: string;
  longitude: string;
  opening_hours: TOpeningHours | null;
}
export const EMPTY_PLACE: TPlaceValues = {
  street_address: '',
  pin_code: '',
  latitude: '',
  longitude: '',
  opening_hours: null,
};

/** A stored record's place as form values. */
export const placeValuesOf = (o: TExpert | TOutlet): TPlaceValues => ({
  street_address: o.street_address ?? '',
  pin_code: o.pin_code ?? '',
  latitude: o.latitude == null ? '' : String(o.latitude),
  longitude: o.longitude == null ? '' : String(o.longitude),
  opening_hours: o.opening_hours ?? null,
});

/** Hours with no range and no exception are no hours: the field is sent empty. */
const hoursOrNone = (h: TOpeningHours | null) =>
  h && (WEEK.some((d) => h.weekly[d]?.length) || h.exceptions?.length) ? h : null;

/** The place fields as the contract's form schema reads them. */
export const placeFormValues = (v: TPlaceValues) => ({
  street_address: v.street_address,
  pin_code: v.pin_code,
  latitude: v.latitude,
  longitude: v.longitude,
  opening_hours: hoursOrNone(v.opening_hours) ?? '',
});

/** The place fields of a multipart form: hours as JSON text, empty to clear. */
export function appendPlace(form: FormData, v: TPlaceValues) {
  const f = placeFormValues(v);
  for (const name of ['street_address', 'pin_code', 'latitude', 'longitude'] as const) form.append(name, f[name]);
  form.append('opening_hours', f.opening_hours ? JSON.stringify(f.opening_hours) : '');
}

/** The first error under `prefix` (the server and the contract name hours errors by their path). */
const errorUnder = (errors: Record<string, string>, prefix: string) =>
  Object.entries(errors).find(([k]) => k === prefix || k.startsWith(`${prefix}.`))?.[1];

const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
/** A new range: 9 AM to 6 PM, or an hour after the day's last range closes, for three hours. */
function nextRange(ranges: TTimeRange[]): TTimeRange {
  const last = ranges[ranges.length - 1];
  if (!last) return { open: '09:00', close: '18:00' };
  const [h, m] = last.close.split(':').map(Number);
  const open = Math.min(h * 60 + m + 60, 22 * 60);
  return { open: clock(open), close: clock(Math.min(open + 180, 23 * 60 + 59)) };
}

/** A range's time control's name: "Monday opens", or "Monday opens (2)" when the day has more than one range. */
const timeLabel = (t: Translate, id: 'editing.opens' | 'editing.closes', day: string, i: number, count: number) =>
  count > 1 ? t(`${id}Nth`, { day, n: i + 1 }) : t(id, { day });

function Ranges({
  label,
  ranges,
  onChange,
  unset,
}: {
  label: string;
  ranges: TTimeRange[];
  onChange(next: TTimeRange[]): void;
  /** No hours are given at all yet: a day without ranges is not set rather than closed. */
  unset?: boolean;
}) {
  const t = useT(messages);
  const put = (i: number, r: Partial<TTimeRange>) => onChange(ranges.map((x, j) => (j === i ? { ...x, ...r } : x)));
  return (
    <div className="row gap-xs place-ranges">
      {ranges.length ? null : <span className="muted small">{t(unset ? 'editing.notSet' : 'editing.closed')}</span>}
      {ranges.map((r, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: ranges have no identity but their place in the day
        <span key={i} className="row gap-xs">
          <input
            type="time"
            aria-label={timeLabel(t, 'editing.opens', label, i, ranges.length)}
            value={r.open}
            onChange={(e) => put(i, { open: e.target.value })}
          />
          <span aria-hidden="true">–</span>
          <input
            type="time"
            aria-label={timeLabel(t, 'editing.closes', label, i, ranges.length)}
            value={r.close}
            onChange={(e) => put(i, { close: e.target.value })}
          />
          <Button size="xs" variant="light" onClick={() => onChange(ranges.filter((_, j) => j !== i))}>
            {t('editing.remove')}
            <span className="visually-hidden">{t('editing.removeHoursOf', { day: label })}</span>
          </Button>
        </span>
      ))}
      {ranges.length < 4 ? (
        <Button size="xs" variant="light" onClick={() => onChange([...ranges, nextRange(ranges)])}>
          {t('editing.addHours')}
          <span className="visually-hidden">{t('editing.addHoursOn', { day: label })}</span>
        </Button>
      ) : null}
    </div>
  );
}

/**
 * Street address, PIN code, the pin (typed, pasted from a maps link or dropped on a map) and the weekly opening hours
 * with dated exceptions, with the errors of the contract or the server under each part.
 */
export function PlaceFields({
  value: v,
  onChange,
  errors,
  named,
}: {
  value: TPlaceValues;
  onChange(next: TPlaceValues): void;
  errors: Record<string, string>;
  /** Its fields carry their names and the hours go in a hidden field as JSON, for a form that also posts as HTML. */
  named?: boolean;
}) {
  const [link, setLink] = useState('');
  const [linkNote, setLinkNote] = useState('');
  const [picking, setPicking] = useState(false);
  const t = useT(messages);
  const spec = useSpecText();
  const set = (patch: Partial<TPlaceValues>) => onChange({ ...v, ...patch });
  const hours: TOpeningHours = v.opening_hours ?? { weekly: {}, exceptions: [] };
  // Until some hours are entered none are saved, so an empty day is "not set", not "closed" (which it becomes once
  // the listing has hours).
  const unset = hoursOrNone(v.opening_hours) === null;
  const setHours = (h: TOpeningHours) => set({ opening_hours: h });
  const exceptions = hours.exceptions ?? [];
  const setException = (i: number, e: Partial<THoursException>) =>
    setHours({ ...hours, exceptions: exceptions.map((x, j) => (j === i ? { ...x, ...e } : x)) });
  const lat = Number(v.latitude);
  const lng = Number(v.longitude);
  const pinned = v.latitude !== '' && v.longitude !== '' && Number.isFinite(lat) && Number.isFinite(lng);
  const pinTitle = t('editing.thePin');
  const points = useMemo(() => (pinned ? [{ lat, lng, title: pinTitle }] : []), [pinned, lat, lng, pinTitle]);

  const text = (key: 'street_address' | 'pin_code' | 'latitude' | 'longitude', label: string, extra = {}) => (
    <Field label={label} error={errors[key]}>
      {(id, describedBy) => (
        <input
          id={id}
          name={named ? key : undefined}
          value={v[key]}
          aria-invalid={Boolean(errors[key])}
          aria-describedby={describedBy}
          onChange={(e) => set({ [key]: e.target.value })}
          {...extra}
        />
      )}
    </Field>
  );

  return (
    <fieldset className="stack gap-sm place-fields">
      <legend className="strong">{t('editing.place')}</legend>
      {text('street_address', t('editing.streetAddress'), { autoComplete: 'street-address' })}
      {text('pin_code', t('editing.pinCode'), { inputMode: 'numeric', autoComplete: 'postal-code', maxLength: 7 })}
      <Field label={t('editing.mapsLink')}>
        {(id) => (
          <input
            id={id}
            value={link}
            placeholder="https://maps.google.com/…@26.85,80.95…"
            onChange={(e) => {
              const url = e.target.value;
              setLink(url);
              const pin = url.trim() ? pinFromMapLink(url) : null;
              if (pin) set({ latitude: String(pin.latitude), longitude: String(pin.longitude) });
              setLinkNote(!url.trim() ? '' : pin ? t('editing.pinFromLink') : t('editing.noPinInLink'));
            }}
          />
        )}
      </Field>
      {linkNote ? (
        <p className="muted small" role="status">
          {linkNote}
        </p>
      ) : null}
      <div className="row gap-sm">
        {text('latitude', t('editing.latitude'), { inputMode: 'decimal' })}
        {text('longitude', t('editing.longitude'), { inputMode: 'decimal' })}
      </div>
      <div className="row gap-xs">
        <Button size="xs" variant="light" aria-expanded={picking} onClick={() => setPicking((p) => !p)}>
          {picking ? t('editing.closeMap') : t('editing.pickOnMap')}
        </Button>
        {pinned ? (
          <Button size="xs" variant="light" onClick={() => set({ latitude: '', longitude: '' })}>
            {t('editing.clearPin')}
          </Button>
        ) : null}
      </div>
      {picking ? (
        <Suspense fallback={<p className="muted small">{t('editing.loadingMap')}</p>}>
          <p className="muted small">{t('editing.tapTheMap')}</p>
          <PlaceMap
            points={points}
            title={t('editing.pickPlace')}
            onPick={(la, ln) => set({ latitude: String(la), longitude: String(ln) })}
          />
        </Suspense>
      ) : null}

      <fieldset className="stack gap-xs">
        <legend className="strong">{t('editing.openingHours')}</legend>
        {named ? (
          <input type="hidden" name="opening_hours" value={unset ? '' : JSON.stringify(v.opening_hours)} />
        ) : null}
        {unset ? (
          <p className="small place-hours-empty">
            <strong>{t('editing.hoursNotGiven')}</strong> {t('editing.hoursPrompt')}
          </p>
        ) : null}
        <p className="muted small">{t('editing.hoursHelp')}</p>
        {WEEK.map((day) => (
          <div key={day} className="stack gap-xs">
            <div className="row gap-sm">
              <span className="hours-day">{t(`editing.day.${day}`)}</span>
              <Ranges
                label={t(`editing.day.${day}`)}
                ranges={hours.weekly[day] ?? []}
                unset={unset}
                onChange={(r) => setHours({ ...hours, weekly: { ...hours.weekly, [day]: r } })}
              />
            </div>
            {errorUnder(errors, `opening_hours.weekly.${day}`) ? (
              <p className="field-error">{spec(errorUnder(errors, `opening_hours.weekly.${day}`) ?? '')}</p>
            ) : null}
          </div>
        ))}
        <p className="strong">{t('editing.specialDays')}</p>
        {exceptions.map((e, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a new exception has no date yet
          <div key={i} className="stack gap-xs place-exception">
            <div className="row gap-sm">
              <Field label={t('editing.date')} error={errorUnder(errors, `opening_hours.exceptions.${i}.date`)}>
                {(id) => (
                  <input
                    id={id}
                    type="date"
                    value={e.date}
                    onChange={(x) => setException(i, { date: x.target.value })}
                  />
                )}
              </Field>
              <Field label={t('editing.note')}>
                {(id) => (
                  <input
                    id={id}
                    value={e.note ?? ''}
                    placeholder={t('editing.notePlaceholder')}
                    maxLength={100}
                    onChange={(x) => setException(i, { note: x.target.value || undefined })}
                  />
                )}
              </Field>
            </div>
            <Ranges
              label={e.date || t('editing.specialDay', { n: i + 1 })}
              ranges={e.ranges}
              onChange={(r) => setException(i, { ranges: r })}
            />
            {errorUnder(errors, `opening_hours.exceptions.${i}.ranges`) ? (
              <p className="field-error">{spec(errorUnder(errors, `opening_hours.exceptions.${i}.ranges`) ?? '')}</p>
            ) : null}
            <div>
              <Button
                size="xs"
                variant="light"
                onClick={() => setHours({ ...hours, exceptions: exceptions.filter((_, j) => j !== i) })}
              >
                {t('editing.removeDay')}
              </Button>
            </div>
          </div>
        ))}
        <div>
          <Button
            size="xs"
            variant="light"
            onClick={() => setHours({ ...hours, exceptions: [...exceptions, { date: '', ranges: [] }] })}
          >
            {t('editing.addSpecialDay')}
          </Button>
        </div>
        {errors.opening_hours ? <p className="field-error">{spec(errors.opening_hours)}</p> : null}
      </fieldset>
    </fieldset>
  );
}

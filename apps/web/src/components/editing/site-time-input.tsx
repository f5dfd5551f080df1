import { type Translate, useLang, useT } from '../../app/i18n';
import { useServices } from '../../app/services';
import { messages } from '../../locales/en/editing.json?lingui';
import { formatPickerTime, wallClockAt } from './site-time';

/** India's zone under either of its names. */
const INDIA = new Set(['Asia/Kolkata', 'Asia/Calcutta']);

/** `+05:30` for an offset of 330 minutes. */
const offsetText = (minutes: number) => {
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '−' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
};

/** The site's zone as a reader knows it: "India time (IST)", or its name and offset elsewhere. */
export function zoneName(timeZone: string, t: Translate, at = Date.now()): string {
  if (INDIA.has(timeZone)) return t('editing.zone.india');
  const offset = Math.round((Date.parse(`${wallClockAt(at, timeZone)}Z`) - Math.floor(at / 1000) * 1000) / 60_000);
  return t('editing.zone.other', { zone: timeZone, offset: offsetText(offset) });
}

/**
 * The publishing date and time (decision 006: a native `datetime-local` with seconds) on the site's clock: the value
 * is SITE_TZ's wall clock, whatever zone the browser is in, and beside it the choice in SPEC §9's picker format
 * (`26/11/2026 10:30:00 am`) and the zone it is in, so a contributor abroad sees which clock they are setting.
 */
export function SiteTimeInput({
  id,
  value,
  onChange,
  invalid,
  describedBy,
}: {
  id: string;
  value: string;
  onChange(local: string): void;
  invalid?: boolean;
  describedBy?: string;
}) {
  const t = useT(messages);
  const lang = useLang();
  const { siteTz } = useServices();
  const shown = formatPickerTime(value, lang);
  const zone = zoneName(siteTz, t);
  const noteId = `${id}-zone`;
  return (
    <div className="site-time">
      <input
        id={id}
        type="datetime-local"
        step={1}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={invalid}
        aria-describedby={[noteId, describedBy].filter(Boolean).join(' ')}
      />
      <p id={noteId} className="muted small site-time-note">
        {shown ? (
          <>
            <span className="site-time-value">{shown}</span> · {zone}
          </>
        ) : (
          zone
        )}
      </p>
    </div>
  );
}

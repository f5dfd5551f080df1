import type { TSuggestion, TSuggestionField } from '@chaupal/contract';
import { type TOpeningHours, WEEK } from '@chaupal/contract/open-now';
import { useState } from 'react';
import { type Translate, useT } from '../../app/i18n';
import { messages } from '../../locales/en/dashboard.json?lingui';
import { messages as placeMessages } from '../../locales/en/place.json?lingui';
import { dayHoursText } from '../open-badge';
import { Button } from '../ui/ui';

export type TDecisions = Partial<Record<TSuggestionField, 'accept' | 'reject'>>;

const isHours = (v: unknown): v is TOpeningHours => typeof v === 'object' && v !== null && 'weekly' in v;
const isPin = (v: unknown): v is { latitude: number; longitude: number } =>
  typeof v === 'object' && v !== null && 'latitude' in v && 'longitude' in v;

/** Opening hours as lines: each day of the week, then the special days. */
function HoursValue({ hours }: { hours: TOpeningHours }) {
  const t = useT(placeMessages);
  return (
    <ul className="suggestion-hours">
      {WEEK.map((day) => (
        <li key={day}>
          <span className="muted">{t(`place.day.${day}`)}</span> {dayHoursText(hours.weekly[day], t)}
        </li>
      ))}
      {(hours.exceptions ?? []).map((e) => (
        <li key={e.date}>
          <span className="muted">{e.date}</span> {dayHoursText(e.ranges, t)}
          {e.note ? ` · ${e.note}` : ''}
        </li>
      ))}
    </ul>
  );
}

/** One side of a change as the person deciding reads it: text, the week's hours, a pin with its map, open or closed. */
function Value({ field, value, t }: { field: TSuggestionField; value: unknown; t: Translate }) {
  if (field === 'closed') return <>{value ? t('dashboard.suggestion.closed') : t('dashboard.suggestion.open')}</>;
  if (value === null || value === undefined || value === '') {
    return <span className="muted">{t('dashboard.suggestion.none')}</span>;
  }
  if (field === 'opening_hours' && isHours(value)) return <HoursValue hours={value} />;
  if (field === 'pin' && isPin(value)) {
    const { latitude: lat, longitude: lng } = value;
    return (
      <>
        {lat}, {lng}{' '}
        <a
          href={`https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=18/${lat}/${lng}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t('dashboard.suggestion.onMap')}
        </a>
      </>
    );
  }
  return <>{typeof value === 'string' ? value : JSON.stringify(value)}</>;
}

/**
 * A visitor's suggested edit as its owner (or an admin) decides it: who suggested it and their message, then each
 * change with the value now and the value proposed, accepted or rejected on its own, or all at once.
 */
export function SuggestionDecisions({
  suggestion: s,
  date,
  onDecide,
}: {
  suggestion: TSuggestion;
  /** When it was sent, as the screen writes dates. */
  date: string;
  /** Sends the decisions; the suggestion comes back from the caller with them. */
  onDecide(decisions: TDecisions): Promise<unknown>;
}) {
  const t = useT(messages);
  const [busy, setBusy] = useState(false);
  const suggester = s.name || t('dashboard.suggestion.aVisitor');
  const open = s.changes.filter((c) => c.decision === 'open');
  const label = (field: TSuggestionField) => t(`dashboard.suggestion.field.${field}`);
  async function decide(decisions: TDecisions) {
    setBusy(true);
    try {
      await onDecide(decisions);
    } finally {
      setBusy(false);
    }
  }
  const all = (d: 'accept' | 'reject') => Object.fromEntries(open.map((c) => [c.field, d])) as TDecisions;
  return (
    <article className="stack gap-sm suggestion" aria-label={t('dashboard.suggestion.from', { name: suggester })}>
      <p className="small">
        <span className="strong">{suggester}</span>
        <span className="muted"> · {date}</span>
      </p>
      {s.message ? <blockquote className="suggestion-message">{s.message}</blockquote> : null}
      <ul className="stack gap-sm suggestion-changes">
        {s.changes.map((c) => (
          <li key={c.field} className="stack gap-xs suggestion-change">
            <p className="strong">{label(c.field)}</p>
            <dl className="suggestion-values">
              <div>
                <dt className="small muted">{t('dashboard.suggestion.now')}</dt>
                <dd>
                  <Value field={c.field} value={c.current} t={t} />
                </dd>
              </div>
              <div>
                <dt className="small muted">{t('dashboard.suggestion.proposed')}</dt>
                <dd>
                  <Value field={c.field} value={c.proposed} t={t} />
                </dd>
              </div>
            </dl>
            {c.decision === 'open' ? (
              <div className="row gap-xs">
                <Button
                  size="xs"
                  variant="green"
                  disabled={busy}
                  aria-label={t('dashboard.suggestion.acceptField', { field: label(c.field) })}
                  onClick={() => decide({ [c.field]: 'accept' })}
                >
                  {t('dashboard.suggestion.accept')}
                </Button>
                <Button
                  size="xs"
                  variant="outline"
                  disabled={busy}
                  aria-label={t('dashboard.suggestion.rejectField', { field: label(c.field) })}
                  onClick={() => decide({ [c.field]: 'reject' })}
                >
                  {t('dashboard.suggestion.reject')}
                </Button>
              </div>
            ) : (
              <span className={`status status-${c.decision === 'accepted' ? 'ok' : 'off'}`}>
                {t(`dashboard.suggestion.${c.decision}`)}
              </span>
            )}
          </li>
        ))}
      </ul>
      {open.length > 1 ? (
        <div className="row gap-xs">
          <Button size="xs" disabled={busy} onClick={() => decide(all('accept'))}>
            {t('dashboard.suggestion.acceptAll')}
          </Button>
          <Button size="xs" variant="outline" disabled={busy} onClick={() => decide(all('reject'))}>
            {t('dashboard.suggestion.rejectAll')}
          </Button>
        </div>
      ) : null}
    </article>
  );
}

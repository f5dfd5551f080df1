import type { TExpert, TOutlet } from '@chaupal/contract';
import { WEEK } from '@chaupal/contract/open-now';
import { useId, useMemo } from 'react';
import { type Translate, useT } from '../../app/i18n';
import { useServices } from '../../app/services';
import { messages } from '../../locales/en/place.json?lingui';
import { dayHoursText, localTimeAt, OpenBadge, useNow } from '../open-badge';
import { MapToggle } from './map-toggle';

/** `Street, Locality, PIN` where the listing gave a street address or PIN code, leaving out what is not given. */
export const addressOf = (item: TExpert | TOutlet) =>
  item.street_address || item.pin_code
    ? [item.street_address, item.blocks[0]?.name, item.pin_code].filter(Boolean).join(', ')
    : '';

/** A weekday's name, Monday's index (0) to Sunday's (6). */
const dayName = (index: number, t: Translate) => t(`place.day.${WEEK[index]}`);

/** Monday's index (0) to Sunday's (6) of a `YYYY-MM-DD` date. */
const weekdayIndex = (date: string) => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;

/**
 * A listing's address, open-now badge, weekly hours (today in bold), coming exceptions and its map (decision 015), on
 * its public page; nothing where the listing gave none of them.
 */
export function ListingPlace({ item }: { item: TExpert | TOutlet }) {
  const t = useT(messages);
  const id = useId();
  const { siteTz } = useServices();
  const now = useNow();
  const address = addressOf(item);
  const hours = item.opening_hours;
  const pinned = item.latitude !== null && item.longitude !== null;
  const points = useMemo(
    () => (pinned ? [{ lat: item.latitude as number, lng: item.longitude as number, title: item.title }] : []),
    [pinned, item.latitude, item.longitude, item.title],
  );
  if (!address && !hours && !pinned) return null;
  const today = localTimeAt(now, siteTz).date;
  const coming = (hours?.exceptions ?? []).filter((e) => e.date >= today).slice(0, 5);
  return (
    <section className="stack gap-xs listing-place" aria-labelledby={id}>
      <h2 id={id} className="h4">
        {t('place.heading')}
      </h2>
      {address ? <address>{address}</address> : null}
      <OpenBadge hours={hours} />
      {hours ? (
        <table className="hours-table">
          <caption className="visually-hidden">{t('place.hoursCaption')}</caption>
          <tbody>
            {WEEK.map((day, i) => (
              <tr key={day} className={i === weekdayIndex(today) ? 'is-today' : undefined}>
                <th scope="row">{dayName(i, t)}</th>
                <td>{dayHoursText(hours.weekly[day], t)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {coming.length ? (
        <ul className="muted small">
          {coming.map((e) => (
            <li key={e.date}>
              {e.date} ({dayName(weekdayIndex(e.date), t)}): {dayHoursText(e.ranges, t)}
              {e.note ? ` · ${e.note}` : ''}
            </li>
          ))}
        </ul>
      ) : null}
      {pinned ? (
        <MapToggle label={t('place.showMap')} title={t('place.mapOf', { title: item.title })} points={points} />
      ) : null}
    </section>
  );
}

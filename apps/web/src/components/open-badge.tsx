import {
  clockMinutes,
  openStatus,
  type TChange,
  type TOpeningHours,
  type TOpenStatus,
  type TTimeRange,
} from '@chaupal/contract/open-now';
import { useEffect, useState } from 'react';
import { type Translate, useT } from '../app/i18n';
import { useServices } from '../app/services';
import { messages } from '../locales/en/place.json?lingui';
import { formatDateTime } from './dates';

const DAY = 1440;

/**
 * A time of day as the page's language says it: `9 AM`, `6:30 PM` (open-now's clockLabel), `सुबह 9 बजे`,
 * `शाम 6:30 बजे`. Hindi names the part of the day where English says AM or PM, so the catalogue has one text for each.
 */
export function clockText(minutes: number, t: Translate): string {
  const m = ((minutes % DAY) + DAY) % DAY;
  const h = Math.floor(m / 60);
  const time = `${h % 12 || 12}${m % 60 ? `:${String(m % 60).padStart(2, '0')}` : ''}`;
  const part = h < 4 ? 'lateNight' : h < 12 ? 'morning' : h < 16 ? 'afternoon' : h < 20 ? 'evening' : 'night';
  return t(`place.clock.${part}`, { time });
}

/**
 * A day's hours in an hours table: `9 AM – 1 PM, 5 PM – 8 PM`, `Closed` without ranges, and `Open 24 hours` for a day
 * open from midnight to midnight (which reads `12 AM – 12 AM` as two times).
 */
export function dayHoursText(ranges: TTimeRange[] | undefined, t: Translate): string {
  if (!ranges?.length) return t('place.closedDay');
  if (ranges.some((r) => clockMinutes(r.open) === 0 && clockMinutes(r.close) === DAY)) return t('place.open24');
  return ranges.map((r) => `${clockText(clockMinutes(r.open), t)} – ${clockText(clockMinutes(r.close), t)}`).join(', ');
}

/** When the state next changes: `Opens at 9 AM`, `Opens tomorrow 9 AM`, `Closes Monday 9 AM`. */
function changeText(verb: 'opens' | 'closes', change: TChange, t: Translate): string {
  const time = clockText(change.minutes, t);
  if (change.dayOffset === 0) return t(`place.${verb}At`, { time });
  if (change.dayOffset === 1) return t(`place.${verb}Tomorrow`, { time });
  return t(`place.${verb}On`, { day: t(`place.day.${change.weekday}`), time });
}

/**
 * The badge's two parts (open-now's openStatusLabel in the page's language): `Open now` with `Closes at 6 PM` (or
 * `Open 24 hours`), `Closed` with `Opens tomorrow 9 AM`. Closing within the day ahead is said as a time.
 */
export function statusText(status: TOpenStatus, t: Translate): { state: string; detail: string } {
  if (!status.open) {
    return { state: t('place.closedNow'), detail: status.opens ? changeText('opens', status.opens, t) : '' };
  }
  if (status.allDay) return { state: t('place.openNow'), detail: t('place.open24') };
  const { closes } = status;
  return {
    state: t('place.openNow'),
    detail:
      closes.inMinutes < DAY
        ? t('place.closesAt', { time: clockText(closes.minutes, t) })
        : changeText('closes', closes, t),
  };
}

/**
 * The wall clock of `timeZone` at `ms` as open-now reads it: the local date and minutes since midnight, read from
 * the SPEC §9 format (`YYYY-MM-DD dddd h:mm A`) that dates.ts computes alike on server and browser (its zone table).
 */
export function localTimeAt(ms: number, timeZone: string): { date: string; minutes: number } {
  const [date, , clock, period] = formatDateTime(new Date(ms).toISOString(), timeZone).split(' ');
  const [h, m] = clock.split(':').map(Number);
  return { date, minutes: ((h % 12) + (period === 'PM' ? 12 : 0)) * 60 + m };
}

/**
 * The clock open-now badges read: the instant the server rendered the page while it hydrates, so the
 * browser's first render is the server's HTML, then the browser's own clock, once a minute.
 */
export function useNow(): number {
  const { renderedAt } = useServices();
  const [now, setNow] = useState(() => renderedAt ?? Date.now());
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** "Open now · Closes at 6 PM", "Closed · Opens tomorrow 9 AM" in the site's zone; nothing without hours. */
export function OpenBadge({ hours }: { hours: TOpeningHours | null | undefined }) {
  const t = useT(messages);
  const { siteTz } = useServices();
  const now = useNow();
  const status = hours ? openStatus(hours, localTimeAt(now, siteTz)) : null;
  if (!status) return null;
  const { state, detail } = statusText(status, t);
  return (
    <p className={`open-badge ${status.open ? 'is-open' : 'is-closed'}`}>
      <strong>{state}</strong>
      {detail ? ` · ${detail}` : ''}
    </p>
  );
}

/** A directory card's place line: its open-now badge and, on a "Near me" list, how far it is. */
export function CardPlace({ item }: { item: { opening_hours: TOpeningHours | null; distance_km?: number } }) {
  const t = useT(messages);
  const far = item.distance_km;
  if (!item.opening_hours && far === undefined) return null;
  return (
    <div className="card-place">
      <OpenBadge hours={item.opening_hours} />
      {far === undefined ? null : (
        <p className="muted small">
          {far < 1 ? t('place.metresAway', { m: Math.round(far * 1000) }) : t('place.kmAway', { km: far.toFixed(1) })}
        </p>
      )}
    </div>
  );
}

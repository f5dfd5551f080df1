import { openStatus, openStatusLabel, type TOpeningHours } from '@chaupal/contract/open-now';
import { useEffect, useState } from 'react';
import { useServices } from '../app/services';
import { formatDateTime } from './dates';

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
 * The clock open-now badges read (issue 15): the instant the server rendered the page while it hydrates, so the
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
  const { siteTz } = useServices();
  const now = useNow();
  const status = hours ? openStatus(hours, localTimeAt(now, siteTz)) : null;
  if (!status) return null;
  const { state, detail } = openStatusLabel(status);
  return (
    <p className={`open-badge ${status.open ? 'is-open' : 'is-closed'}`}>
      <strong>{state}</strong>
      {detail ? ` · ${detail}` : ''}
    </p>
  );
}

/** A directory card's place line: its open-now badge and, on a "Near me" list, how far it is. */
export function CardPlace({ item }: { item: { opening_hours: TOpeningHours | null; distance_km?: number } }) {
  const far = item.distance_km;
  if (!item.opening_hours && far === undefined) return null;
  return (
    <div className="card-place">
      <OpenBadge hours={item.opening_hours} />
      {far === undefined ? null : (
        <p className="muted small">{far < 1 ? `${Math.round(far * 1000)} m away` : `${far.toFixed(1)} km away`}</p>
      )}
    </div>
  );
}

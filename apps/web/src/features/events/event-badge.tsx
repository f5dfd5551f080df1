import { eventBadge, type TEventBadge, type TEventSchedule, zoneLocalTime } from '@chaupal/contract/event-times';
import type { TEventStatus } from '@chaupal/contract/events';
import { type Translate, type TUiLang, useLang, useT } from '../../app/i18n';
import { useServices } from '../../app/services';
import { clockText, useNow } from '../../components/open-badge';
import { messages } from '../../locales/en/events.json?lingui';
import { messages as placeMessages } from '../../locales/en/place.json?lingui';
import { type Clock, dayText, minutesOf } from './event-dates';

/** The badge's parts: its state in bold, what follows it, and its look (open-badge's classes and one of its own). */
export interface TBadgeParts {
  state: string;
  detail: string;
  tone: '' | 'is-open' | 'is-closed is-ended' | 'is-closed is-cancelled' | 'is-closed is-postponed';
}

interface TBadgeWords {
  /** The events texts (`locales/en/events.json`) in the page's language. */
  t: Translate;
  clock: Clock;
  lang: TUiLang;
  /** The current year on the site's clock: a date in it is written without its year. */
  thisYear: string;
}

/**
 * What the badge says: `On now`, `Today · 5 PM`, `Tomorrow · 10 AM`, `Sat 29 Nov · 5 PM` (a date alone all day),
 * `Ended`; a cancelled event `Cancelled` whatever its dates, and a postponed one that has yet to happen
 * `Postponed · Sat 29 Nov · 5 PM, was Sat 22 Nov` (its schedule holds the new date).
 */
export function badgeParts(
  badge: TEventBadge,
  status: { eventStatus: TEventStatus; previousStartDate?: string | null },
  w: TBadgeWords,
): TBadgeParts {
  const { t } = w;
  if (status.eventStatus === 'cancelled')
    return { state: t('events.badge.cancelled'), detail: '', tone: 'is-closed is-cancelled' };
  const timing = timingParts(badge, w);
  if (status.eventStatus !== 'postponed' || badge.state === 'now' || badge.state === 'ended') return timing;
  const when = [timing.state, timing.detail].filter(Boolean).join(' · ');
  const was = status.previousStartDate
    ? `, ${t('events.badge.was', { date: dayText(status.previousStartDate, w.lang, w.thisYear) })}`
    : '';
  return { state: t('events.badge.postponed'), detail: `${when}${was}`, tone: 'is-closed is-postponed' };
}

function timingParts(badge: TEventBadge, { t, clock, lang, thisYear }: TBadgeWords): TBadgeParts {
  const time = 'time' in badge && badge.time !== null ? clock(minutesOf(badge.time)) : '';
  switch (badge.state) {
    case 'now':
      return { state: t('events.badge.now'), detail: '', tone: 'is-open' };
    case 'today':
      return { state: t('events.badge.today'), detail: time, tone: '' };
    case 'tomorrow':
      return { state: t('events.badge.tomorrow'), detail: time, tone: '' };
    case 'upcoming':
      return { state: dayText(badge.date, lang, thisYear), detail: time, tone: '' };
    case 'ended':
      return { state: t('events.badge.ended'), detail: '', tone: 'is-closed is-ended' };
  }
}

/**
 * An event's badge in the site's zone, on the clock open-now badges read (the render's instant while the page
 * hydrates, then the browser's, once a minute), so a card turns from `Today · 5 PM` to `On now` on its own.
 */
export function EventBadge({
  schedule,
  eventStatus,
  previousStartDate,
}: {
  schedule: TEventSchedule;
  eventStatus: TEventStatus;
  previousStartDate?: string | null;
}) {
  const t = useT(messages);
  const placeT = useT(placeMessages);
  const lang = useLang();
  const { siteTz } = useServices();
  const now = new Date(useNow());
  const words = {
    t,
    lang,
    clock: (minutes: number) => clockText(minutes, placeT),
    thisYear: zoneLocalTime(now, siteTz).date.slice(0, 4),
  };
  const { state, detail, tone } = badgeParts(
    eventBadge(schedule, siteTz, now),
    { eventStatus, previousStartDate },
    words,
  );
  return (
    <p className={`open-badge event-badge${tone ? ` ${tone}` : ''}`}>
      <strong>{state}</strong>
      {detail ? ` · ${detail}` : ''}
    </p>
  );
}

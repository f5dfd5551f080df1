import type { TEvent } from '@chaupal/contract/events';
import { type ReactNode, useId } from 'react';
import { useLang, useT } from '../../app/i18n';
import { useServices } from '../../app/services';
import { directionsHref, telHref, whatsappHref } from '../../components/contact-links';
import { clockText } from '../../components/open-badge';
import { MapToggle } from '../../components/place/map-toggle';
import { Link } from '../../components/ui/link';
import { Badge, ButtonLink } from '../../components/ui/ui';
import { messages } from '../../locales/en/detail.json?lingui';
import { messages as eventMessages } from '../../locales/en/events.json?lingui';
import { messages as placeMessages } from '../../locales/en/place.json?lingui';
import { googleCalendarHref, icsHref } from './calendar-links';
import { dayText, firstOccurrence, localOccurrence, occurrenceText, repeatText } from './event-dates';
import { outletPath } from './event-paths';

/** A part of the page under its heading: When, Where, Entry, Organised by. */
function Part({ heading, children }: { heading: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="stack gap-xs event-part" aria-labelledby={id}>
      <h2 id={id} className="h4">
        {heading}
      </h2>
      {children}
    </section>
  );
}

/** Times of day in the page's language (`5 PM`, `शाम 5 बजे`), as the open-now badge writes them. */
function useClock() {
  const placeT = useT(placeMessages);
  return (minutes: number) => clockText(minutes, placeT);
}

/** Cancelled, postponed (now on …, was planned for …) or ended, said plainly above the rest. */
export function EventNotice({ item }: { item: TEvent }) {
  const t = useT(eventMessages);
  const lang = useLang();
  const { siteTz } = useServices();
  if (item.eventStatus === 'cancelled') return <p className="notice notice-error">{t('events.detail.cancelled')}</p>;
  if (item.eventStatus === 'postponed' && item.previousStartDate && item.next) {
    const now = dayText(localOccurrence(item.next, siteTz).startDate, lang);
    const was = dayText(item.previousStartDate, lang);
    return <p className="notice notice-error">{t('events.detail.postponed', { now, was })}</p>;
  }
  return item.next ? null : <p className="notice">{t('events.detail.ended')}</p>;
}

/** The first occurrence, the repeat in words and, for a repeat, the next occurrence. */
export function WhenPart({ item }: { item: TEvent }) {
  const t = useT(eventMessages);
  const lang = useLang();
  const clock = useClock();
  const { siteTz } = useServices();
  const repeat = repeatText(item.schedule, lang, t);
  const first = occurrenceText(firstOccurrence(item.schedule), lang, clock, t);
  const next = repeat && item.next ? occurrenceText(localOccurrence(item.next, siteTz), lang, clock, t) : null;
  return (
    <Part heading={t('events.detail.when')}>
      <p className="strong">{first}</p>
      {repeat ? <p>{repeat}</p> : null}
      {/* Until the first has passed, the next occurrence is the first: said once. */}
      {next && next !== first ? <p>{t('events.detail.next', { date: next })}</p> : null}
    </Part>
  );
}

/** The venue (its outlet's page when it is one), the address, the circles, directions and the map. */
export function WherePart({ item }: { item: TEvent }) {
  const t = useT(eventMessages);
  const placeT = useT(placeMessages);
  const name = item.venue_name || item.venue?.title;
  const address = [item.street_address, item.blocks[0]?.name, item.pin_code].filter(Boolean).join(', ');
  const pin = item.latitude !== null && item.longitude !== null ? { lat: item.latitude, lng: item.longitude } : null;
  return (
    <Part heading={t('events.detail.where')}>
      {item.venue ? (
        <p className="strong">
          <Link to={outletPath(item.venue.slug)}>{name}</Link>
        </p>
      ) : name ? (
        <p className="strong">{name}</p>
      ) : null}
      {address ? <address>{address}</address> : null}
      <div className="row gap-xs">
        {item.circles.map((c) => (
          <Badge key={c.id}>{c.name}</Badge>
        ))}
      </div>
      {pin ? (
        <div className="row gap-xs">
          <ButtonLink
            href={directionsHref(null, `${pin.lat},${pin.lng}`)}
            target="_blank"
            rel="noopener noreferrer"
            size="xs"
            variant="light"
          >
            {t('events.detail.directions')}
          </ButtonLink>
          <MapToggle
            label={placeT('place.showMap')}
            title={placeT('place.mapOf', { title: name || item.title })}
            points={[{ ...pin, title: name || item.title }]}
          />
        </div>
      ) : null}
    </Part>
  );
}

/** Free, or what entry costs in the organiser's words. */
export function EntryPart({ item }: { item: TEvent }) {
  const t = useT(eventMessages);
  return (
    <Part heading={t('events.detail.entry')}>
      <p>{item.entry || t('events.detail.free')}</p>
    </Part>
  );
}

/** The organiser and their Call, WhatsApp and Website buttons; nothing when none is given. */
export function OrganiserPart({ item }: { item: TEvent }) {
  const t = useT(eventMessages);
  const detailT = useT(messages);
  const wa = whatsappHref(item.whatsapp_no);
  if (!item.organiser && !item.call_now && !wa && !item.website_url) return null;
  return (
    <Part heading={t('events.detail.organiser')}>
      {item.organiser ? <p>{item.organiser}</p> : null}
      <div className="row gap-sm">
        {item.call_now ? <ButtonLink href={telHref(item.call_now)}>{detailT('detail.callUs')}</ButtonLink> : null}
        {wa ? (
          <ButtonLink href={wa} target="_blank" rel="noopener noreferrer" variant="green">
            WhatsApp
          </ButtonLink>
        ) : null}
        {item.website_url ? (
          <ButtonLink href={item.website_url} target="_blank" rel="noopener noreferrer nofollow" variant="light">
            {detailT('detail.visitWeb')}
          </ButtonLink>
        ) : null}
      </div>
    </Part>
  );
}

/** Register, and for an event still to come and not cancelled: its .ics download and Google Calendar. */
export function EventActions({ item }: { item: TEvent }) {
  const t = useT(eventMessages);
  const { publicUrl, siteTz } = useServices();
  const addable = item.eventStatus !== 'cancelled' && item.next !== null;
  if (!item.registration_url && !addable) return null;
  return (
    <div className="row gap-sm event-actions">
      {item.registration_url ? (
        <ButtonLink href={item.registration_url} target="_blank" rel="noopener noreferrer nofollow">
          {t('events.detail.register')}
        </ButtonLink>
      ) : null}
      {addable ? (
        <>
          <ButtonLink href={icsHref(item.slug)} download={`${item.slug}.ics`} variant="light">
            {t('events.detail.addToCalendar')}
          </ButtonLink>
          <ButtonLink
            href={googleCalendarHref(item, publicUrl, siteTz)}
            target="_blank"
            rel="noopener noreferrer"
            variant="light"
          >
            {t('events.detail.googleCalendar')}
          </ButtonLink>
        </>
      ) : null}
    </div>
  );
}

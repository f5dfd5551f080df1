import type { TTaxon } from '@chaupal/contract';
import { type FormEvent, useId } from 'react';
import { useT } from '../../app/i18n';
import { FeedLink } from '../../components/feed-link';
import { Link } from '../../components/ui/link';
import { Field } from '../../components/ui/ui';
import { messages } from '../../locales/en/events.json?lingui';
import { feedHrefs } from './event-paths';
import { eventsHref, type TEventsUrl, WINDOWS } from './events-route';

/** A chip of a row of links, the current one marked (the search page's facets' look). */
function Chip({ to, current, children }: { to: string; current: boolean; children: string }) {
  return (
    <li>
      <Link to={to} className="facet" aria-current={current ? 'page' : undefined} preventScrollReset>
        {children}
      </Link>
    </li>
  );
}

/** Upcoming · Today · This weekend · This week · Past events: links that keep the place and words, not the range. */
export function WindowChips({ u }: { u: TEventsUrl }) {
  const t = useT(messages);
  const ranged = Boolean(u.from && u.to);
  return (
    <nav aria-label={t('events.when')} className="facets event-windows">
      <ul>
        {WINDOWS.map((when) => (
          <Chip
            key={when}
            to={eventsHref({ ...u, when, from: undefined, to: undefined, page: 1 })}
            current={!ranged && u.when === when}
          >
            {t(`events.when.${when}`)}
          </Chip>
        ))}
      </ul>
    </nav>
  );
}

/** The event types as chips, All types first; each keeps the window, place and words. */
export function TypeChips({ u, types }: { u: TEventsUrl; types: TTaxon[] }) {
  const t = useT(messages);
  if (!types.length) return null;
  return (
    <nav aria-label={t('events.types')} className="facets event-types">
      <ul>
        <Chip to={eventsHref({ ...u, type: undefined, page: 1 })} current={!u.type}>
          {t('events.allTypes')}
        </Chip>
        {types.map((type) => (
          <Chip key={type.id} to={eventsHref({ ...u, type: type.slug, page: 1 })} current={u.type === type.slug}>
            {type.title}
          </Chip>
        ))}
      </ul>
    </nav>
  );
}

/**
 * From and To and Show: a plain GET form to the list's address, so it works before the app runs and without it; the
 * place and words go along. With the app, it navigates in the app.
 */
export function DateRangeForm({ u, onShow }: { u: TEventsUrl; onShow(from: string, to: string): void }) {
  const t = useT(messages);
  const headingId = useId();
  const action = eventsHref({ type: u.type });
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    onShow(String(form.get('from') ?? ''), String(form.get('to') ?? ''));
  }
  return (
    <form
      // A new range in the address starts the fields afresh.
      key={`${u.from}-${u.to}`}
      className="filters row gap-md event-range"
      method="get"
      action={action}
      aria-labelledby={headingId}
      onSubmit={submit}
    >
      <span id={headingId} className="visually-hidden">
        {t('events.range')}
      </span>
      {(['circleName', 'blockName', 'q'] as const).map((name) =>
        u[name] ? <input key={name} type="hidden" name={name} value={u[name]} /> : null,
      )}
      <Field label={t('events.from')} className="filter">
        {(id) => <input id={id} type="date" name="from" defaultValue={u.from} required />}
      </Field>
      <Field label={t('events.to')} className="filter">
        {(id) => <input id={id} type="date" name="to" defaultValue={u.to} min={u.from} required />}
      </Field>
      <button type="submit" className="btn btn-md btn-outline event-range-show">
        {t('events.show')}
      </button>
    </form>
  );
}

/** The list's RSS and iCal feeds, narrowed to its event type and circle (by slug) when it is. */
export function EventFeeds({ title, eventType, circle }: { title: string; eventType?: string; circle?: string }) {
  const t = useT(messages);
  const { rss, ical } = feedHrefs({ eventType, circle });
  return (
    <p className="row gap-sm">
      <FeedLink href={rss} title={title} />
      <link rel="alternate" type="text/calendar" title={title} href={ical} />
      <a className="feed-link small" href={ical} type="text/calendar">
        {t('events.ical')}
        <span className="visually-hidden">: {title}</span>
      </a>
    </p>
  );
}

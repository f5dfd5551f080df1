import type { TEventCard } from '@chaupal/contract/events';
import { langTag } from '@chaupal/contract/languages';
import { useT } from '../../app/i18n';
import { ItemCard, textOf } from '../../components/cards';
import type { TImageLoad } from '../../components/image';
import { ButtonLink } from '../../components/ui/ui';
import { messages } from '../../locales/en/events.json?lingui';
import { EventBadge } from './event-badge';
import { eventPath } from './event-paths';

/** An event as a card: its badge (`Today · 5 PM`, `Cancelled`), where it is and what entry costs, and Details. */
export function EventCard({ item, level, load }: { item: TEventCard; level?: 2 | 3; load?: TImageLoad }) {
  const t = useT(messages);
  const to = eventPath(item.slug);
  const where = item.venue_name || item.street_address;
  return (
    <ItemCard
      to={to}
      level={level}
      load={load}
      title={item.title}
      image={item.image}
      description={textOf(item.description)}
      lang={langTag(item.language)}
      meta={
        <div className="card-place event-card-meta">
          <EventBadge
            schedule={item.schedule}
            eventStatus={item.eventStatus}
            previousStartDate={item.previousStartDate}
          />
          <p className="muted small">
            {where ? `${where} · ` : ''}
            {item.entry || t('events.card.free')}
          </p>
        </div>
      }
      actions={
        <ButtonLink to={to} size="xs" variant="light">
          {t('events.card.details')}
          <span className="visually-hidden">: {item.title}</span>
        </ButtonLink>
      }
    />
  );
}

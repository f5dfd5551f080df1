import { CONTENT_KINDS } from '@chaupal/contract/content-kinds';
import { LIMITS } from '@chaupal/contract/limits';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useSpecText, useT } from '../../app/i18n';
import type { LoaderTools } from '../../app/loader-tools';
import { CardGrid } from '../../components/grid';
import { ButtonLink, Container } from '../../components/ui/ui';
import { messages } from '../../locales/en/events.json?lingui';
import { EventCard } from './event-card';
import { EVENTS_PATH } from './event-paths';
import { type EventFilters, eventQueries, useEventQueries } from './events-queries';

/**
 * What the section lists: the upcoming events (the API's default window), unfiltered, first page: the same question,
 * and so the same cache entry, as `/events` itself asks.
 */
const UPCOMING: EventFilters = { page: 1 };

/**
 * "Upcoming events" on the home page, drawn as its taxonomy sections are (features/home/home-page.tsx, TaxonSection):
 * the first few cards, View all to `/events` when there are more, and SPEC's empty text. Its id lets the home page
 * scroll to it (`/#events`). Its cards' images are lazy: the section is below the banner.
 */
export function UpcomingEventsSection() {
  const t = useT(messages);
  const specText = useSpecText();
  const events = useEventQueries();
  const { data: items, meta } = useSuspenseQuery(events.list(UPCOMING)).data;
  return (
    <section id="events" className="home-section" aria-labelledby="events-title">
      <Container>
        <div className="row between section-head">
          <h2 id="events-title">{t('events.upcoming')}</h2>
          {meta.total > LIMITS.homeSectionPreview ? (
            <ButtonLink to={EVENTS_PATH} variant="light">
              {t('events.upcoming.viewAll')}
            </ButtonLink>
          ) : null}
        </div>
        <CardGrid empty={specText(CONTENT_KINDS.event.texts.empty)}>
          {items.slice(0, LIMITS.homeSectionPreview).map((item) => (
            <EventCard key={item.id} item={item} />
          ))}
        </CardGrid>
      </Container>
    </section>
  );
}

/** The home page's loader: the section's list, in the cache before the page renders. */
export function prefetchUpcoming(tools: LoaderTools) {
  return tools.ensure(eventQueries(tools.queries).list(UPCOMING));
}

/** The events' home section (KIND_PAGES' `home`): the section and what its loader fetches. */
export const upcomingSection = { Section: UpcomingEventsSection, prefetch: prefetchUpcoming };

import { keepPreviousData, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useT } from '../../app/i18n';
import { useServices } from '../../app/services';
import { Breadcrumbs, breadcrumbLd } from '../../components/breadcrumbs';
import { cardLoad } from '../../components/cards';
import { useContentT } from '../../components/content/areas';
import { Filters } from '../../components/filters';
import { CardGrid } from '../../components/grid';
import { Pager } from '../../components/pager';
import { placesOf } from '../../components/places';
import { Seo } from '../../components/seo';
import { Link } from '../../components/ui/link';
import { Container, Stack } from '../../components/ui/ui';
import { messages } from '../../locales/en/events.json?lingui';
import { EventCard } from './event-card';
import { DateRangeForm, EventFeeds, TypeChips, WindowChips } from './event-list-parts';
import { eventsTrail } from './event-paths';
import { useEventQueries } from './events-queries';
import { eventFiltersOf, eventsHref, eventsUrlOf, type TEventsUrl } from './events-route';

export { eventsLoader } from './events-route';

/**
 * `/events` and an event type's list (`/events/type/:id`): upcoming events first, or a window (today, this weekend,
 * this week), a range of dates or the past; narrowed by type, circle, locality and words, a page at a time, with the
 * list's RSS and iCal feeds. Every choice is a link or a GET form, so the page works before and without the app.
 */
export function EventsPage() {
  const t = useT(messages);
  const contentT = useContentT();
  const { queries, publicUrl } = useServices();
  const events = useEventQueries();
  const params = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const u = eventsUrlOf(search, params.id);
  const types = useSuspenseQuery(events.types()).data;
  const type = u.type ? types.find((x) => x.slug === u.type) : undefined;

  const circles = useQuery(queries.circles());
  const circle = circles.data?.find((c) => c.name === u.circleName);
  const needsBlocks = Boolean(u.blockName && (circle || !u.circleName));
  const blocks = useQuery({ ...queries.blocks(circle?.id), enabled: needsBlocks });
  // The same resolution as the loader's; the list waits for it rather than asking for every place first.
  const resolved = Boolean(circles.data) && (!needsBlocks || Boolean(blocks.data));
  const { unknown, ...places } = resolved
    ? placesOf(circles.data ?? [], blocks.data ?? [], u.circleName, u.blockName)
    : {};
  const list = useQuery({
    ...events.list(eventFiltersOf(u, places)),
    enabled: resolved && !unknown,
    placeholderData: keepPreviousData,
  });

  const go = (next: Partial<TEventsUrl>) =>
    navigate(eventsHref({ ...u, page: 1, ...next }), { preventScrollReset: true });
  const shown = unknown ? undefined : list.data;
  const items = shown?.data ?? [];
  const pages = shown ? Math.ceil(shown.meta.total / shown.meta.pageSize) : 0;
  const title = type?.title ?? t('events.title');
  const trail = eventsTrail(contentT('content.home'), t, type);
  return (
    <Container size="xl" className="page events-page">
      <Seo
        title={type?.published_data.metaTitle || title}
        description={type?.published_data.metaDescription || type?.description || t('events.intro')}
        keywords={type?.published_data.metaKeywords}
        image={type?.image}
        structured={[breadcrumbLd(trail, publicUrl)]}
      />
      <Breadcrumbs trail={trail} />
      <Stack gap="lg">
        <div>
          <h1>{title}</h1>
          <p className="muted">{type?.description || t('events.intro')}</p>
          <EventFeeds title={title} eventType={type?.slug} circle={circle?.slug} />
        </div>
        <WindowChips u={u} />
        {/* A range is asked for less often than a window: closed until it is, so a phone reaches the events sooner. */}
        <details className="event-range-toggle" open={Boolean(u.from)}>
          <summary className="event-range-summary">{t('events.range')}</summary>
          <DateRangeForm u={u} onShow={(from, to) => go({ from, to })} />
        </details>
        <TypeChips u={u} types={types} />
        <Filters
          circleName={u.circleName}
          blockName={u.blockName}
          q={u.q}
          searchLabel={t('events.search')}
          unknown={unknown}
          action={eventsHref({ type: u.type })}
          keep={{ when: u.from ? undefined : u.when === 'upcoming' ? undefined : u.when, from: u.from, to: u.to }}
          onChange={(f) => go({ circleName: f.circleName, blockName: f.blockName, q: f.q })}
        />
        {unknown ? (
          <p className="notice notice-error">
            {t(unknown.kind === 'circle' ? 'events.noCircle' : 'events.noLocality', { name: unknown.name })}{' '}
            <Link to={eventsHref({ ...u, circleName: undefined, blockName: undefined, page: 1 })}>
              {t('events.showAll')}
            </Link>
          </p>
        ) : null}
        <CardGrid empty={t('events.none')} loading={!unknown && list.isPending}>
          {items.map((item, i) => (
            <EventCard key={item.id} item={item} level={2} load={cardLoad(i)} />
          ))}
        </CardGrid>
        <Pager page={u.page} pages={pages} hrefFor={(page) => eventsHref({ ...u, page })} />
      </Stack>
    </Container>
  );
}

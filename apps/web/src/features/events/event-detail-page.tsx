import type { TPreview } from '@chaupal/contract';
import type { TContentKind } from '@chaupal/contract/content-kinds';
import type { TEvent, TEventCard } from '@chaupal/contract/events';
import { langTag } from '@chaupal/contract/languages';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useLocation, useParams } from 'react-router';
import type { ContentOf } from '../../api/queries';
import { useSite } from '../../api/use-site';
import { useT } from '../../app/i18n';
import { lazyPart } from '../../app/lazy-part';
import { useServices } from '../../app/services';
import { Breadcrumbs, breadcrumbLd } from '../../components/breadcrumbs';
import { repeats, textOf } from '../../components/cards';
import { useContentT } from '../../components/content/areas';
import { Documents } from '../../components/documents';
import { CardGrid } from '../../components/grid';
import { ResponsiveImage } from '../../components/image';
import { Seo } from '../../components/seo';
import { ShareButtons } from '../../components/share-buttons';
import { Container } from '../../components/ui/ui';
import { messages } from '../../locales/en/events.json?lingui';
import { EventBadge } from './event-badge';
import { EventCard } from './event-card';
import { EntryPart, EventActions, EventNotice, OrganiserPart, WhenPart, WherePart } from './event-detail-parts';
import { eventStructuredData } from './event-ld';
import { eventPath, eventsTrail } from './event-paths';
import { useEventQueries } from './events-queries';

export { eventDetailLoader } from './events-route';

/** The Report link and its form: a chunk of its own, as every record's Report link is. */
const EventReport = lazyPart(() => import('./event-report'));

/** Sanitized on write (DESIGN §7), so it is rendered as HTML. */
function Html({ html }: { html: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: rich text is sanitized by the server when it is written
  return <div className="rich-text" dangerouslySetInnerHTML={{ __html: html }} />;
}

/**
 * An event as its public page shows it: the badge and any cancellation or postponement first, then when, where,
 * entry and organiser, registration and the calendar links, the description and documents, and related events. A
 * contributor's preview renders the same view (without the head's tags and the breadcrumbs).
 */
export function EventDetailView({
  item,
  related,
  preview,
}: {
  item: TEvent;
  related: TEventCard[];
  preview?: boolean;
}) {
  const t = useT(messages);
  const contentT = useContentT();
  const { publicUrl, siteTz } = useServices();
  const site = useSite();
  const { pathname } = useLocation();
  const url = preview ? `${publicUrl}${eventPath(item.slug)}` : `${publicUrl}${pathname}`;
  const trail = eventsTrail(contentT('content.home'), t, item.eventType, item);
  const siteLd = { name: site.siteName, url: publicUrl, logo: site.logo.Logo };
  return (
    <Container size="lg" className="page event-page">
      {preview ? null : (
        <Seo
          title={item.metaTitle || item.title}
          description={item.metaDescription || textOf(item.description)}
          keywords={item.metaKeywords}
          image={item.image}
          structured={[eventStructuredData(item, url, siteLd, siteTz), breadcrumbLd(trail, publicUrl)]}
        />
      )}
      {preview ? null : <Breadcrumbs trail={trail} />}
      <div className="detail">
        <div className="detail-media">
          {item.image ? (
            <ResponsiveImage
              src={item.image}
              alt={item.title}
              sizes="(min-width: 1080px) 1048px, calc(100vw - 32px)"
              load="high"
              className="detail-image"
            />
          ) : null}
        </div>
        <article className="stack gap-sm" lang={langTag(item.language)}>
          <h1>{item.title}</h1>
          <EventBadge
            schedule={item.schedule}
            eventStatus={item.eventStatus}
            previousStartDate={item.previousStartDate}
          />
          <EventNotice item={item} />
          <WhenPart item={item} />
          <WherePart item={item} />
          <EntryPart item={item} />
          <OrganiserPart item={item} />
          <EventActions item={item} />
          <ShareButtons url={url} title={item.title} />
          {preview ? null : (
            <Suspense fallback={null}>
              <EventReport id={item.id} title={item.title} />
            </Suspense>
          )}
          {repeats(item.description, item.content) ? null : <p className="lead">{item.description}</p>}
          {item.content ? <Html html={item.content} /> : null}
          <Documents documents={item.documents} />
        </article>
      </div>
      <section className="related" aria-labelledby="related-title">
        <h2 id="related-title">{t('events.detail.related')}</h2>
        <CardGrid empty={t('events.detail.noRelated')}>
          {related.map((r) => (
            <EventCard key={r.id} item={r} />
          ))}
        </CardGrid>
      </section>
    </Container>
  );
}

/** `/events/:id`: an event by its slug with its related events, loaded by `eventDetailLoader`. */
export function EventDetailPage() {
  const events = useEventQueries();
  const { id } = useParams();
  const { data: item, related } = useSuspenseQuery(events.detail(id as string)).data;
  return <EventDetailView item={item} related={related} />;
}

/** What a preview link of an event shows (decision 033): the page's own view, with the related events it would show. */
export function EventLinkPreview({ preview }: { preview: TPreview }) {
  return preview.kind === 'event' ? <EventDetailView item={preview.item} related={preview.related} preview /> : null;
}

/** A contributor's preview of an event in the dashboards and the console (KindParts' Preview): the page's own view. */
export function EventPreview({ item }: { item: ContentOf<TContentKind> }) {
  return 'schedule' in item ? <EventDetailView item={item} related={[]} preview /> : null;
}

import { CONTENT_KINDS, type TSharedKind } from '@chaupal/contract/content-kinds';
import { langTag } from '@chaupal/contract/languages';
import { type ReactNode, Suspense } from 'react';
import { useLocation } from 'react-router';
import type { CardOf, ContentOf } from '../../api/queries';
import { useSite } from '../../api/use-site';
import { useLang, useSpecText, useT } from '../../app/i18n';
import { useServices } from '../../app/services';
import { messages } from '../../locales/en/detail.json?lingui';
import { Breadcrumbs } from '../breadcrumbs';
import { repeats, textOf } from '../cards';
import { directionsHref, telHref, whatsappHref } from '../contact-links';
import { formatDateTime } from '../dates';
import { Documents } from '../documents';
import { CardGrid } from '../grid';
import { ResponsiveImage } from '../image';
import { PlaceSlot } from '../place/place-slots';
import { Seo } from '../seo';
import { ShareButtons } from '../share-buttons';
import { ListingExtras } from '../trust/extras';
import { Badge, ButtonLink, Container } from '../ui/ui';
import { VideoFacade } from '../video-facade';
import { detailTrail, useContentT } from './areas';
import { ContentCard } from './content-card';
import { structuredData } from './structured-data';

/** Sanitized on write (DESIGN §7), so it is rendered as HTML. */
function Html({ html }: { html: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: rich text is sanitized by the server when it is written
  return <div className="rich-text" dangerouslySetInnerHTML={{ __html: html }} />;
}

function Actions({ item }: { item: ContentOf<'expert'> | ContentOf<'outlet'> }) {
  const t = useT(messages);
  const wa = whatsappHref(item.whatsapp_no);
  return (
    <div className="row gap-sm">
      <ButtonLink href={telHref(item.call_now)}>{t('detail.callUs')}</ButtonLink>
      {wa ? (
        <ButtonLink href={wa} target="_blank" rel="noopener noreferrer" variant="green">
          WhatsApp
        </ButtonLink>
      ) : null}
      {item.website_url ? (
        <ButtonLink href={item.website_url} target="_blank" rel="noopener noreferrer nofollow" variant="light">
          {t('detail.visitWeb')}
        </ButtonLink>
      ) : null}
      <ButtonLink
        href={directionsHref(item.map_url, item.title)}
        target="_blank"
        rel="noopener noreferrer"
        variant="light"
      >
        {t('detail.direction')}
      </ButtonLink>
    </div>
  );
}

/** A record as its public page shows it; contributors' previews render the same view (SPEC §2 Preview Page). */
export function DetailView<K extends TSharedKind>({
  kind,
  item,
  related,
  preview,
  reviews,
}: {
  kind: K;
  item: ContentOf<K>;
  related: CardOf<K>[];
  preview?: boolean;
  /** A listing's reviews section on its public page; its JSON-LD then says its rating and reviews too. */
  reviews?: ReactNode;
}) {
  const spec = CONTENT_KINDS[kind];
  const t = useT(messages);
  const specText = useSpecText();
  const contentT = useContentT();
  const { publicUrl, siteTz } = useServices();
  const uiLang = useLang();
  const site = useSite();
  const { pathname } = useLocation();
  const url = preview ? `${publicUrl}${spec.detailPath}${item.slug}` : `${publicUrl}${pathname}`;
  const isDirectory = 'call_now' in item;
  const image = 'photo' in item ? item.photo : item.image;
  const video = 'youtube_url' in item ? item.youtube_url : 'youtubeurl' in item ? item.youtubeurl : null;
  const when =
    'publishing_time' in item && !isDirectory
      ? item.publishing_time
      : 'publishedDate' in item
        ? item.publishedDate
        : null;
  const byline = 'reporter' in item ? item.reporter : 'author' in item ? item.author : null;
  const parent =
    'services' in item
      ? item.services[0]
      : 'categories' in item
        ? item.categories[0]
        : 'edition' in item
          ? item.edition
          : 'publishing_Page' in item
            ? item.publishing_Page
            : null;
  const lang = 'language' in item ? langTag(item.language) : undefined;
  const trail = detailTrail(kind, parent, item, contentT);

  return (
    <Container size="lg" className="page">
      {preview ? null : (
        <Seo
          title={item.metaTitle || item.title}
          description={item.metaDescription || textOf(item.description)}
          keywords={item.metaKeywords}
          image={image}
          type={isDirectory ? 'website' : 'article'}
          structured={structuredData(item, url, { name: site.siteName, url: publicUrl, logo: site.logo.Logo }, trail)}
        />
      )}
      {preview ? null : <Breadcrumbs trail={trail} />}
      <div className={isDirectory ? 'detail detail-directory' : 'detail'}>
        <div className="detail-media">
          {video ? (
            <VideoFacade url={video} title={item.title} poster={image} />
          ) : image ? (
            <ResponsiveImage
              src={image}
              alt={item.title}
              sizes={
                isDirectory
                  ? '(min-width: 1080px) 430px, (min-width: 768px) calc(41vw - 24px), calc(100vw - 32px)'
                  : '(min-width: 1080px) 1048px, calc(100vw - 32px)'
              }
              load="high"
              className="detail-image"
            />
          ) : null}
        </div>
        <article className="stack gap-sm" lang={lang}>
          <h1>{item.title}</h1>
          {when ? (
            <p className="muted small">
              {formatDateTime(when, siteTz, uiLang)}
              {'location' in item && item.location ? ` · ${item.location}` : ''}
              {byline ? ` · ${byline}` : ''}
            </p>
          ) : null}
          {isDirectory ? (
            <>
              <p className="strong">{item.call_now}</p>
              <div className="row gap-xs">
                {item.circles.map((c) => (
                  <Badge key={c.id}>{c.name}</Badge>
                ))}
              </div>
              <Actions item={item} />
              <PlaceSlot
                detail={item}
                ld={
                  preview
                    ? undefined
                    : {
                        url,
                        site: { name: site.siteName, url: publicUrl, logo: site.logo.Logo },
                        reviews: Boolean(reviews),
                      }
                }
              />
            </>
          ) : null}
          <ShareButtons url={url} title={item.title} />
          <Suspense fallback={null}>
            <ListingExtras kind={kind} item={item} tz={siteTz} preview={preview} />
          </Suspense>
          {isDirectory ? (
            <Html html={item.description} />
          ) : repeats(item.description, item.content) ? null : (
            // A lead only where it adds something: a contributor's article has no description field, and the one
            // derived from its opening would say the same words twice.
            <p className="lead">{item.description}</p>
          )}
          {item.content ? <Html html={item.content} /> : null}
          <Documents documents={item.documents} />
        </article>
      </div>
      {reviews}
      <section className="related" aria-labelledby="related-title">
        <h2 id="related-title">{t(`detail.related.${kind}`)}</h2>
        <CardGrid empty={specText(spec.texts.noRelated)}>
          {related.map((r) => (
            <ContentCard key={r.id} kind={kind} item={r} />
          ))}
        </CardGrid>
      </section>
    </Container>
  );
}

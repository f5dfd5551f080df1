import type { TRatingBrief } from '@chaupal/contract';
import { CONTENT_KINDS, type TSharedKind } from '@chaupal/contract/content-kinds';
import { langTag } from '@chaupal/contract/languages';
import type { CardOf } from '../../api/queries';
import { useLang, useT } from '../../app/i18n';
import { useServices } from '../../app/services';
import { messages } from '../../locales/en/content.json?lingui';
import { ContactActions, cut, ItemCard, textOf } from '../cards';
import { formatDateTime } from '../dates';
import type { TImageLoad } from '../image';
import { PlaceSlot } from '../place/place-slots';
import { ButtonLink } from '../ui/ui';

/**
 * A listing's rating on its card: "★ 4.3 out of 5 · 27 reviews", or "2 reviews" while there are too few for an
 * average; nothing before its first review.
 */
export function CardRating({ rating }: { rating?: TRatingBrief }) {
  const t = useT(messages);
  if (!rating?.count) return null;
  const { count, average } = rating;
  return (
    <p className="small card-rating">
      {average === null
        ? t('content.rating.count', { count })
        : `★ ${t('content.rating.average', { average: average.toFixed(1), count })}`}
    </p>
  );
}

/** One record as a card: experts and outlets with their contact buttons, news and features with Read More. */
export function ContentCard<K extends TSharedKind>({
  kind,
  item,
  level,
  load,
}: {
  kind: K;
  item: CardOf<K>;
  level?: 2 | 3;
  load?: TImageLoad;
}) {
  const t = useT(messages);
  const { siteTz } = useServices();
  const lang = useLang();
  const to = `${CONTENT_KINDS[kind].detailPath}${item.slug}`;
  if ('call_now' in item) {
    const text = textOf(item.description);
    return (
      <ItemCard
        to={to}
        level={level}
        load={load}
        title={item.title}
        image={item.image}
        description={kind === 'expert' ? cut(text, 100) : text}
        meta={
          <>
            <CardRating rating={item.rating} />
            <PlaceSlot card={item} />
          </>
        }
        actions={<ContactActions callNow={item.call_now} whatsapp={item.whatsapp_no} more={to} about={item.title} />}
      />
    );
  }
  const image = 'photo' in item ? item.photo : item.image;
  const when = 'publishedDate' in item ? item.publishedDate : item.publishing_time;
  return (
    <ItemCard
      to={to}
      level={level}
      load={load}
      title={item.title}
      image={image}
      description={textOf(item.description)}
      lang={langTag(item.language)}
      meta={
        <p className="muted small">
          {formatDateTime(when, siteTz, lang)}
          {item.location ? ` · ${item.location}` : ''}
        </p>
      }
      actions={
        <ButtonLink to={to} size="xs" variant="light">
          {t('content.readMore')}
          <span className="visually-hidden">: {item.title}</span>
        </ButtonLink>
      }
    />
  );
}

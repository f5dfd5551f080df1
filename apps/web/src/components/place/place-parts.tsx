import type { TContentKind, TExpert, TOutlet } from '@chaupal/contract';
import { PLACE_LIMITS } from '@chaupal/contract/limits';
import type { ContentOf } from '../../api/queries';
import { useT } from '../../app/i18n';
import { messages } from '../../locales/en/place.json?lingui';
import { CardPlace } from '../open-badge';
import { useListingReviews } from '../reviews/reviews-query';
import { JsonLd } from '../seo';
import { ListingPlace } from './listing-place';
import { businessLd } from './place-ld';
import type { TPlaceSlot } from './place-slots';
import { ResultsMap } from './results-map';

/** The chunk behind PlaceSlot: a card's badge and distance, a detail's place, a list's map. */
export default function PlaceParts({ card, detail, ld, list }: TPlaceSlot) {
  const t = useT(messages);
  if (card) return <CardPlace item={card} />;
  if (detail) {
    return (
      <>
        {ld?.reviews ? (
          <ReviewedBusinessLd detail={detail} ld={ld} />
        ) : ld ? (
          <JsonLd data={businessLd(detail, ld.url, ld.site)} />
        ) : null}
        <ListingPlace item={detail} />
      </>
    );
  }
  if (list) {
    return (
      <>
        {list.near ? <p className="muted small">{t('place.near', { km: PLACE_LIMITS.nearRadiusKm })}</p> : null}
        <ResultsMap kind={list.kind} items={list.items as ContentOf<TContentKind>[]} title={list.title} />
      </>
    );
  }
  return null;
}

/** A listing's JSON-LD with the rating and reviews its page shows (the reviews section's query, filled by the server). */
function ReviewedBusinessLd({ detail, ld }: { detail: TExpert | TOutlet; ld: NonNullable<TPlaceSlot['ld']> }) {
  const { body } = useListingReviews('services' in detail ? 'expert' : 'outlet', detail.id);
  const reviews = body && { rating: body.summary, reviews: body.data };
  return <JsonLd data={businessLd(detail, ld.url, ld.site, reviews)} />;
}

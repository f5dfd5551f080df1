import type { TContentKind } from '@chaupal/contract';
import { PLACE_LIMITS } from '@chaupal/contract/limits';
import type { ContentOf } from '../../api/queries';
import { useT } from '../../app/i18n';
import { messages } from '../../locales/en/place.json?lingui';
import { CardPlace } from '../open-badge';
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
        {ld ? <JsonLd data={businessLd(detail, ld.url, ld.site)} /> : null}
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

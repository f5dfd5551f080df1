import type { TContentKind, TExpert, TExpertCard, TOutlet, TOutletCard } from '@chaupal/contract';
import { Suspense } from 'react';
import { lazyPart } from '../../app/lazy-part';
import type { TSiteLd } from '../content/structured-data';

/**
 * Where a listing's place shows (decision 015): one chunk (place-parts.tsx), loaded only where a record has a place, so
 * the public pages' initial JavaScript stays within its budget (bundle-size.test.ts). The server renders it whole;
 * in the browser React keeps its server HTML until the chunk arrives, then hydrates it (the badge at the render's
 * instant, so it matches).
 */
export interface TPlaceSlot {
  card?: TExpertCard | TOutletCard;
  detail?: TExpert | TOutlet;
  /** The detail page's LocalBusiness JSON-LD comes with its place (not in a preview), and says its rating and reviews. */
  ld?: { url: string; site: TSiteLd; reviews?: boolean };
  /** A list's results; `near`: sorted near the visitor. */
  list?: { kind: TContentKind; items: object[]; title: string; near: boolean };
}
const Parts = lazyPart(() => import('./place-parts'));

/** A directory card's open-now badge and distance; a detail page's address, hours and map; a list's map. */
export function PlaceSlot(props: TPlaceSlot) {
  const items = (props.list?.items ?? [props.card ?? props.detail]) as (Partial<TOutlet> | undefined)[];
  const has = items.some((i) => i?.opening_hours || i?.street_address || i?.pin_code || (i?.latitude ?? null) !== null);
  return has || props.ld ? (
    <Suspense>
      <Parts {...props} />
    </Suspense>
  ) : null;
}

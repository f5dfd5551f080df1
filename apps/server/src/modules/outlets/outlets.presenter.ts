import { ratingBrief, type TOutlet } from '@chaupal/contract';
import type { outlets } from '../../db/schema';
import type { LoadedRow, RowOf } from '../content';
import { iso, presentCommon, presentContact, presentTrust } from '../content';

export function presentOutlet(l: LoadedRow<RowOf<typeof outlets>>): TOutlet {
  const r = l.row;
  // The shared fields last: see presentCommon.
  return {
    trust: presentTrust(l),
    rating: ratingBrief(r),
    content: r.content,
    image: r.image,
    publishing_time: iso(r.publishingTime),
    categories: l.parents.map((p) => ({ id: p.id, title: p.title, slug: p.slug })),
    ...presentCommon(l),
    ...presentContact(r, l.distanceKm),
  };
}

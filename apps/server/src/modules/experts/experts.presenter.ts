import { ratingBrief, type TExpert } from '@chaupal/contract';
import type { experts } from '../../db/schema';
import type { LoadedRow, RowOf } from '../content';
import { presentCommon, presentContact, presentTrust } from '../content';

export function presentExpert(l: LoadedRow<RowOf<typeof experts>>): TExpert {
  const r = l.row;
  // The shared fields last: see presentCommon.
  return {
    trust: presentTrust(l),
    rating: ratingBrief(r),
    content: r.content,
    image: r.image,
    services: l.parents.map((p) => ({ id: p.id, title: p.title, slug: p.slug, status: p.status })),
    ...presentCommon(l),
    ...presentContact(r, l.distanceKm),
  };
}

import type { TOutlet } from '@chaupal/contract';
import type { outlets } from '../../db/schema';
import type { LoadedRow } from '../content';
import { iso, presentCommon, presentContact, presentTrust } from '../content';

export function presentOutlet(l: LoadedRow): TOutlet {
  const r = l.row as unknown as typeof outlets.$inferSelect;
  // The shared fields last: see presentCommon.
  return {
    trust: presentTrust(l),
    content: r.content,
    image: r.image,
    publishing_time: iso(r.publishingTime),
    categories: l.parents.map((p) => ({ id: p.id, title: p.title, slug: p.slug })),
    ...presentCommon(l),
    ...presentContact(r),
  };
}

import { isFamily, type TSharedKind } from '@chaupal/contract/content-kinds';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useParams } from 'react-router';
import { lazyPart } from '../../app/lazy-part';
import { useServices } from '../../app/services';
import { DetailView } from '../../components/content/detail-view';

/**
 * A listing's reviews (reviews/reviews-section.tsx): a chunk of its own that the server renders into the page, so the
 * page's first load does not grow with them.
 */
const ReviewsSection = lazyPart(() => import('./reviews/reviews-section'));

/** An expert, outlet, news item or feature with its related records (SPEC §2). */
export function DetailPage<K extends TSharedKind>({ kind }: { kind: K }) {
  const { queries } = useServices();
  const { id } = useParams();
  const { data: item, related } = useSuspenseQuery(queries.detail(kind, id as string)).data;
  // Experts and outlets have reviews: their section reads the order and page the address names.
  const listing = isFamily(kind, 'directory') ? kind : null;
  return (
    <DetailView
      kind={kind}
      item={item}
      related={related}
      reviews={
        listing ? (
          <Suspense fallback={null}>
            <ReviewsSection kind={listing} listing={item} />
          </Suspense>
        ) : undefined
      }
    />
  );
}

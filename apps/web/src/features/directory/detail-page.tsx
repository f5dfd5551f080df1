import { useSuspenseQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { TContentArea } from '../../api/queries';
import { useServices } from '../../app/services';
import { DetailView } from '../../components/content/detail-view';

/** An expert, outlet, news item or feature with its related records (SPEC §2). */
export function DetailPage<A extends TContentArea>({ area }: { area: A }) {
  const { queries } = useServices();
  const { id } = useParams();
  const { data: item, related } = useSuspenseQuery(queries.detail(area, id as string)).data;
  return <DetailView area={area} item={item} related={related} />;
}

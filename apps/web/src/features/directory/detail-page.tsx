import type { TSharedKind } from '@chaupal/contract/content-kinds';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useServices } from '../../app/services';
import { DetailView } from '../../components/content/detail-view';

/** An expert, outlet, news item or feature with its related records (SPEC §2). */
export function DetailPage<K extends TSharedKind>({ kind }: { kind: K }) {
  const { queries } = useServices();
  const { id } = useParams();
  const { data: item, related } = useSuspenseQuery(queries.detail(kind, id as string)).data;
  return <DetailView kind={kind} item={item} related={related} />;
}

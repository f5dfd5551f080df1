import type { TListingKind } from '@chaupal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ListingInsight } from '../../components/insight/listing-insight';
import { Link } from '../../components/ui/link';
import { Button, Dialog } from '../../components/ui/ui';
import { act, useAdmin, when } from './kit';

/**
 * A listing's trust in the console (decision 016): whether its number is its owner's verified phone, the "Verified
 * business" mark with who set it and when (set or clear it: audited), the owner's confirmation, and its counts.
 */
export function TrustDialog({
  listing,
  onClose,
}: {
  listing: { kind: TListingKind; id: string; title: string } | null;
  onClose(): void;
}) {
  const { api } = useAdmin();
  const queryClient = useQueryClient();
  const key = ['admin', 'trust', listing?.kind, listing?.id];
  const { data } = useQuery({
    queryKey: key,
    queryFn: () => api.trust(listing?.kind as TListingKind, listing?.id as string),
    enabled: Boolean(listing),
  });
  const toggle = () =>
    listing && data
      ? act(
          () => api.verifyBusiness(listing.kind, listing.id, !data.verifiedBusiness),
          () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
          `verify-${listing.kind}-${listing.id}`,
        )
      : undefined;
  return (
    <Dialog open={Boolean(listing)} onClose={onClose} title={`Trust: ${listing?.title ?? ''}`}>
      {listing && data ? (
        <div className="stack gap-md">
          <dl className="admin-details">
            <dt>Verified phone</dt>
            <dd>{data.verifiedPhone ? 'Yes: the number is the owner’s verified phone' : 'No'}</dd>
            <dt>Verified business</dt>
            <dd>
              {data.verifiedBusiness
                ? `Yes, by ${data.verifiedBusiness.by?.name ?? 'a former admin'} on ${when(data.verifiedBusiness.at)}`
                : 'No'}
            </dd>
            <dt>Confirmed by the owner</dt>
            <dd>{data.confirmedAt ? when(data.confirmedAt) : 'Never'}</dd>
            <dt>Last edited</dt>
            <dd>{when(data.updatedAt)}</dd>
            <dt>Stale reminder</dt>
            <dd>{data.remindedAt ? when(data.remindedAt) : 'None sent'}</dd>
          </dl>
          <ListingInsight
            queryKey={['admin', listing.kind, listing.id]}
            load={() => api.insight(listing.kind, listing.id)}
            title={listing.title}
          />
          <div className="row gap-sm">
            <Button variant={data.verifiedBusiness ? 'outline' : 'green'} onClick={toggle}>
              {data.verifiedBusiness ? 'Remove “Verified business”' : 'Mark “Verified business”'}
            </Button>
            <Link to={`/admin/audit?entityId=${listing.id}`} className="small">
              History
            </Link>
          </div>
        </div>
      ) : (
        <p role="status">Loading</p>
      )}
    </Dialog>
  );
}

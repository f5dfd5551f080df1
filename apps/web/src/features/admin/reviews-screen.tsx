import type { TAdminReview, TReviewStatus } from '@chaupal/contract';
import { CONTENT_KINDS } from '@chaupal/contract/content-kinds';
import { ZReviewRemoval } from '@chaupal/contract/reviews';
import { useState } from 'react';
import { Link } from '../../components/ui/link';
import { Button } from '../../components/ui/ui';
import { AdminTable, act, useAdmin, useAdminList, when } from './kit';
import { ReasonDialog } from './reason-dialog';

type Row = TAdminReview;

const STATUS_TEXT: Record<TReviewStatus, string> = {
  pending: 'Pending',
  published: 'Published',
  removed: 'Removed',
};
const FILTER: TReviewStatus[] = ['pending', 'published', 'removed'];

/** "★★★★☆" read out as "4 of 5 stars". */
const Stars = ({ rating }: { rating: number }) => (
  <span className="nowrap" role="img" aria-label={`${rating} of 5 stars`}>
    {'★'.repeat(rating)}
    {'☆'.repeat(5 - rating)}
  </span>
);

/**
 * Reviews of experts and outlets, newest first, by status: an admin publishes one that waits (when the site holds
 * reviews), removes one with a reason the reviewer is e-mailed, or restores one removed.
 */
export function ReviewsScreen() {
  const { api } = useAdmin();
  const list = useAdminList<Row>('reviews', api.reviews, ['status']);
  const [removing, setRemoving] = useState<Row | null>(null);
  const key = (r: Row) => `review-${r.id}`;
  const title = (r: Row) => r.listing?.title ?? r.id;

  const columns = [
    { label: 'Received', cell: (r: Row) => when(r.createdAt) },
    {
      label: 'Listing',
      cell: (r: Row) => (
        <div>
          {r.listing ? (
            <Link to={`${CONTENT_KINDS[r.kind].detailPath}${r.listing.slug}`} target="_blank" rel="noopener">
              {r.listing.title}
            </Link>
          ) : (
            <em>Deleted</em>
          )}
          <div className="muted small">{CONTENT_KINDS[r.kind].label}</div>
        </div>
      ),
    },
    {
      label: 'Reviewer',
      cell: (r: Row) =>
        r.reviewer ? (
          <div>
            {r.reviewer.name}
            <div className="muted small">{r.reviewer.email}</div>
          </div>
        ) : (
          <em>Deleted account</em>
        ),
    },
    {
      label: 'Review',
      cell: (r: Row) => (
        <div>
          <Stars rating={r.rating} />
          {r.text ? <p className="admin-message">{r.text}</p> : <div className="muted small">No text</div>}
        </div>
      ),
    },
    {
      label: 'Status',
      cell: (r: Row) => (
        <div>
          <span className={`status status-${r.status === 'published' ? 'ok' : 'off'}`}>{STATUS_TEXT[r.status]}</span>
          {r.status === 'removed' && r.removedReason ? <div className="small">Reason: {r.removedReason}</div> : null}
          {r.status === 'removed' && r.removedAt ? (
            <div className="muted small">
              {r.removedBy ? `${r.removedBy.name}, ` : ''}
              {when(r.removedAt)}
            </div>
          ) : null}
        </div>
      ),
    },
    {
      label: 'Actions',
      cell: (r: Row) => (
        <div className="admin-actions">
          {r.status === 'pending' ? (
            <Button
              size="xs"
              variant="green"
              aria-label={`Publish the review of ${title(r)}`}
              onClick={() => act(() => api.publishReview(r.id), list.reload, key(r))}
            >
              Publish
            </Button>
          ) : null}
          {r.status === 'removed' ? (
            <Button
              size="xs"
              variant="outline"
              aria-label={`Restore the review of ${title(r)}`}
              onClick={() => act(() => api.restoreReview(r.id), list.reload, key(r))}
            >
              Restore
            </Button>
          ) : (
            <Button
              size="xs"
              variant="outline"
              aria-label={`Remove the review of ${title(r)}`}
              onClick={() => setRemoving(r)}
            >
              Remove
            </Button>
          )}
        </div>
      ),
    },
  ];

  return (
    <>
      <div className="admin-head">
        <h1>Reviews</h1>
      </div>
      <div className="admin-toolbar">
        <select
          aria-label="Status"
          value={String(list.values.status ?? '')}
          onChange={(e) => list.set('status', e.target.value)}
        >
          <option value="">Status: all</option>
          {FILTER.map((s) => (
            <option key={s} value={s}>
              {STATUS_TEXT[s]}
            </option>
          ))}
        </select>
      </div>
      <AdminTable list={list} columns={columns} empty="No reviews" />
      <RemoveDialog review={removing} onClose={() => setRemoving(null)} onDone={list.reload} />
    </>
  );
}

/** Remove with a reason, which is required: the reviewer is e-mailed it, and the console keeps it. */
function RemoveDialog({ review, onClose, onDone }: { review: Row | null; onClose(): void; onDone(): unknown }) {
  const { api } = useAdmin();
  return (
    <ReasonDialog
      open={Boolean(review)}
      title="Remove the review"
      intro={`It leaves ${review?.listing ? `“${review.listing.title}”` : 'the listing'} and its rating at once. The reviewer is e-mailed this reason.`}
      verb="Remove"
      busyVerb="Removing..."
      schema={ZReviewRemoval}
      send={(b) => api.removeReview((review as Row).id, b)}
      onClose={onClose}
      onDone={onDone}
    />
  );
}

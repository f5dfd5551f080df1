import type { TContentKind, TTrust } from '@chaupal/contract';
import { useEffect } from 'react';
import { formatDateTime } from '../dates';

/**
 * A listing's trust marks on its detail page (issue 15): "Verified phone" when the number is its owner's verified
 * phone, the admin's "Verified business", and "Updated on" the later of the last edit and the owner's confirmation.
 */
export function TrustBadges({ trust, tz }: { trust: TTrust; tz: string }) {
  return (
    <div className="row gap-xs trust-badges">
      {trust.verifiedPhone ? <span className="trust-badge">✓ Verified phone</span> : null}
      {trust.verifiedBusinessAt ? <span className="trust-badge">✓ Verified business</span> : null}
      <span className="muted small">Updated on {formatDateTime(trust.updatedOn, tz).slice(0, 10)}</span>
    </div>
  );
}

/**
 * Marks a listing's detail for the inline beacon (app/insight-script.ts), and counts the view of a detail reached
 * by in-app navigation (the beacon counted the one the page loaded with).
 */
export function listingMark(kind: TContentKind, id: string) {
  return { 'data-insight-listing': `${kind}:${id}` };
}

export function useCountView(listing: string | null) {
  useEffect(() => {
    if (listing) window.__CHAUPAL_VIEW__?.(listing);
  }, [listing]);
}

declare global {
  interface Window {
    __CHAUPAL_VIEW__?: (listing: string | null) => void;
  }
}

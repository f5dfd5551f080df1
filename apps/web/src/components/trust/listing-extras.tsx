import type { TContentKind, TExpert, TListingKind, TTrust } from '@chaupal/contract';
import { isFamily } from '@chaupal/contract/content-kinds';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLang, useT } from '../../app/i18n';
import { useServices } from '../../app/services';
import { messages } from '../../locales/en/trust.json?lingui';
import { directionsHref, telHref, whatsappHref } from '../contact-links';
import { formatDay } from '../dates';
import { ReportDialog, reportPath } from '../report/report-form';
import { beaconTokenQuery } from './beacon-token';
import { suggestEditPath } from './suggest-edit-path';

/**
 * What trust and reports (decision 016) add to a record's public page, in a chunk of its own (the page's HTML carries
 * it from the server; the browser hydrates it when the chunk arrives), so the public pages' initial JavaScript stays
 * within budget: the trust marks, the view count of a detail reached in the app, the Report link and, on a listing,
 * "Suggest an edit".
 */

declare global {
  interface Window {
    __CHAUPAL_VIEW__?: (listing: string | null) => void;
  }
}

/**
 * A listing's trust marks: "Verified phone" when the number is its owner's verified phone, the admin's
 * "Verified business", and "Updated on" the later of the last edit and the owner's confirmation. `listing` (kind:id)
 * counts the view of a detail reached by in-app navigation once its marker has the token (`beaconReady`); the inline
 * beacon (app/insight-script.ts) counted the one the page loaded with and skips it.
 */
export function TrustBadges({
  trust,
  tz,
  listing,
  beaconReady,
}: {
  trust: TTrust;
  tz: string;
  listing?: string;
  beaconReady?: boolean;
}) {
  const t = useT(messages);
  const lang = useLang();
  useEffect(() => {
    if (listing && beaconReady) window.__CHAUPAL_VIEW__?.(listing);
  }, [listing, beaconReady]);
  return (
    <div className="row gap-xs trust-badges">
      {trust.verifiedPhone ? <span className="trust-badge">{t('trust.verifiedPhone')}</span> : null}
      {trust.verifiedBusinessAt ? <span className="trust-badge">{t('trust.verifiedBusiness')}</span> : null}
      <span className="muted small">{t('trust.updatedOn', { date: formatDay(trust.updatedOn, tz, lang) })}</span>
    </div>
  );
}

/**
 * The trust marks and the Report link, as the detail page shows them under its share buttons. On a listing's public
 * page it also leaves the marker the inline beacon reads (app/insight-script.ts): the listing, the token the server
 * counts its events with, and the address of each contact link, so a click on one counts before and after the app
 * runs.
 */
export default function ListingExtras({
  kind,
  item,
  tz,
  preview,
}: {
  kind: TContentKind;
  item: Pick<TExpert, 'id' | 'title'> &
    Partial<Pick<TExpert, 'slug' | 'trust' | 'call_now' | 'whatsapp_no' | 'website_url' | 'map_url'>>;
  tz: string;
  preview?: boolean;
}) {
  const counts = item.trust && !preview && isFamily(kind, 'directory') ? kind : undefined;
  const listing = counts && `${counts}:${item.id}`;
  const { apiFetch } = useServices();
  // On the server the detail's loader read it, so it is in the page; none in the owner's preview.
  const token = useQuery(beaconTokenQuery(apiFetch, counts, item.id)).data;
  return (
    <>
      {listing ? (
        <span
          hidden
          data-insight-listing={listing}
          data-insight-token={token}
          data-call={telHref(item.call_now ?? '')}
          data-whatsapp={whatsappHref(item.whatsapp_no) ?? undefined}
          data-web={item.website_url ?? undefined}
          data-direction={directionsHref(item.map_url ?? null, item.title)}
        />
      ) : null}
      {item.trust ? <TrustBadges trust={item.trust} tz={tz} listing={listing} beaconReady={Boolean(token)} /> : null}
      {preview ? null : (
        <div className="row gap-sm listing-links">
          {item.slug && isFamily(kind, 'directory') ? <SuggestEditLink kind={kind} slug={item.slug} /> : null}
          <ReportLink kind={kind} id={item.id} title={item.title} />
        </div>
      )}
    </>
  );
}

/** "Suggest an edit" under an expert or outlet: its own page, whose form works without scripts. */
export function SuggestEditLink({ kind, slug }: { kind: TListingKind; slug: string }) {
  const t = useT(messages);
  return (
    <a href={suggestEditPath(kind, slug)} className="link-button small report-link" rel="nofollow">
      {t('trust.suggestEdit')}
    </a>
  );
}

/**
 * "Report" under every public record: a link to the record's report page (which works without scripts) that opens
 * the same form in a dialog in place (`data-opens`, the start script), before the app runs and after.
 */
export function ReportLink({ kind, id, title }: { kind: TContentKind; id: string; title: string }) {
  const t = useT(messages);
  const dialog = `report-${kind}-${id}`;
  return (
    <>
      <a href={reportPath(kind, id)} data-opens={dialog} className="link-button small report-link" rel="nofollow">
        {t(
          kind === 'news'
            ? 'trust.report.article'
            : kind === 'feature'
              ? 'trust.report.feature'
              : 'trust.report.listing',
        )}
      </a>
      <ReportDialog id={dialog} kind={kind} record={id} title={title} />
    </>
  );
}

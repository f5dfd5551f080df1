import type { TListingKind } from '@chaupal/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSpecText, useT } from '../../app/i18n';
import { useServices } from '../../app/services';
import type { Session } from '../../app/session';
import { Button, Dialog } from '../../components/ui/ui';
import { messages } from '../../locales/en/dashboard.json?lingui';
import { suggestionsApi, suggestionsKey } from './suggestions-api';

/** The decisions, a chunk of its own: loaded when an owner opens a listing's suggestions. */
const SuggestionsPanel = lazy(() => import('./suggestions-panel'));

/**
 * "2 suggested edits" on a listing's card when visitors suggested corrections to it, opening them to be accepted or
 * rejected field by field. Every card reads the same list of the owner's open suggestions (one request).
 */
export function SuggestedEdits({
  session,
  kind,
  listing,
}: {
  session: Session;
  kind: TListingKind;
  listing: { id: string; title: string };
}) {
  const t = useT(messages);
  const specText = useSpecText();
  const { apiFetch } = useServices();
  const navigate = useNavigate();
  const api = useMemo(() => suggestionsApi(apiFetch, session, navigate), [apiFetch, session, navigate]);
  const { data } = useQuery({ queryKey: suggestionsKey(session.user.id), queryFn: api.mine });
  const [open, setOpen] = useState(false);
  const suggestions = (data ?? []).filter((s) => s.kind === kind && s.listing.id === listing.id);
  if (!suggestions.length && !open) return null;
  return (
    <div className="row gap-xs">
      <Button size="xs" variant="light" onClick={() => setOpen(true)}>
        {t('dashboard.suggestions.count', { count: suggestions.length })}
      </Button>
      {open ? (
        <Dialog open onClose={() => setOpen(false)} title={t('dashboard.suggestions.title', { title: listing.title })}>
          <Suspense fallback={<p role="status">{specText('Loading')}</p>}>
            <SuggestionsPanel api={api} userId={session.user.id} kind={kind} listingId={listing.id} />
          </Suspense>
        </Dialog>
      ) : null}
    </div>
  );
}

import type { TListingKind, TSuggestion } from '@chaupal/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import type { ContentOf, Page } from '../../api/queries';
import { useLang, useSpecText, useT } from '../../app/i18n';
import { useServices } from '../../app/services';
import { formatDay } from '../../components/dates';
import { SuggestionDecisions, type TDecisions } from '../../components/suggestions/suggestion-decisions';
import { notify } from '../../components/toasts';
import { messages } from '../../locales/en/dashboard.json?lingui';
import { type SuggestionsApi, suggestionsKey } from './suggestions-api';

/** The listing's status in the owner's list as last read: `pending` while an edit waits for an admin. */
function listingStatus(client: QueryClient, kind: TListingKind, id: string) {
  for (const [, page] of client.getQueriesData<Page<ContentOf<TListingKind>>>({ queryKey: ['mine', kind] })) {
    const item = page?.data.find((i) => i.id === id);
    if (item) return item.status;
  }
  return undefined;
}

/**
 * A listing's open suggestions, each decided field by field. A decision updates the card's count at once; an accepted
 * change is the owner's edit of the listing, so the list is read again and the toast says whether it waits for an
 * admin's approval, as any edit does.
 */
export default function SuggestionsPanel({
  api,
  userId,
  kind,
  listingId,
}: {
  api: SuggestionsApi;
  userId: string;
  kind: TListingKind;
  listingId: string;
}) {
  const t = useT(messages);
  const specText = useSpecText();
  const client = useQueryClient();
  const lang = useLang();
  const { siteTz } = useServices();
  const key = suggestionsKey(userId);
  // The suggestions as they were opened, each replaced by its answer: a decided one stays in view, marked.
  const [shown, setShown] = useState(() =>
    (client.getQueryData<TSuggestion[]>(key) ?? []).filter((s) => s.kind === kind && s.listing.id === listingId),
  );

  async function decide(s: TSuggestion, decisions: TDecisions) {
    const toast = `suggestion-${s.id}`;
    try {
      const next = await api.decide(s.id, decisions);
      setShown((all) => all.map((x) => (x.id === next.id ? next : x)));
      client.setQueryData<TSuggestion[]>(key, (old) =>
        old?.map((x) => (x.id === next.id ? next : x)).filter((x) => x.status === 'open'),
      );
      if (!Object.values(decisions).includes('accept')) {
        notify(t('dashboard.suggestions.rejected'), { key: toast });
        return;
      }
      await client.invalidateQueries({ queryKey: ['mine', kind] });
      const pending = listingStatus(client, kind, listingId) === 'pending';
      notify(t(pending ? 'dashboard.suggestions.afterApproval' : 'dashboard.suggestions.updated'), { key: toast });
    } catch (err) {
      notify(err instanceof ApiError ? specText(err.body.error) : t('dashboard.suggestions.notSaved'), {
        tone: 'error',
        key: toast,
      });
      // Decided elsewhere meanwhile (another tab, an admin): show what stands now.
      if (err instanceof ApiError && err.status === 409) await client.invalidateQueries({ queryKey: key });
    }
  }

  if (!shown.length) return <p className="muted">{t('dashboard.suggestions.none')}</p>;
  return (
    <div className="stack gap-lg suggestions-panel">
      <p className="small muted">{t('dashboard.suggestions.howItWorks')}</p>
      {shown.map((s) => (
        <SuggestionDecisions
          key={s.id}
          suggestion={s}
          date={formatDay(s.createdAt, siteTz, lang)}
          onDecide={(d) => decide(s, d)}
        />
      ))}
    </div>
  );
}

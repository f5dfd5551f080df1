import type { TSuggestion } from '@chaupal/contract';
import type { ApiFetch } from '../../api/client';
import type { Session } from '../../app/session';
import { jsonBody, signedInCall } from '../../app/signed-in';
import type { TDecisions } from '../../components/suggestions/suggestion-decisions';

/** The query of the open suggestions for the signed-in owner's listings, which every listing's card reads. */
export const suggestionsKey = (userId: string) => ['suggestions', 'mine', userId] as const;

/** An owner's suggested edits: the open ones for their listings, and their decisions, field by field. */
export function suggestionsApi(apiFetch: ApiFetch, session: Session, go: (to: string) => void) {
  const call = signedInCall(apiFetch, session, go);
  return {
    mine: () => call<{ data: TSuggestion[] }>('/suggestions/mine').then((r) => r.data),
    decide: (id: string, decisions: TDecisions) =>
      call<{ data: TSuggestion; message: string }>(`/suggestions/${id}/decide`, jsonBody({ decisions }, 'POST')).then(
        (r) => r.data,
      ),
  };
}
export type SuggestionsApi = ReturnType<typeof suggestionsApi>;

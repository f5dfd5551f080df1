import type { TContentKind, TRevision, TRevisionDetail } from '@chaupal/contract';
import type { ApiFetch } from '../../api/client';
import type { ContentOf } from '../../api/queries';
import type { Session } from '../../app/session';
import { jsonBody, signedInCall } from '../../app/signed-in';

/** The queries of a record's history: the list, and each revision under it. */
export const revisionsKey = (kind: TContentKind, id: string) => ['revisions', kind, id] as const;

/** A record's revisions (decision 033): the history, one revision with its changes, and restoring one. */
export function revisionsApi(apiFetch: ApiFetch, session: Session, go: (to: string) => void) {
  const call = signedInCall(apiFetch, session, go);
  const base = (kind: TContentKind, id: string) => `/revisions/${kind}/${encodeURIComponent(id)}`;
  return {
    list: (kind: TContentKind, id: string) => call<{ data: TRevision[] }>(base(kind, id)).then((r) => r.data),
    get: (kind: TContentKind, id: string, revisionId: string) =>
      call<{ data: TRevisionDetail }>(`${base(kind, id)}/${encodeURIComponent(revisionId)}`).then((r) => r.data),
    restore: <K extends TContentKind>(kind: K, id: string, revisionId: string) =>
      call<{ data: ContentOf<K>; message: string }>(
        `${base(kind, id)}/${encodeURIComponent(revisionId)}/restore`,
        jsonBody({}, 'POST'),
      ),
  };
}

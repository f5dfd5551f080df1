import type { TContentKind, TPreviewCreated, TPreviewLink } from '@chaupal/contract';
import { type ApiFetch, qs } from '../../api/client';
import type { Session } from '../../app/session';
import { jsonBody, signedInCall } from '../../app/signed-in';

/** The query of one record's preview links. */
export const previewLinksKey = (kind: TContentKind, id: string) => ['previews', kind, id] as const;

/** A record's preview links (decision 033): make one, list them, revoke one. */
export function previewsApi(apiFetch: ApiFetch, session: Session, go: (to: string) => void) {
  const call = signedInCall(apiFetch, session, go);
  return {
    list: (kind: TContentKind, id: string) =>
      call<{ data: TPreviewLink[] }>(`/previews${qs({ kind, id })}`).then((r) => r.data),
    create: (kind: TContentKind, id: string, days: number) =>
      call<{ data: TPreviewCreated; message: string }>('/previews', jsonBody({ kind, id, days }, 'POST')).then(
        (r) => r.data,
      ),
    revoke: (id: string) => call<{ message: string }>(`/previews/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  };
}

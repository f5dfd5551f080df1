import type { TContentKind, TInsight, TListingKind, TPersonalData, TUser } from '@chaupal/contract';
import { apiPath, CONTENT_KINDS } from '@chaupal/contract/content-kinds';
import { MESSAGES } from '@chaupal/contract/messages';
import { ApiError, type ApiFetch, callApi, qs } from '../api/client';
import type { ContentOf, Page } from '../api/queries';
import { notify } from '../components/toasts';
import { clearSession, type Session } from './session';

/** The toast key of "Access Denied!", which verifying the account dismisses. */
export const ACCESS_DENIED = 'access-denied';

/**
 * Calls for a signed-in user: the bearer token goes along, and a failure runs SPEC §8's shared session handler
 * before the error reaches the caller: 401 or a held account logs out and goes home; an unverified account is told
 * "Verification Needed" / "Access Denied!" and sent to its profile after 1 s. Content calls go to each kind's SPEC §7
 * contributor paths (the registry's `api`).
 */

/** One signed-in call: the token goes along and a failure runs the shared session handler first. */
export function signedInCall(apiFetch: ApiFetch, session: Session, go: (to: string) => void) {
  return async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    try {
      return await callApi<T>(apiFetch, path, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${session.token}` },
      });
    } catch (err) {
      if (err instanceof ApiError && (err.status === 401 || (err.status === 403 && err.body.status === 'hold'))) {
        clearSession();
        go('/');
      } else if (err instanceof ApiError && err.status === 403 && err.body.status === 'active') {
        notify(MESSAGES.accessDenied, { title: MESSAGES.verificationNeeded, tone: 'error', key: ACCESS_DENIED });
        setTimeout(() => go('/?openProfile=true'), 1000);
      }
      throw err;
    }
  };
}

/** A JSON request body. */
export const jsonBody = (body: object, method: string): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

export function signedInApi(apiFetch: ApiFetch, session: Session, go: (to: string) => void) {
  const call = signedInCall(apiFetch, session, go);
  const json = jsonBody;
  return {
    profile: () => call<{ data: TUser }>('/user/profile/view').then((r) => r.data),
    updateProfile: (body: {
      name: string;
      email: string;
      phone: string;
      password?: string;
      confirmPassword?: string;
    }) => call<{ data: TUser; token?: string }>('/user/profile/update', json(body, 'PUT')),
    /** The user's own records of a kind, in every status (SPEC §7 `…/user` lists). */
    mine: <K extends TContentKind>(kind: K, page: number) =>
      call<Page<ContentOf<K>>>(`${CONTENT_KINDS[kind].api.mine}${qs({ page })}`),
    /** One of the user's records by id, in any status. */
    view: <K extends TContentKind>(kind: K, id: string) =>
      call<{ data: ContentOf<K> }>(apiPath(CONTENT_KINDS[kind].api.view, { id })).then((r) => r.data),
    /** Multipart create (POST) or edit (PATCH) of SPEC §7. */
    save: <K extends TContentKind>(kind: K, id: string | null, form: FormData) => {
      const { api } = CONTENT_KINDS[kind];
      return call<{ data: ContentOf<K>; message: string }>(id ? apiPath(api.edit, { id }) : api.add, {
        method: id ? 'PATCH' : 'POST',
        body: form,
      });
    },
    /** Everything the site keeps about the user ("Download my data"). */
    personalData: () => call<{ data: TPersonalData }>('/user/profile/data').then((r) => r.data),
    /** Sends the code that confirms deleting the account to the user's e-mail. */
    deletionCode: () =>
      call<{ data: { verificationId: string; sentTo: string }; message: string }>(
        '/user/profile/delete/code',
        json({}, 'POST'),
      ),
    deleteAccount: (verificationId: string, token: string) =>
      call<{ message: string }>('/user/profile/delete', json({ verificationId, token }, 'POST')),
    /** The owner confirms a listing's details are current. */
    confirm: (kind: TListingKind, id: string) =>
      call<{ data: { confirmedAt: string }; message: string }>(`/listings/${kind}/${id}/confirm`, json({}, 'POST')),
    /** A listing's views and contact clicks, this month and the last 30 days (owner or admin). */
    insight: (kind: TListingKind, id: string) =>
      call<{ data: TInsight }>(`/listings/${kind}/${id}/insight`).then((r) => r.data),
    remove: (kind: TContentKind, id: string) =>
      call<{ success: true; message: string }>(apiPath(CONTENT_KINDS[kind].api.remove, { id }), { method: 'DELETE' }),
  };
}

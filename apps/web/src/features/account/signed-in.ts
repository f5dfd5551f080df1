import type { TUser } from '@chaupal/contract';
import { MESSAGES } from '@chaupal/contract/messages';
import { ApiError, type ApiFetch, callApi } from '../../api/client';
import { notify } from '../../components/toasts';
import { clearSession, type Session } from './session';

/**
 * Calls for a signed-in user: the bearer token goes along, and a failure runs SPEC §8's shared session handler
 * before the error reaches the caller: 401 or a held account logs out and goes home; an unverified account is told
 * "Verification Needed" / "Access Denied!" and sent to its profile after 1 s.
 */
export function signedInApi(apiFetch: ApiFetch, session: Session, go: (to: string) => void) {
  const call = async <T>(path: string, init: RequestInit = {}) => {
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
        notify(MESSAGES.accessDenied, { title: MESSAGES.verificationNeeded, tone: 'error' });
        setTimeout(() => go('/?openProfile=true'), 1000);
      }
      throw err;
    }
  };
  const json = (body: object, method: string): RequestInit => ({
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return {
    profile: () => call<{ data: TUser }>('/user/profile/view').then((r) => r.data),
    updateProfile: (body: {
      name: string;
      email: string;
      phone: string;
      password?: string;
      confirmPassword?: string;
    }) => call<{ data: TUser; token?: string }>('/user/profile/update', json(body, 'PUT')),
  };
}

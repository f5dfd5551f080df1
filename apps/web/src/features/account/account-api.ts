import type { TUser } from '@chaupal/contract';
import { type ApiFetch, callApi } from '../../api/client';

const json = (body: object, method = 'POST'): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** The account calls of SPEC §7, typed. */
export function accountApi(apiFetch: ApiFetch) {
  return {
    login: (userName: string, password: string) =>
      callApi<{ data: TUser; token: string; message: string }>(apiFetch, '/login', json({ userName, password })),
    register: (body: { name: string; email: string; phone: string; password: string }) =>
      callApi<{
        data: { emailVerficationId: string; phoneVerficationId: string; user: { id: string; email: string } };
      }>(apiFetch, '/user/customer/register', json(body)),
    requestCode: (userName: string, verificationType: 1 | 2 | 3) =>
      callApi<{ data: { verificationId: string; userId?: string }; message: string }>(
        apiFetch,
        '/user/verification/token/request',
        json({ userName, verificationType }),
      ),
    validateCode: (userId: string, verificationId: string, token: string) =>
      callApi<{ success: true }>(
        apiFetch,
        '/user/verification/token/validate',
        json({ userId, verificationId, token }),
      ),
    resetPassword: (userId: string, verificationId: string, password: string) =>
      callApi<{ success: true }>(apiFetch, `/user/${userId}/password/reset`, json({ verificationId, password }, 'PUT')),
  };
}
export type AccountApi = ReturnType<typeof accountApi>;

import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../app';

export type TMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The one way API tests call the API: `call(method, url, { token, payload })` under the API prefix, with a bearer
 * token when given, and the usual verbs as shorthands. Takes what holds the app (a test context) and reads its app
 * at call time, so it can be made before `beforeAll` has built it.
 */
export function api(holder: { app: FastifyInstance } | (() => { app: FastifyInstance })) {
  const app = () => (typeof holder === 'function' ? holder() : holder).app;
  const call = (method: TMethod, url: string, opts: { token?: string; payload?: object } = {}) =>
    app().inject({
      method,
      url: `${API_PREFIX}${url}`,
      payload: opts.payload,
      headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
    });
  return {
    call,
    get: (url: string, token?: string) => call('GET', url, { token }),
    post: (url: string, payload: object, token?: string) => call('POST', url, { token, payload }),
    put: (url: string, payload: object, token?: string) => call('PUT', url, { token, payload }),
    patch: (url: string, payload: object, token?: string) => call('PATCH', url, { token, payload }),
    delete: (url: string, token?: string) => call('DELETE', url, { token }),
  };
}

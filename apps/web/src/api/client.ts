import type { TErrorBody } from '@chaupal/contract';

export const API_BASE = '/api/backend/v1';

/** What the app reads of an API answer: a fetch Response in the browser, the in-process answer on the server. */
export type ApiResponse = Pick<Response, 'status' | 'ok' | 'json'>;

/** How the app reaches the API: `fetch` in the browser, an in-process call on the server (DESIGN §2). */
export type ApiFetch = (path: string, init?: RequestInit) => Promise<ApiResponse>;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: TErrorBody,
  ) {
    super(body.error);
  }

  /** What to tell the person: the first field error the server named, else its error. */
  get firstMessage(): string {
    return this.body.details?.[0]?.errors[0] ?? this.body.error;
  }
}

export const browserFetch: ApiFetch = (path, init) => fetch(`${API_BASE}${path}`, init);

/** One typed call: the body of a 2xx answer, or an ApiError with the SPEC §8 body. */
export async function callApi<T>(apiFetch: ApiFetch, path: string, init?: RequestInit): Promise<T> {
  const res = await apiFetch(path, init);
  const body = res.status === 204 ? {} : await res.json().catch(() => ({}));
  if (!res.ok) {
    throw new ApiError(res.status, {
      success: false,
      error: 'Something went wrong.',
      ...(body as object),
    } as TErrorBody);
  }
  return body as T;
}

/** A query string without empty values. */
export function qs(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') search.set(k, String(v));
  const s = search.toString();
  return s ? `?${s}` : '';
}

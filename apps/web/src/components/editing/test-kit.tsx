import type { TUser } from '@chaupal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ApiFetch } from '../../api/client';
import { publicQueries } from '../../api/queries';
import { ServicesProvider } from '../../app/services';
import { signedInApi } from '../../app/signed-in';

/** A request a form sent. */
export interface Sent {
  method: string;
  path: string;
  form: FormData;
}

/**
 * Component tests of the content forms: the API answered by a small in-memory transport (GETs from `reads` by path,
 * a function there answering when its promise settles; writes recorded in `sent` and answered with `answer`, or
 * failing as offline), and everything from the form to the request the real code.
 */
export function formHarness(
  reads: Record<string, object | (() => Promise<object>)>,
  answer?: { status: number; body: object } | 'offline',
  siteTz = 'UTC',
) {
  const sent: Sent[] = [];
  const json = (body: object, status = 200) =>
    Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  const apiFetch: ApiFetch = (path, init) => {
    const method = init?.method ?? 'GET';
    if (method !== 'GET') {
      // A phone that lost its connection: the request never reaches the server.
      if (answer === 'offline') return Promise.reject(new TypeError('Failed to fetch'));
      sent.push({ method, path, form: init?.body as FormData });
      return json(answer?.body ?? { success: true, message: 'Edited Successfully', data: {} }, answer?.status);
    }
    const hit = reads[path] ?? reads[path.split('?')[0]];
    if (typeof hit === 'function') return hit().then((data: object) => json({ data }));
    return hit ? json({ data: hit }) : json({ success: false, error: 'Not found' }, 404);
  };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <ServicesProvider value={{ apiFetch, queries: publicQueries(apiFetch), publicUrl: 'http://x', siteTz }}>
        {children}
      </ServicesProvider>
    </QueryClientProvider>
  );
  const api = signedInApi(apiFetch, { token: 't', user: { id: 'u1' } as TUser }, () => {});
  return { sent, wrapper, api };
}

export const labelOf = (el: Element) => el.textContent?.replace('*', '').trim();

/** The labels of the open dialog's controls, in the order they stand. */
export const labels = () =>
  [...document.querySelectorAll('dialog .field > label, dialog .field > legend, dialog [id$="-label"]')]
    .map(labelOf)
    .filter((t, i, all) => t && all.indexOf(t) === i);

/** The field (control, label and error) whose label reads `label`. */
export const fieldNamed = (label: string) => {
  const el = [...document.querySelectorAll('dialog .field > label, dialog .field > legend')].find(
    (l) => labelOf(l) === label,
  );
  if (!el) throw new Error(`no field labelled ${label}`);
  return el.closest('.field') as HTMLElement;
};

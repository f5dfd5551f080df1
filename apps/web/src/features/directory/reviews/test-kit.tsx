import type { TExpert, TRatingSummary, TReview, TReviewsBody, TSite, TUser } from '@chaupal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ApiFetch } from '../../../api/client';
import { publicQueries } from '../../../api/queries';
import { SiteProvider } from '../../../api/use-site';
import { LangProvider, type TUiLang } from '../../../app/i18n';
import { ServicesProvider } from '../../../app/services';
import { saveSession } from '../../../app/session';
import ToastRegion from '../../../components/toast-region';
import { LinkFollower } from '../../../components/ui/link';

/**
 * The reviews' tests' data and surroundings: reviews and a listing's rating as the API answers them, an API answered
 * from a table (its writes recorded), a signed-in person, and a page rendered in the app's providers and a router.
 */
export const LISTING_ID = '6f1c2b1e-8a39-4f0e-9d51-3c1f4b7a2d10';
export const OWNER = 'u-owner';
export const LISTING = { kind: 'expert' as const, id: LISTING_ID, slug: 'dr-mehta', userId: OWNER };

/** The listing: an expert as the API's detail answers it. */
export function buildExpert(over: Partial<TExpert> = {}): TExpert {
  return {
    id: LISTING_ID,
    slug: 'dr-mehta',
    title: 'Dr. Mehta',
    description: '<p>Family doctor.</p>',
    status: 'active',
    userId: OWNER,
    createdBy: { status: 'active' },
    circles: [{ id: 'c1', name: 'Sitapur', slug: 'sitapur' }],
    blocks: [],
    documents: [],
    metaTitle: '',
    metaDescription: '',
    metaKeywords: '',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    trust: { verifiedPhone: false, verifiedBusinessAt: null, confirmedAt: null, updatedOn: '2026-01-01T00:00:00.000Z' },
    call_now: '+919876543210',
    whatsapp_no: null,
    map_url: null,
    website_url: null,
    street_address: null,
    pin_code: null,
    latitude: null,
    longitude: null,
    opening_hours: null,
    closed_at: null,
    rating: { count: 0, average: null },
    content: '',
    image: null,
    services: [{ id: 's1', title: 'Doctors', slug: 'doctors', status: 'active' }],
    ...over,
  };
}

export function buildReview(over: Partial<TReview> = {}): TReview {
  return {
    id: 'r1',
    rating: 4,
    text: 'Saw me the same day.\nClear advice.',
    author: { id: 'u-asha', name: 'Asha Verma' },
    createdAt: '2026-11-02T06:30:00.000Z',
    editedAt: null,
    helpful: 3,
    reply: null,
    ...over,
  };
}

export function buildBody(
  reviews: TReview[],
  summary: Partial<TRatingSummary> = {},
  meta: Partial<TReviewsBody['meta']> = {},
): TReviewsBody {
  const count = summary.count ?? reviews.length;
  return {
    success: true,
    data: reviews,
    meta: { page: 1, pageSize: 10, total: count, ...meta },
    summary: { count, average: null, histogram: [0, 0, 0, 0, 0], ...summary },
  };
}

/** A request the page sent. */
export interface Sent {
  method: string;
  path: string;
  body?: unknown;
}

/**
 * An API answering GETs from `reads` by path (then without its query) and 404 otherwise; every other request is
 * recorded in `sent` and answered from `writes` by "METHOD path" ({success: true} when not listed).
 */
export function fakeApi(reads: Record<string, object>, writes: Record<string, { status: number; body: object }> = {}) {
  const sent: Sent[] = [];
  const json = (body: object, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const apiFetch: ApiFetch = async (path, init) => {
    const method = init?.method ?? 'GET';
    if (method === 'GET') {
      const body = reads[path] ?? reads[path.split('?')[0]];
      return body ? json(body) : json({ success: false, error: 'Not found.' }, 404);
    }
    sent.push({ method, path, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    const answer = writes[`${method} ${path}`];
    return json(answer?.body ?? { success: true }, answer?.status);
  };
  return { apiFetch, sent };
}

/** Signs a verified person in, as the sign-in dialog leaves them in local storage. */
export function signIn(id: string, name = 'Ravi Kumar') {
  const user: TUser = {
    id,
    name,
    email: `${id}@example.com`,
    phone: '+919876500000',
    role: 'customer',
    status: 'active',
    emailVerified: true,
    phoneVerified: true,
    verifications: { email: null, phone: null },
  };
  saveSession('token', user);
}

const SITE = {
  siteName: 'Chaupal',
  keywords: { page_title: 'Chaupal', page_Description: '', page_keywords: '' },
  logo: { Logo: null },
  contactUs: {},
} as unknown as TSite;

/**
 * Renders `element` at `path` (its route `pattern`) in the app's providers, with the toasts' region and a page at
 * every other address that names itself, so a test can see where the page went.
 */
export function renderPage(
  element: ReactNode,
  o: { apiFetch: ApiFetch; path?: string; pattern?: string; lang?: TUiLang; client?: QueryClient },
) {
  const client = o.client ?? new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const services = {
    apiFetch: o.apiFetch,
    queries: publicQueries(o.apiFetch),
    publicUrl: 'https://chaupal.example',
    siteTz: 'Asia/Kolkata',
  };
  const router = createMemoryRouter(
    [
      { path: o.pattern ?? '/experts/:id', element: <LinkFollower>{element}</LinkFollower> },
      { path: '*', element: <p data-testid="elsewhere">elsewhere</p> },
    ],
    { initialEntries: [o.path ?? '/experts/dr-mehta'] },
  );
  const view = render(
    <QueryClientProvider client={client}>
      <ServicesProvider value={services}>
        <SiteProvider value={SITE}>
          <LangProvider lang={o.lang ?? 'en'}>
            <RouterProvider router={router} />
            <ToastRegion />
          </LangProvider>
        </SiteProvider>
      </ServicesProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, client };
}

import type { TSite } from '@chaupal/contract';
import type { TEvent, TEventCard } from '@chaupal/contract/events';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ApiFetch } from '../../api/client';
import { publicQueries } from '../../api/queries';
import { SiteProvider } from '../../api/use-site';
import { LangProvider, type TUiLang } from '../../app/i18n';
import { ServicesProvider } from '../../app/services';

/**
 * The events area's tests' data and surroundings: an event as the API answers it (a weekly haat in Sitapur unless
 * told otherwise), and the providers a page renders in, with the API answered from a table of paths.
 */
export const SITE_URL = 'https://chaupal.example';
export const IST = 'Asia/Kolkata';

export function buildEvent(over: Partial<TEvent> = {}): TEvent {
  return {
    id: 'e1',
    slug: 'saturday-haat',
    title: 'Saturday haat',
    description: 'Vegetables, grain and cloth from the villages around.',
    status: 'active',
    userId: 'u1',
    createdBy: { status: 'active' },
    circles: [{ id: 'c1', name: 'Sitapur', slug: 'sitapur' }],
    blocks: [{ id: 'b1', name: 'Lalbagh', slug: 'lalbagh' }],
    documents: [],
    metaTitle: '',
    metaDescription: '',
    metaKeywords: '',
    createdAt: '2026-10-01T00:00:00.000Z',
    updatedAt: '2026-10-01T00:00:00.000Z',
    content: '<p>Every Saturday morning by the old tank.</p>',
    image: '/uploads/haat.jpg',
    eventType: { id: 't1', title: 'Markets', slug: 'markets' },
    eventTypeId: 't1',
    schedule: {
      startDate: '2026-11-28',
      startTime: '10:00',
      endDate: '2026-11-28',
      endTime: '13:00',
      repeat: { every: 'week', days: [6], until: '2027-01-30' },
    },
    next: { start: '2026-12-05T04:30:00.000Z', end: '2026-12-05T07:30:00.000Z', allDay: false },
    eventStatus: 'scheduled',
    previousStartDate: null,
    venue: null,
    venue_name: 'Old tank ground',
    street_address: 'Tank Road',
    pin_code: '261001',
    latitude: 27.5706,
    longitude: 80.6982,
    opening_hours: null,
    organiser: 'Sitapur Traders’ Association',
    call_now: '+919876543210',
    whatsapp_no: '9876543210',
    website_url: 'https://traders.example',
    entry: null,
    registration_url: null,
    language: 'en',
    ...over,
  };
}

/** The card of an event, as a list answers it. */
export function buildCard(over: Partial<TEvent> = {}): TEventCard {
  const e = buildEvent(over);
  return {
    id: e.id,
    slug: e.slug,
    title: e.title,
    description: e.description,
    image: e.image,
    schedule: e.schedule,
    next: e.next,
    eventStatus: e.eventStatus,
    previousStartDate: e.previousStartDate,
    venue_name: e.venue_name,
    street_address: e.street_address,
    entry: e.entry,
    language: e.language,
  };
}

/** What the pages' metadata reads of the site settings, which the layout hands down. */
export const SITE = {
  siteName: 'Chaupal',
  keywords: { page_title: 'Chaupal', page_Description: '', page_keywords: '' },
  logo: { Logo: null },
} as unknown as TSite;

/** An API answering GETs from `answers` by path (then by path without its query), and 404 otherwise. */
export function answering(answers: Record<string, object>): ApiFetch {
  return async (path) => {
    const body = answers[path] ?? answers[path.split('?')[0]];
    return new Response(JSON.stringify(body ?? { success: false, error: 'Not found' }), {
      status: body ? 200 : 404,
      headers: { 'content-type': 'application/json' },
    });
  };
}

/** The providers a page renders in: query cache, services (the site's zone, the render's instant), site, language. */
export function providers(o: { apiFetch?: ApiFetch; renderedAt?: number; lang?: TUiLang; client?: QueryClient } = {}) {
  const apiFetch = o.apiFetch ?? answering({});
  const client = o.client ?? new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const services = {
    apiFetch,
    queries: publicQueries(apiFetch),
    publicUrl: SITE_URL,
    siteTz: IST,
    renderedAt: o.renderedAt,
  };
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <ServicesProvider value={services}>
        <SiteProvider value={SITE}>
          <LangProvider lang={o.lang ?? 'en'}>{children}</LangProvider>
        </SiteProvider>
      </ServicesProvider>
    </QueryClientProvider>
  );
}

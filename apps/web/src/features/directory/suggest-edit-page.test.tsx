// @vitest-environment happy-dom
import type { TExpert, TSite } from '@chaupal/contract';
import type { TFormOutcome } from '@chaupal/contract/form-outcome';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiFetch } from '../../api/client';
import { publicQueries } from '../../api/queries';
import { SiteProvider } from '../../api/use-site';
import { addMessages, LangProvider, type TUiLang } from '../../app/i18n';
import { ServicesProvider } from '../../app/services';
import { messages as hindiEditing } from '../../locales/hi/editing.json?lingui';
import { messages as hindi } from '../../locales/hi/suggestedit.json?lingui';
import SuggestEditForm from './suggest-edit-form';
import { SuggestEditPage } from './suggest-edit-page';

/**
 * "Suggest an edit" as a visitor meets it: the listing's details filled in, only what they change sent to
 * `POST /suggestions/expert/{id}`, the API's errors under the fields, and the thanks (nothing of the owner's).
 */
const expert = {
  id: 'x1',
  slug: 'dr-sharma',
  title: 'Dr. Sharma’s Clinic',
  call_now: '+919876543210',
  whatsapp_no: null,
  street_address: 'Station Road',
  pin_code: '261001',
  latitude: 27.5706,
  longitude: 80.6982,
  opening_hours: { weekly: { mon: [{ open: '09:00', close: '18:00' }] }, exceptions: [] },
  closed_at: null,
} as unknown as TExpert;
const SITE = { siteName: 'Chaupal', keywords: { page_title: 'Chaupal' }, logo: { Logo: null } } as unknown as TSite;

interface Sent {
  path: string;
  body: Record<string, unknown>;
}

/** The page at `/experts/dr-sharma/suggest-edit`; a POST is answered with `answer` (201 by default) and kept. */
function show(o: { answer?: { status: number; body: object }; search?: string; outcome?: TFormOutcome } = {}) {
  const sent: Sent[] = [];
  const apiFetch: ApiFetch = async (path, init) => {
    if (init?.method === 'POST') sent.push({ path, body: JSON.parse(String(init.body)) });
    const { status, body } =
      init?.method === 'POST'
        ? (o.answer ?? { status: 201, body: { success: true, message: 'Thank you.' } })
        : path === '/experts/slug/dr-sharma'
          ? { status: 200, body: { success: true, data: expert, related: [] } }
          : { status: 404, body: { success: false, error: 'Not found' } };
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
  const services = {
    apiFetch,
    queries: publicQueries(apiFetch),
    publicUrl: 'https://chaupal.example',
    siteTz: 'Asia/Kolkata',
    formOutcome: o.outcome,
  };
  const router = createMemoryRouter(
    [
      {
        path: '/experts/:id/suggest-edit',
        element: (
          <Suspense fallback={null}>
            <SuggestEditPage kind="expert" />
          </Suspense>
        ),
      },
    ],
    { initialEntries: [`/experts/dr-sharma/suggest-edit${o.search ?? ''}`] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ServicesProvider value={services}>
        <SiteProvider value={SITE}>
          <RouterProvider router={router} />
        </SiteProvider>
      </ServicesProvider>
    </QueryClientProvider>,
  );
  return { sent };
}

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
/** The error under the field labelled `label`. */
const errorUnder = (label: RegExp) => field(label).closest('.field')?.querySelector('.field-error')?.textContent;
const send = () => userEvent.click(screen.getByRole('button', { name: 'Send suggestion' }));

afterEach(cleanup);

describe('the suggest-an-edit page', () => {
  it('fills the form with what the listing says now', async () => {
    show();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Suggest an edit');
    expect(screen.getByText('Dr. Sharma’s Clinic')).toBeTruthy();
    expect(((await screen.findByLabelText(/^Phone number/)) as HTMLInputElement).value).toBe('+919876543210');
    expect(field(/^WhatsApp number/).value).toBe('');
    expect(field(/^Street address/i).value).toBe('Station Road');
    expect(field(/^PIN code/i).value).toBe('261001');
    expect(field(/^Latitude/).value).toBe('27.5706');
    expect(field(/^Longitude/).value).toBe('80.6982');
    expect((screen.getByLabelText('Monday opens') as HTMLInputElement).value).toBe('09:00');
    expect(field(/^Permanently closed/).checked).toBe(false);
    expect(screen.getByText('Only for our thanks; never shown to the owner.')).toBeTruthy();
  });

  it('sends only the details the visitor changed, with the message and who they are', async () => {
    const { sent } = show();
    const whatsapp = await screen.findByLabelText(/^WhatsApp number/);
    await userEvent.type(whatsapp, '9876511111');
    await userEvent.clear(field(/^PIN code/i));
    await userEvent.type(field(/^PIN code/i), '261002');
    await userEvent.click(field(/^Permanently closed/));
    await userEvent.type(field(/^Anything else/), 'Moved next to the post office');
    await userEvent.type(field(/^Your name/), 'Asha');
    await userEvent.type(field(/^Your e-mail or phone/), 'asha@example.com');
    await send();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      path: '/suggestions/expert/x1',
      body: {
        whatsapp_no: '9876511111',
        pin_code: '261002',
        closed: 'true',
        message: 'Moved next to the post office',
        name: 'Asha',
        contact: 'asha@example.com',
        g_recaptcha_response: '',
      },
    });
  });

  it('sends changed hours and a moved pin whole', async () => {
    const { sent } = show();
    const closes = (await screen.findByLabelText('Monday closes')) as HTMLInputElement;
    await userEvent.clear(closes);
    await userEvent.type(closes, '20:00');
    await userEvent.clear(field(/^Longitude/));
    await userEvent.type(field(/^Longitude/), '80.7');
    await send();
    await waitFor(() => expect(sent).toHaveLength(1));
    const { opening_hours, latitude, longitude } = sent[0].body;
    expect(JSON.parse(String(opening_hours)).weekly.mon).toEqual([{ open: '09:00', close: '20:00' }]);
    expect([latitude, longitude]).toEqual(['27.5706', '80.7']);
  });

  it('says so and sends nothing when nothing was changed', async () => {
    const { sent } = show();
    await screen.findByLabelText(/^Phone number/);
    await send();
    expect((await screen.findByRole('alert')).textContent).toBe('Change at least one detail before sending.');
    expect(sent).toEqual([]);
  });

  it('shows the API’s errors under their fields, and the form stays', async () => {
    show({
      answer: {
        status: 400,
        body: {
          success: false,
          error: 'The request has invalid fields.',
          details: [
            { parameter: 'pin_code', errors: ['Must be a 6-digit PIN code'] },
            { parameter: 'whatsapp_no', errors: ['Invalid Number'] },
          ],
        },
      },
    });
    await userEvent.type(await screen.findByLabelText(/^WhatsApp number/), '12');
    await userEvent.clear(field(/^PIN code/i));
    await userEvent.type(field(/^PIN code/i), '2610');
    await send();
    await waitFor(() => expect(errorUnder(/^PIN code/i)).toBe('Must be a 6-digit PIN code'));
    expect(errorUnder(/^WhatsApp number/)).toBe('Invalid Number');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says the limit was reached above the button when the API answers 429', async () => {
    show({ answer: { status: 429, body: { success: false, error: 'Too many requests, try again later.' } } });
    await userEvent.type(await screen.findByLabelText(/^WhatsApp number/), '9876511111');
    await send();
    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests, try again later.');
  });

  it('thanks the visitor once it is sent, and shows nothing of the owner', async () => {
    show();
    await userEvent.type(await screen.findByLabelText(/^WhatsApp number/), '9876511111');
    await send();
    expect((await screen.findByRole('status')).textContent).toBe('Thank you. The owner will review your suggestion.');
    expect(screen.queryByRole('button', { name: 'Send suggestion' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Dr. Sharma’s Clinic' }).getAttribute('href')).toBe(
      '/experts/dr-sharma',
    );
  });

  it('thanks the visitor after a plain post (`?sent=1`), without the form', async () => {
    show({ search: '?sent=1' });
    expect((await screen.findByRole('status')).textContent).toBe('Thank you. The owner will review your suggestion.');
    expect(screen.queryByRole('button', { name: 'Send suggestion' })).toBeNull();
  });

  it('after a plain post the server refused, shows what was sent and the errors in place', async () => {
    show({
      outcome: {
        form: 'suggest',
        values: { call_now: '+919876543210', pin_code: '2610', message: 'New PIN', name: 'Asha', contact: '' },
        error: 'The request has invalid fields.',
        details: [{ parameter: 'pin_code', errors: ['Must be a 6-digit PIN code'] }],
      },
    });
    expect(((await screen.findByLabelText(/^PIN code/i)) as HTMLInputElement).value).toBe('2610');
    expect(errorUnder(/^PIN code/i)).toBe('Must be a 6-digit PIN code');
    expect(field(/^Anything else/).value).toBe('New PIN');
    expect(field(/^Your name/).value).toBe('Asha');
  });

  it('says "nothing to change" once, above the button, when the API finds every detail as it was', async () => {
    show({
      outcome: {
        form: 'suggest',
        values: {},
        error: 'Nothing to change',
        details: [
          { parameter: 'call_now', errors: ['The listing already says this'] },
          { parameter: 'pin_code', errors: ['The listing already says this'] },
        ],
      },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Change at least one detail before sending.');
    expect(errorUnder(/^PIN code/i)).toBeUndefined();
  });
});

describe('the suggest-an-edit form without scripts', () => {
  const html = (lang: TUiLang = 'en') =>
    renderToStaticMarkup(
      <ServicesProvider
        value={{
          apiFetch: async () => new Response('{}'),
          queries: publicQueries(async () => new Response('{}')),
          publicUrl: '',
          siteTz: 'Asia/Kolkata',
        }}
      >
        <LangProvider lang={lang}>
          <SuggestEditForm kind="expert" item={expert} action="/experts/dr-sharma/suggest-edit" onSent={() => {}} />
        </LangProvider>
      </ServicesProvider>,
    );

  it('posts to its own page with every detail named, the hours as JSON and the listing’s id', () => {
    const form = new DOMParser().parseFromString(html(), 'text/html').querySelector('form') as HTMLFormElement;
    expect([form.getAttribute('method'), form.getAttribute('action')]).toEqual([
      'post',
      '/experts/dr-sharma/suggest-edit',
    ]);
    const named = Object.fromEntries(
      [...form.querySelectorAll<HTMLInputElement>('[name]')].map((el) => [el.name, el.value]),
    );
    expect(named).toEqual({
      id: 'x1',
      call_now: '+919876543210',
      whatsapp_no: '',
      street_address: 'Station Road',
      pin_code: '261001',
      latitude: '27.5706',
      longitude: '80.6982',
      opening_hours: JSON.stringify(expert.opening_hours),
      closed: 'true',
      message: '',
      name: '',
      contact: '',
    });
    // The hours editor and the map need the app: touching them starts it.
    expect(form.querySelector('[data-app] .place-fields')).toBeTruthy();
  });

  it('speaks Hindi on a page in Hindi', () => {
    addMessages('hi', hindi);
    addMessages('hi', hindiEditing);
    const page = html('hi');
    expect(page).toContain('स्थायी रूप से बंद');
    expect(page).toContain('सुझाव भेजें');
    expect(page).toContain('सिर्फ़ आपको धन्यवाद देने के लिए; मालिक को कभी नहीं दिखाया जाता।');
  });
});

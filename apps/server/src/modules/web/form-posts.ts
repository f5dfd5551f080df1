import type { Readable } from 'node:stream';
import type { TFormOutcome } from '@chaupal/contract';
import { CONTENT_KINDS } from '@chaupal/contract/content-kinds';
import { UPLOAD_LIMITS } from '@chaupal/contract/limits';
import { LISTING_KINDS } from '@chaupal/contract/trust-values';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import pLimit from 'p-limit';
import { formText } from '../../platform/form-input';

/** Renders a page with a form's outcome in place (web.routes.ts). */
type RenderWith = (req: FastifyRequest, reply: FastifyReply, path: string, outcome: TFormOutcome) => Promise<unknown>;

/** The report and suggest-an-edit forms: short texts, and a listing's opening hours with their special days. */
const FORM_BODY_LIMIT = 64 * 1024;
/** The contact form carries one document at most, and its fields. */
const CONTACT_BODY_LIMIT = UPLOAD_LIMITS.documentBytes + 256 * 1024;
/** Contact bodies read into memory at once; more wait their turn unread. */
const CONTACT_BODIES_AT_ONCE = 2;
/** The contact form's text fields, as it names them. */
const CONTACT_FIELDS = ['name', 'phone', 'email', 'message'];
/**
 * The suggest-an-edit form's fields: a listing's details (hours as JSON text, the pin as latitude and longitude,
 * "permanently closed" a checkbox), a message, and the visitor's name and contact.
 */
const SUGGESTION_FIELDS = [
  'call_now',
  'whatsapp_no',
  'street_address',
  'pin_code',
  'opening_hours',
  'latitude',
  'longitude',
  'closed',
  'message',
  'name',
  'contact',
];

/** The whole body of a request, or null once it passes `limit` bytes (the rest is not read). */
async function readBody(stream: Readable, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      stream.destroy();
      return null;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The contact form's text fields from its multipart body, to fill the form again; none if it cannot be read. */
async function textFields(body: Buffer, type: string): Promise<Record<string, string>> {
  try {
    const form = await new Response(body, { headers: { 'content-type': type } }).formData();
    return Object.fromEntries(
      CONTACT_FIELDS.map((f) => [f, form.get(f)]).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
  } catch {
    return {};
  }
}

/** What the API answered, as its error body says it (SPEC §8). */
function errorOf(payload: string): Pick<TFormOutcome, 'error' | 'details'> {
  try {
    const body = JSON.parse(payload) as { error?: unknown; details?: TFormOutcome['details'] };
    return { error: typeof body.error === 'string' ? body.error : '', details: body.details };
  } catch {
    return { error: '' };
  }
}

/**
 * The public forms as plain HTML posts, for a browser that runs none of the app (scripts off, or not arrived yet):
 * the contact form (`POST /contact`, multipart), a listing's report form (`POST /report/{kind}/{id}`, urlencoded) and
 * an expert's or outlet's suggest-an-edit form (`POST /experts/{slug}/suggest-edit`, urlencoded, the listing's id in
 * the form). Each is handed to its API route in-process as the visitor's own request (their address, so the rate
 * limits count them): a success goes to the page that says so (303, so a reload sends nothing twice), an error
 * renders the form's page again with the errors under its fields and what was typed (400).
 */
export function registerFormPosts(app: FastifyInstance, render: RenderWith) {
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_req, body, done) =>
        done(
          null,
          Object.fromEntries([...new URLSearchParams(String(body))].map(([name, value]) => [name, formText(value)])),
        ),
    );
    const opts = { schema: { hide: true } };

    scope.post<{ Params: { kind: string; id: string } }>('/report/:kind/:id', opts, async (req, reply) => {
      const { kind, id } = req.params;
      const form = (req.body ?? {}) as Record<string, string | undefined>;
      const values = { reason: form.reason ?? '', message: form.message ?? '', contact: form.contact ?? '' };
      const res = await app.inject({
        method: 'POST',
        url: '/api/backend/v1/reports',
        remoteAddress: req.ip,
        headers: { 'content-type': 'application/json', 'user-agent': req.headers['user-agent'] ?? '' },
        payload: JSON.stringify({ kind, id, ...values, g_recaptcha_response: form['g-recaptcha-response'] ?? '' }),
      });
      const path = `/report/${encodeURIComponent(kind)}/${encodeURIComponent(id)}`;
      if (res.statusCode < 300) return reply.redirect(`${path}?sent=1`, 303);
      return render(req, reply, path, { form: 'report', values, ...errorOf(res.payload) });
    });

    // Every detail the form holds is sent, changed or not: the API keeps only what differs from the listing now.
    for (const kind of LISTING_KINDS) {
      const base = CONTENT_KINDS[kind].detailPath;
      scope.post<{ Params: { slug: string } }>(`${base}:slug/suggest-edit`, opts, async (req, reply) => {
        const form = (req.body ?? {}) as Record<string, string | undefined>;
        const values = Object.fromEntries(SUGGESTION_FIELDS.map((f) => [f, form[f] ?? '']));
        const res = await app.inject({
          method: 'POST',
          url: `/api/backend/v1/suggestions/${kind}/${encodeURIComponent(form.id ?? '')}`,
          remoteAddress: req.ip,
          headers: { 'content-type': 'application/json', 'user-agent': req.headers['user-agent'] ?? '' },
          payload: JSON.stringify({ ...values, g_recaptcha_response: form['g-recaptcha-response'] ?? '' }),
        });
        const path = `${base}${encodeURIComponent(req.params.slug)}/suggest-edit`;
        if (res.statusCode < 300) return reply.redirect(`${path}?sent=1`, 303);
        return render(req, reply, path, { form: 'suggest', values, ...errorOf(res.payload) });
      });
    }

    // The visitor's multipart body is read whole (within the API's own limit, a few at once), handed to the API route
    // as it came, and read again for its text fields only if they have to be shown back.
    const bodies = pLimit(CONTACT_BODIES_AT_ONCE);
    scope.post('/contact', opts, (req, reply) =>
      bodies(async () => {
        const type = req.headers['content-type'] ?? '';
        const body = await readBody(req.raw, CONTACT_BODY_LIMIT);
        if (!body) return reply.code(413).type('text/plain; charset=utf-8').send('The form is too large.');
        const res = await app.inject({
          method: 'POST',
          url: '/api/backend/v1/contact_request/add',
          remoteAddress: req.ip,
          headers: { 'content-type': type, 'user-agent': req.headers['user-agent'] ?? '' },
          payload: body,
        });
        if (res.statusCode < 300) return reply.redirect('/contact?sent=1', 303);
        return render(req, reply, '/contact', {
          form: 'contact',
          values: await textFields(body, type),
          ...errorOf(res.payload),
        });
      }),
    );
  });
}

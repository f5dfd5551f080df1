import { MESSAGES, okBody, type TErrorDetail, UPLOAD_LIMITS, ZErrorBody } from '@chaupal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import { type FormLimits, withForm } from '../../platform/form-input';
import { RATE_LIMITS } from '../../platform/rate-limit';
import { addContactRequest } from './contact.service';

const errors = { 400: ZErrorBody, 413: ZErrorBody, 415: ZErrorBody, 429: ZErrorBody, 503: ZErrorBody };

/**
 * The form's five fields and one optional file: the message is at most 5000 characters, so 32 KB a field
 * leaves room for any script; a bad part is answered as the form's other errors are, one line per field.
 */
export const CONTACT_FORM: FormLimits = {
  files: { file: UPLOAD_LIMITS.documentBytes },
  fields: 10,
  fieldBytes: 32 * 1024,
  totalFieldBytes: 64 * 1024,
  invalid: (details: TErrorDetail[]) =>
    new AppError('BAD_REQUEST', details.map((d) => `${d.parameter}: ${d.errors.join(', ')}`).join('\n'), details),
};

/** SPEC §7: the public contact form (multipart with an optional file, or JSON without one). */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/contact_request/add',
    {
      preHandler: [app.limiters.perIp('contact', RATE_LIMITS.contact.ip)],
      schema: {
        tags: ['contact'],
        summary: 'Send the contact form: name, email, phone, message, g_recaptcha_response and an optional file',
        // Multipart is not JSON: no body schema; the service validates the fields with ZContactFields.
        consumes: ['multipart/form-data', 'application/json'],
        response: { 200: okBody(z.object({ id: z.string() })), ...errors },
      },
    },
    async (req) => {
      const ctx = {
        db: app.db,
        storage: app.storage,
        captcha: app.captcha,
        messenger: app.messenger,
        publicUrl: app.config.publicUrl,
        log: req.log,
      };
      const data = await withForm(req, CONTACT_FORM, (input) => addContactRequest(ctx, input, req.ip));
      return { success: true as const, message: MESSAGES.messageSent, data };
    },
  );
};

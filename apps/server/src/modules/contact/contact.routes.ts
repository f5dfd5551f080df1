import { MESSAGES, okBody, ZErrorBody } from '@chaupal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RATE_LIMITS } from '../../platform/rate-limit';
import { readForm } from '../content/form-input';
import { addContactRequest } from './contact.service';

const errors = { 400: ZErrorBody, 413: ZErrorBody, 415: ZErrorBody, 429: ZErrorBody };

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
      const data = await addContactRequest(ctx, await readForm(req), req.ip);
      return { success: true as const, message: MESSAGES.messageSent, data };
    },
  );
};

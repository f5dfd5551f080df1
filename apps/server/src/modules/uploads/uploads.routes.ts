import { UPLOAD_LIMITS, ZErrorBody } from '@chaupal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountOfRequest } from '../../platform/auth';
import { type FormLimits, withForm } from '../../platform/form-input';
import { RATE_LIMITS } from '../../platform/rate-limit';
import { uploadFormFile } from './uploads.service';

const errors = {
  400: ZErrorBody,
  401: ZErrorBody,
  403: ZErrorBody,
  413: ZErrorBody,
  415: ZErrorBody,
  429: ZErrorBody,
  503: ZErrorBody,
};

/** One `file` part, up to the document limit (the image limit is checked once its bytes say it is an image). */
export const UPLOAD_FORM: FormLimits = {
  files: { file: UPLOAD_LIMITS.documentBytes },
  fields: 8,
  fieldBytes: 1024,
  totalFieldBytes: 8 * 1024,
};

/** SPEC §7: `POST /uploadFile`, called per new document and for the image before a form is saved. */
export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/uploadFile',
    {
      preHandler: [app.limiters.perIp('upload', RATE_LIMITS.upload.ip), app.requireContributor],
      schema: {
        tags: ['uploads'],
        summary: 'Upload one file (field `file`): jpeg, png, webp up to 5 MB; pdf, doc, docx up to 10 MB',
        security: [{ bearer: [] }],
        // Multipart is not JSON: no body schema, the service checks the one `file` part.
        consumes: ['multipart/form-data'],
        response: {
          200: z.object({ success: z.literal(true), url: z.string(), data: z.object({ url: z.string() }) }),
          ...errors,
        },
      },
    },
    async (req) => {
      const { url } = await withForm(req, UPLOAD_FORM, (input) =>
        uploadFormFile({ db: app.db, storage: app.storage }, input, accountOfRequest(req).id),
      );
      return { success: true as const, url, data: { url } };
    },
  );
};

import { API_ERRORS, type TErrorDetail } from '@chaupal/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors';

/** Turns every failure into the SPEC §8 body; a 500 never carries a stack trace. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) return reply.code(err.statusCode).send(err.toBody());

    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = new Map<string, string[]>();
      for (const v of err.validation) {
        const path = (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
        const parameter =
          path ||
          String((v.params as { issue?: { path?: unknown[] } })?.issue?.path?.join('.') ?? '') ||
          err.validationContext ||
          'request';
        details.set(parameter, [...(details.get(parameter) ?? []), v.message ?? 'Invalid value']);
      }
      const list: TErrorDetail[] = [...details].map(([parameter, errors]) => ({ parameter, errors }));
      return reply.code(400).send(new AppError('BAD_REQUEST', API_ERRORS.validation, list).toBody());
    }

    const status = err.statusCode ?? 500;
    if (status === 429) return reply.code(429).send(new AppError('RATE_LIMITED', API_ERRORS.rateLimited).toBody());
    if (
      status === 413 ||
      err.code === 'FST_REQ_FILE_TOO_LARGE' ||
      err.code === 'FST_PARTS_LIMIT' ||
      err.code === 'FST_FILES_LIMIT'
    ) {
      return reply.code(413).send(new AppError('TOO_LARGE', API_ERRORS.tooLarge).toBody());
    }
    if (status === 415 || err.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      return reply.code(415).send(new AppError('UNSUPPORTED_TYPE', API_ERRORS.unsupportedType).toBody());
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, bad content type, body too large…
      const details = [{ parameter: err.validationContext ?? 'request', errors: [err.message] }];
      return reply.code(status).send({ success: false, error: API_ERRORS.validation, details });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send(new AppError('INTERNAL', API_ERRORS.internal).toBody());
  });

  app.setNotFoundHandler((_req, reply) => {
    reply.code(404).send(new AppError('NOT_FOUND', API_ERRORS.routeNotFound).toBody());
  });
}

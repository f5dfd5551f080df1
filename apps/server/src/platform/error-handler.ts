import type { Duplex } from 'node:stream';
import { API_ERRORS, type TErrorDetail } from '@chaupal/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** The web app's not-found page, once the web app is registered (modules/web). */
    notFoundPage?: (req: FastifyRequest, reply: FastifyReply) => unknown;
  }
}

const urlError = (error: string) => ({
  success: false,
  error: API_ERRORS.validation,
  details: [{ parameter: 'url', errors: [error] }],
});

/**
 * The router's and the HTTP parser's own errors in the SPEC §8 body: options of the Fastify server,
 * because they happen before a route, its hooks or the error handler are known.
 */
export const serverErrorOptions = {
  /** An address the router cannot decode (bad percent-encoding) or with a parameter longer than it reads. */
  frameworkErrors(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
    // The hooks never ran for this request: the answer takes helmet's headers here (decision 022).
    req.server.securityHeaders(req, reply);
    // Outside the API and its files, an address that names nothing is the website's not-found page.
    const notFoundPage = req.server.notFoundPage;
    if (notFoundPage && req.method === 'GET' && !/^\/(api|uploads)(\/|$)/.test(req.url))
      return notFoundPage(req, reply);
    if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
      return reply.code(400).send(urlError('A part of the address is too long.'));
    if (error.code === 'FST_ERR_BAD_URL')
      return reply.code(400).send(urlError('The address is not valid percent-encoded UTF-8.'));
    return reply.code(400).send(urlError(error.message));
  },
  /** A request the HTTP parser refuses (headers too large, malformed, too slow): answered on the raw socket. */
  clientErrorHandler(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Duplex) {
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, reason, error] =
      err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'The request headers are too large.']
        : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'Request Timeout', 'The request took too long to arrive.']
          : [400, 'Bad Request', 'The request is not valid HTTP.'];
    const body = JSON.stringify({ success: false, error });
    this.log.debug({ err }, 'client error');
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    }
    socket.destroy(err);
  },
};

/** What a route's body may be, for a 415's detail: JSON, or multipart too for the form routes. */
function expectedBody(req: FastifyRequest) {
  const consumes = (req.routeOptions.schema as { consumes?: string[] } | undefined)?.consumes;
  return consumes?.length ? consumes.join(' or ') : 'application/json';
}

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
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      // A body in a format the route does not read (not a file the upload checks refused).
      const details = [{ parameter: 'content-type', errors: [`Send ${expectedBody(req)}`] }];
      return reply.code(415).send(new AppError('UNSUPPORTED_TYPE', API_ERRORS.unsupportedMediaType, details).toBody());
    }
    if (status === 415 || err.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      return reply.code(415).send(new AppError('UNSUPPORTED_TYPE', API_ERRORS.unsupportedType).toBody());
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, bad content type, body too large…
      const parameter = err.code?.startsWith('FST_ERR_CTP_') ? 'body' : (err.validationContext ?? 'request');
      const details = [{ parameter, errors: [err.message] }];
      return reply.code(status).send({ success: false, error: API_ERRORS.validation, details });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send(new AppError('INTERNAL', API_ERRORS.internal).toBody());
  });

  app.setNotFoundHandler((_req, reply) => {
    reply.code(404).send(new AppError('NOT_FOUND', API_ERRORS.routeNotFound).toBody());
  });
}

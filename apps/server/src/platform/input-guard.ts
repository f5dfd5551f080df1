import { API_ERRORS, type TErrorDetail } from '@chaupal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads text PostgreSQL cannot store and answers it itself (the page renderer: a 404 page). */
    acceptsAnyText?: boolean;
  }
}

/** A NUL, or a UTF-16 surrogate without its other half: text PostgreSQL refuses to store or compare. */
const BAD_TEXT = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const BAD_TEXT_ALL = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
export const BAD_TEXT_MESSAGE = 'Contains a character that is not allowed (NUL or an unpaired surrogate)';

export const isBadText = (s: string) => BAD_TEXT.test(s);

/** A parameter name fit to echo back: `circles[]` is `circles`, and a bad character in a key becomes U+FFFD. */
const nameOf = (key: string) => key.replace(/\[\]$/, '').replace(BAD_TEXT_ALL, '\ufffd');

/**
 * The dotted path (`title`, `circles.1`) of the first string or key in a parsed input that is bad text, or
 * undefined. Walks without recursion, so a deeply nested JSON body cannot exhaust the stack.
 */
export function badTextPath(value: unknown, root = ''): string | undefined {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length) {
    const [v, path] = stack.pop() as [unknown, string];
    if (typeof v === 'string') {
      if (isBadText(v)) return path;
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], path ? `${path}.${i}` : String(i)]);
    } else if (v && typeof v === 'object' && !Buffer.isBuffer(v)) {
      for (const [k, child] of Object.entries(v)) {
        const at = path ? `${path}.${nameOf(k)}` : nameOf(k);
        if (isBadText(k)) return at;
        stack.push([child, at]);
      }
    }
  }
  return undefined;
}

/** The 400 for the first bad text in the path parameters, the query string or a parsed body, if any. */
export function badTextError(req: Pick<FastifyRequest, 'params' | 'query' | 'body'>): AppError | undefined {
  const sources: [unknown, string][] = [
    [req.params, ''],
    [req.query, ''],
    [req.body, typeof req.body === 'string' ? 'body' : ''],
  ];
  const details: TErrorDetail[] = [];
  for (const [value, root] of sources) {
    const path = badTextPath(value, root);
    if (path !== undefined) details.push({ parameter: path || 'request', errors: [BAD_TEXT_MESSAGE] });
  }
  return details.length ? new AppError('BAD_REQUEST', API_ERRORS.validation, details) : undefined;
}

/**
 * A NUL byte or a lone surrogate in a path parameter, the query or a JSON body is a 400 naming the field,
 * for every route, before its schema and its handler: PostgreSQL cannot hold such text and would answer a 500.
 * (Multipart fields are read by the routes that take them, which check them the same way.)
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    if (req.routeOptions.config?.acceptsAnyText) return;
    const error = badTextError(req);
    if (error) throw error;
  });
}

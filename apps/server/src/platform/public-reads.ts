import type { FastifyInstance, RouteOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import FindMyWay from 'find-my-way';
import { type $ZodType, safeEncode } from 'zod/v4/core';
import type { TCacheTag } from './cache-store';
import { AppError } from './errors';
import { badTextError } from './input-guard';

/** A public read's answer in-process: its status, its body as the API would send it, and the tags it read. */
export interface PublicAnswer {
  status: number;
  body: unknown;
  tags: readonly TCacheTag[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A GET of the API answered in-process by its route's own schemas and handler (decision 021), or undefined when
     * only the whole request pipeline can answer it (`app.inject`): not a public read, input the guard or the schema
     * refuses, an error other than the app's own.
     */
    readPublic(url: string): Promise<PublicAnswer | undefined>;
  }
}

/** A request part as its route's validator gives it, or undefined where the validator refuses it. */
type Validate = (value: unknown) => { value: unknown } | undefined;

/** What a public read is made of: its route's tags, validators, response schema and handler. */
interface PublicRead {
  tags: readonly TCacheTag[];
  params: Validate;
  query: Validate;
  response: $ZodType;
  handler: (this: FastifyInstance, req: { params: unknown; query: unknown }) => unknown;
}

/** A part's validator, compiled once by the compiler the app gives Fastify (app.ts), as Fastify compiles it. */
function validatorOf(url: string, httpPart: 'params' | 'querystring', schema: $ZodType | undefined): Validate {
  if (!schema) return (value) => ({ value });
  const validate = validatorCompiler({ schema, method: 'GET', url, httpPart }) as (value: unknown) => {
    error?: unknown;
    value?: unknown;
  };
  return (value) => {
    const result = validate(value);
    return result.error ? undefined : { value: result.value };
  };
}

/**
 * Decision 021: the page renderer reads the API's public GETs (the routes with `cacheTags`, whose answer is the same
 * for every caller and depends on their address alone) by calling the route's handler, with its parameters and query
 * parsed and its answer encoded by the route's own zod schemas, and the response cache looked up first, as the
 * request pipeline does. Every other outcome is left to the pipeline. The routes are collected as they are
 * registered, every GET of them, into a router with Fastify's own options, so an address finds the route Fastify
 * would find; call this before the routes are registered.
 */
export function registerPublicReads(app: FastifyInstance, routerOptions: { maxParamLength: number }) {
  const router = FindMyWay(routerOptions);
  const noop = () => {};
  app.addHook('onRoute', (route: RouteOptions) => {
    if (![route.method].flat().includes('GET')) return;
    const tags = route.config?.cacheTags;
    const schema = route.schema as
      | { params?: $ZodType; querystring?: $ZodType; response?: Record<number, $ZodType> }
      | undefined;
    const response = schema?.response?.[200];
    const read: PublicRead | undefined =
      tags && response
        ? {
            tags,
            params: validatorOf(route.url, 'params', schema?.params),
            query: validatorOf(route.url, 'querystring', schema?.querystring),
            response,
            handler: route.handler as PublicRead['handler'],
          }
        : undefined;
    router.on('GET', route.url, noop, read);
  });

  app.decorate('readPublic', async (url: string): Promise<PublicAnswer | undefined> => {
    let found: ReturnType<typeof router.find>;
    try {
      found = router.find('GET', url);
    } catch {
      return undefined;
    }
    const read = found?.store as PublicRead | undefined;
    if (!found || !read) return undefined;
    if (badTextError({ params: found.params, query: found.searchParams, body: undefined })) return undefined;
    const params = read.params(found.params);
    const query = read.query(found.searchParams);
    if (!params || !query) return undefined;

    const cache = app.responseCache;
    if (cache.enabled) {
      const { hit } = await cache.lookup(read.tags, url);
      if (hit) return { status: 200, body: JSON.parse(hit.body.toString()), tags: read.tags };
    }
    try {
      const encoded = safeEncode(
        read.response,
        await read.handler.call(app, { params: params.value, query: query.value }),
      );
      return encoded.error ? undefined : { status: 200, body: encoded.data, tags: read.tags };
    } catch (err) {
      // The app's own errors are answered as the error handler answers them (platform/error-handler.ts).
      if (err instanceof AppError) return { status: err.statusCode, body: err.toBody(), tags: read.tags };
      return undefined;
    }
  });
}

import type { FastifyInstance, RouteOptions } from 'fastify';
import FindMyWay from 'find-my-way';
import { type $ZodType, safeEncode, safeParse } from 'zod/v4/core';
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

/** What a public read is made of: its route's tags, schemas and handler. */
interface PublicRead {
  tags: readonly TCacheTag[];
  params?: $ZodType;
  querystring?: $ZodType;
  response: $ZodType;
  handler: (this: FastifyInstance, req: { params: unknown; query: unknown }) => unknown;
}

/** A request part as the route's validator gives it (fastify-type-provider-zod's validatorCompiler), or undefined. */
function parsed(schema: $ZodType | undefined, value: unknown): { value: unknown } | undefined {
  if (!schema) return { value };
  const result = safeParse(schema, value);
  return result.success ? { value: result.data } : undefined;
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
            params: schema?.params,
            querystring: schema?.querystring,
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
    const params = parsed(read.params, found.params);
    const query = parsed(read.querystring, found.searchParams);
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

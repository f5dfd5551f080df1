import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config';
import { CACHE_TAGS, type Entry, makeEntry, memoryStore, redisStore, type TCacheTag } from './cache-store';
import type { HitLane } from './hit-lane';
import { INTERNAL_HEADER } from './rate-limit';

export { CACHE_TAGS, type TCacheTag } from './cache-store';

/** Names the cache tags an in-process read depended on, so the page that made it knows what it read. */
export const CACHE_TAGS_HEADER = 'x-cache-tags';

/** The store's own keys inside the site's REDIS_KEY_PREFIX. */
const STORE_PREFIX = 'chaupal:';

/**
 * Makes every cached response that read `tags` stale on every server sharing REDIS_URL, from outside a server (the
 * command-line tools). Returns false when there is no shared store to tell: servers then cache in their own memory,
 * and the entries age out (300 s).
 */
export async function invalidateShared(
  config: Pick<Config, 'redisUrl' | 'redisKeyPrefix'>,
  tags: readonly TCacheTag[],
): Promise<boolean> {
  if (!config.redisUrl) return false;
  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 2, keyPrefix: config.redisKeyPrefix });
  try {
    await redisStore(redis, STORE_PREFIX).bump(tags);
    return true;
  } finally {
    redis.disconnect();
  }
}

/** A generation per tag, read before a page is rendered. */
export type TGenerations = ReadonlyMap<TCacheTag, number>;

export interface ResponseCache {
  readonly enabled: boolean;
  /** The entry kept for a public GET's URL under the current generations of its tags, if any, and its key. */
  lookup(tags: readonly TCacheTag[], url: string): Promise<{ key: string; hit?: Entry }>;
  /**
   * Call after any write that changes what these tags' public responses show. With `by` (the account whose own write
   * it was), a burst of that account's writes invalidates at once and the rest at most every 10 s (see `throttled`).
   */
  invalidate(tags: readonly TCacheTag[], by?: string): Promise<void>;
  /**
   * A page kept for this URL under the current generations of the tags it read, if any; else the generations to
   * store a fresh render under (read before rendering, so a write during the render leaves that render stale).
   */
  page(url: string): Promise<{ hit?: Entry; generations: TGenerations }>;
  storePage(url: string, read: Iterable<TCacheTag>, generations: TGenerations, entry: Entry): Promise<void>;
  /** Puts an entry's headers on the reply, in the encoding the client takes best, and gives the bytes to send. */
  send(req: FastifyRequest, reply: FastifyReply, entry: Entry): Buffer;
  /**
   * Whether this process should render the page `flight` names (a page URL under one set of generations): always with
   * the cache in memory; with a shared store, only the first instance to ask in 5 s, the others waiting for its entry.
   */
  claimRender(flight: string): Promise<boolean>;
  /** The page kept for this URL once another instance has rendered it, waiting up to 2 s; undefined if it is not. */
  awaitPage(url: string): Promise<Entry | undefined>;
  /** Answers with a kept entry, marked as a hit (`x-cache: hit`) that the hit lane may learn. */
  hit(req: FastifyRequest, reply: FastifyReply, entry: Entry): FastifyReply;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Public GET route cached for anonymous callers, invalidated by these tags. */
    cacheTags?: readonly TCacheTag[];
    /** Browser max-age in seconds (default 0: always revalidate by ETag). */
    maxAge?: number;
  }
  interface FastifyRequest {
    cacheKey?: string;
  }
  interface FastifyInstance {
    responseCache: ResponseCache;
  }
}

const TTL_SECONDS = 300;
/** How long an instance's claim to render a page holds, how long another waits for it, and how often it looks. */
const CLAIM_MS = 5000;
const AWAIT_PAGE_MS = 2000;
const POLL_MS = 25;
const ENCODINGS = ['br', 'gzip', 'identity'] as const;

/** The encoding of an entry this request takes best: brotli, then gzip, else the body as it is. */
function encodingOf(req: FastifyRequest): (typeof ENCODINGS)[number] {
  const header = req.headers['accept-encoding'];
  if (!header) return 'identity';
  return (negotiate(String(header), [...ENCODINGS]) as (typeof ENCODINGS)[number] | null) ?? 'identity';
}

/**
 * The answer differs by the request's Accept-Encoding, besides what it already varied by: said of every public answer,
 * in whichever encoding it goes out (@fastify/compress says it only of what it compresses).
 */
export function varyByEncoding(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
}

/**
 * DESIGN §8a and decision 009: public GET responses (API reads and server-rendered pages) are kept by URL and the
 * generations of their tags, so a write that bumps a tag makes every dependent entry unreachable at once, on every
 * instance sharing the store. Each entry is compressed once when stored and sent as it is, with a strong ETag per
 * encoding (a matching If-None-Match gets 304 from @fastify/etag).
 */
export function registerResponseCache(
  app: FastifyInstance,
  opts: { enabled: boolean; redis?: Redis; prefix?: string; lane?: HitLane },
) {
  const prefix = opts.prefix ?? STORE_PREFIX;
  const store = opts.redis ? redisStore(opts.redis, prefix) : memoryStore();
  const keyOf = (gens: readonly number[], url: string) => `${gens.join('.')}|${url}`;
  const pageTagsKey = (url: string) => `page|${url}`;

  const send = (req: FastifyRequest, reply: FastifyReply, entry: Entry): Buffer => {
    const encoding = encodingOf(req);
    varyByEncoding(reply);
    reply.type(entry.contentType);
    for (const [name, value] of Object.entries(entry.headers ?? {})) reply.header(name, value);
    reply.header('etag', `"${entry.etag}${encoding === 'identity' ? '' : `-${encoding}`}"`);
    if (encoding === 'identity') return entry.body;
    reply.header('content-encoding', encoding);
    return entry[encoding];
  };

  const bump = async (tags: readonly TCacheTag[]) => {
    await store.bump(tags);
    opts.lane?.clear();
  };
  const throttled = throttledInvalidation((tags) =>
    bump(tags).catch((err: unknown) => app.log.error({ err, tags }, 'cache invalidation failed')),
  );
  app.addHook('onClose', async () => throttled.flush());

  const cache: ResponseCache = {
    enabled: opts.enabled,
    lookup: async (tags, url) => {
      const key = keyOf(await store.generations(tags), url);
      return { key, hit: await store.get(key) };
    },
    invalidate: async (tags, by) => {
      if (by !== undefined && throttled.defer(by, tags)) return;
      await bump(tags);
    },
    page: async (url) => {
      const [tags, all] = await Promise.all([store.getTags(pageTagsKey(url)), store.generations(CACHE_TAGS)]);
      const generations = new Map(CACHE_TAGS.map((t, i) => [t, all[i]]));
      if (!tags) return { generations };
      const hit = await store.get(
        keyOf(
          tags.map((t) => generations.get(t) ?? 0),
          `page|${url}`,
        ),
      );
      return { hit, generations };
    },
    storePage: async (url, read, generations, entry) => {
      const tags = [...new Set(read)].sort();
      await store.setTags(pageTagsKey(url), tags, TTL_SECONDS);
      await store.set(
        keyOf(
          tags.map((t) => generations.get(t) ?? 0),
          `page|${url}`,
        ),
        entry,
        TTL_SECONDS,
      );
    },
    send,
    claimRender: async (flight) =>
      !opts.redis || (await opts.redis.set(`${prefix}flight:${flight}`, '1', 'PX', CLAIM_MS, 'NX')) === 'OK',
    awaitPage: async (url) => {
      for (let waited = 0; waited < AWAIT_PAGE_MS; waited += POLL_MS) {
        await new Promise((r) => setTimeout(r, POLL_MS));
        const { hit } = await cache.page(url);
        if (hit) return hit;
      }
      return undefined;
    },
    hit: (req, reply, entry) => {
      const body = send(req, reply, entry);
      reply.cachedBody = body;
      return reply.header('x-cache', 'hit').send(body);
    },
  };
  app.decorate('responseCache', cache);

  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    const tags = req.routeOptions.config.cacheTags;
    if (!tags || req.method !== 'GET') return;
    if (req.headers[INTERNAL_HEADER]) reply.header(CACHE_TAGS_HEADER, tags.join(','));
    const maxAge = req.routeOptions.config.maxAge ?? 0;
    reply.header('cache-control', maxAge > 0 ? `public, max-age=${maxAge}` : 'public, no-cache');
    if (!opts.enabled) return;
    const { key, hit } = await cache.lookup(tags, req.url);
    req.cacheKey = key;
    if (hit) return cache.hit(req, reply, hit);
  });

  app.addHook('onSend', async (req, reply, payload) => {
    if (
      !req.cacheKey ||
      reply.statusCode !== 200 ||
      typeof payload !== 'string' ||
      reply.getHeader('x-cache') === 'hit'
    ) {
      return payload;
    }
    const entry = await makeEntry(Buffer.from(payload), String(reply.getHeader('content-type') ?? 'application/json'));
    await store.set(req.cacheKey, entry, TTL_SECONDS);
    return send(req, reply, entry);
  });
}

/** Writes of one account that invalidate public pages at once, in a minute; beyond them, one invalidation each 10 s. */
const WRITE_BURST = 6;
const BURST_WINDOW_MS = 60_000;
const DEFERRED_MS = 10_000;

/**
 * Each invalidation makes every reader of the pages it touches wait for a render. A person editing their own record
 * in a loop (with AUTO_APPROVE, straight to the public pages) could keep the whole site rendering. A burst of
 * WRITE_BURST of one account's writes in a minute invalidates at once, as an editor expects; after that their tags
 * are collected and invalidated together once every DEFERRED_MS, so their pages show the change a few seconds late
 * and the site's pages stay cached. Counted in this process (per instance where several run).
 */
export function throttledInvalidation(bump: (tags: readonly TCacheTag[]) => Promise<unknown>) {
  const recent = new Map<string, number[]>();
  const pending = new Map<string, { tags: Set<TCacheTag>; timer: NodeJS.Timeout }>();
  const run = (by: string) => {
    const p = pending.get(by);
    if (!p) return;
    pending.delete(by);
    clearTimeout(p.timer);
    void bump([...p.tags]);
  };
  return {
    /** Whether this invalidation waits (true) or is the caller's to run now (false). */
    defer(by: string, tags: readonly TCacheTag[]): boolean {
      const now = Date.now();
      const times = (recent.get(by) ?? []).filter((t) => now - t < BURST_WINDOW_MS);
      const waiting = pending.get(by);
      if (!waiting && times.length < WRITE_BURST) {
        times.push(now);
        recent.set(by, times);
        return false;
      }
      recent.set(by, times);
      if (waiting) for (const t of tags) waiting.tags.add(t);
      else {
        const timer = setTimeout(() => run(by), DEFERRED_MS);
        timer.unref();
        pending.set(by, { tags: new Set(tags), timer });
      }
      return true;
    },
    /** Runs every waiting invalidation now (the server is closing). */
    flush() {
      for (const by of [...pending.keys()]) run(by);
    },
  };
}

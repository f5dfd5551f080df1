import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

/** What a cached response depends on; a write to any of these invalidates it. */
export const CACHE_TAGS = ['taxonomy', 'experts', 'outlets', 'news', 'features', 'home', 'policies', 'users'] as const;
export type TCacheTag = (typeof CACHE_TAGS)[number];

interface Entry {
  body: string;
  contentType: string;
}

/** Generation counters per tag, in memory or in Redis so every instance sees an invalidation. */
interface Store {
  generations(tags: readonly TCacheTag[]): Promise<number[]>;
  bump(tags: readonly TCacheTag[]): Promise<void>;
  get(key: string): Promise<Entry | undefined>;
  set(key: string, entry: Entry, ttlSeconds: number): Promise<void>;
}

function memoryStore(): Store {
  const gens = new Map<TCacheTag, number>();
  const lru = new LRUCache<string, Entry>({
    max: 5000,
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (e) => e.body.length + 64,
  });
  return {
    generations: async (tags) => tags.map((t) => gens.get(t) ?? 0),
    bump: async (tags) => {
      for (const t of tags) gens.set(t, (gens.get(t) ?? 0) + 1);
    },
    get: async (key) => lru.get(key),
    set: async (key, entry, ttl) => {
      lru.set(key, entry, { ttl: ttl * 1000 });
    },
  };
}

function redisStore(redis: Redis): Store {
  const genKey = (t: TCacheTag) => `chaupal:gen:${t}`;
  return {
    generations: async (tags) => (await redis.mget(tags.map(genKey))).map((v) => Number(v ?? 0)),
    bump: async (tags) => {
      const m = redis.multi();
      for (const t of tags) m.incr(genKey(t));
      await m.exec();
    },
    get: async (key) => {
      const v = await redis.get(`chaupal:rc:${key}`);
      return v ? (JSON.parse(v) as Entry) : undefined;
    },
    set: async (key, entry, ttl) => {
      await redis.set(`chaupal:rc:${key}`, JSON.stringify(entry), 'EX', ttl);
    },
  };
}

export interface ResponseCache {
  /** Call after any write that changes what these tags' public responses show. */
  invalidate(tags: readonly TCacheTag[]): Promise<void>;
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

/**
 * DESIGN §8a: public GET responses are kept by URL and the generations of their tags, so a write that bumps a tag
 * makes every dependent entry unreachable at once, on every instance sharing the store.
 */
export function registerResponseCache(app: FastifyInstance, opts: { enabled: boolean; redis?: Redis }) {
  const store = opts.redis ? redisStore(opts.redis) : memoryStore();
  app.decorate('responseCache', { invalidate: (tags: readonly TCacheTag[]) => store.bump(tags) });

  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    const tags = req.routeOptions.config.cacheTags;
    if (!tags || req.method !== 'GET') return;
    const maxAge = req.routeOptions.config.maxAge ?? 0;
    reply.header('cache-control', maxAge > 0 ? `public, max-age=${maxAge}` : 'public, no-cache');
    if (!opts.enabled) return;
    const gens = await store.generations(tags);
    req.cacheKey = `${gens.join('.')}|${req.url}`;
    const hit = await store.get(req.cacheKey);
    if (hit) {
      reply.header('x-cache', 'hit').type(hit.contentType);
      return reply.send(hit.body);
    }
  });

  app.addHook('onSend', async (req, reply, payload) => {
    if (
      req.cacheKey &&
      reply.statusCode === 200 &&
      typeof payload === 'string' &&
      reply.getHeader('x-cache') !== 'hit'
    ) {
      await store.set(
        req.cacheKey,
        { body: payload, contentType: String(reply.getHeader('content-type') ?? 'application/json') },
        TTL_SECONDS,
      );
    }
    return payload;
  });
}

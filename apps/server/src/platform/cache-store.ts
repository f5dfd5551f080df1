import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { CONTENT_PLURALS } from '@chaupal/contract';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

/** What a cached response depends on; a write to any of these invalidates it. Each content kind's plural is one. */
export const CACHE_TAGS = ['taxonomy', ...CONTENT_PLURALS, 'home', 'policies', 'users'] as const;
export type TCacheTag = (typeof CACHE_TAGS)[number];

/**
 * One cached response, compressed once when it is stored (decision 009): the body as it is (for in-process reads and
 * clients that take no compression), brotli and gzip, the strong ETag of the body, and the headers it must carry
 * again (a page's Content-Security-Policy).
 */
export interface Entry {
  body: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
  contentType: string;
  headers?: Record<string, string>;
}

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Brotli for what is compressed per request (pages and answers the cache does not keep): quality 3 compresses a news
 * page in 0.2 ms instead of 0.75 ms at 4 (@fastify/compress's default), for 5 % more bytes. Kept entries take 9.
 */
export const LIVE_BROTLI = {
  params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 3 },
};

/**
 * Up to this size a response compressed per request is compressed in one call on the event loop (@fastify/compress's
 * `syncThreshold`), not streamed in pieces through the thread pool: a news page (~50 KB, 0.25 ms in brotli) at once,
 * where the pool's round trips alone cost ~0.3 ms more.
 */
export const LIVE_SYNC_MAX = 128 * 1024;

/** Compresses a response body once, at the highest levels that stay quick for pages of this size. */
export async function makeEntry(body: Buffer, contentType: string, headers?: Record<string, string>): Promise<Entry> {
  const [br, gzip] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 9,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        // A 64 KB window: brotli then takes a ~1 MB hasher instead of a 32 MB one (four compressions at once were
        // ~130 MB of the server's RSS in a 10-minute soak), for output 0–2 % larger on pages and lists.
        [constants.BROTLI_PARAM_LGWIN]: 16,
      },
    }),
    gz(body, { level: 9 }),
  ]);
  const etag = createHash('sha1').update(body).digest('base64url');
  return { body, br, gzip, etag, contentType, headers };
}

/** Generation counters per tag and entries by key, in memory or in Redis so every instance sees an invalidation. */
export interface Store {
  generations(tags: readonly TCacheTag[]): Promise<number[]>;
  bump(tags: readonly TCacheTag[]): Promise<void>;
  get(key: string): Promise<Entry | undefined>;
  set(key: string, entry: Entry, ttlSeconds: number): Promise<void>;
  /** Which tags a page read when it was last rendered (kept by URL). */
  getTags(key: string): Promise<TCacheTag[] | undefined>;
  setTags(key: string, tags: readonly TCacheTag[], ttlSeconds: number): Promise<void>;
}

const entrySize = (e: Entry) => e.body.length + e.br.length + e.gzip.length + 256;

/**
 * A segmented LRU: what is stored goes on probation, and moves to the protected segment the first time it is read
 * again. A flood of addresses read once each (`/search?q=<random>`, page after page of a list) churns probation only,
 * so the pages readers come back to (the home page, the lists) stay kept: with one LRU, 400 one-off addresses had
 * pushed the home page out (docs/performance.md).
 */
export function segmentedLru<V extends {}>(opts: {
  max: number;
  maxSize?: number;
  sizeCalculation?: (v: V) => number;
  /** The probation segment's share of `max` and `maxSize`. */
  probation?: number;
}) {
  const share = opts.probation ?? 0.2;
  const segment = (part: number) =>
    new LRUCache<string, V>({
      max: Math.max(1, Math.round(opts.max * part)),
      ...(opts.maxSize && opts.sizeCalculation
        ? { maxSize: Math.max(1, Math.round(opts.maxSize * part)), sizeCalculation: opts.sizeCalculation }
        : {}),
    });
  const probation = segment(share);
  const protectedSegment = segment(1 - share);
  return {
    get(key: string): V | undefined {
      const kept = protectedSegment.get(key);
      if (kept !== undefined) return kept;
      const ttl = probation.getRemainingTTL(key);
      const value = probation.get(key);
      if (value === undefined) return undefined;
      probation.delete(key);
      protectedSegment.set(key, value, { ttl: Number.isFinite(ttl) && ttl > 0 ? ttl : undefined });
      return value;
    },
    set(key: string, value: V, ttlMs: number) {
      // A key read again (protected) is replaced where it is; a new one starts on probation.
      if (protectedSegment.has(key)) protectedSegment.set(key, value, { ttl: ttlMs });
      else probation.set(key, value, { ttl: ttlMs });
    },
    has: (key: string) => protectedSegment.has(key) || probation.has(key),
  };
}

export function memoryStore(): Store {
  const gens = new Map<TCacheTag, number>();
  // Bounded in bytes; entries an invalidation left behind are never read again and age out of probation first.
  const entries = segmentedLru<Entry>({ max: 5000, maxSize: 32 * 1024 * 1024, sizeCalculation: entrySize });
  const tags = segmentedLru<TCacheTag[]>({ max: 5000 });
  return {
    generations: async (list) => list.map((t) => gens.get(t) ?? 0),
    bump: async (list) => {
      for (const t of list) gens.set(t, (gens.get(t) ?? 0) + 1);
    },
    get: async (key) => entries.get(key),
    set: async (key, entry, ttl) => {
      entries.set(key, entry, ttl * 1000);
    },
    getTags: async (key) => tags.get(key),
    setTags: async (key, list, ttl) => {
      tags.set(key, [...list], ttl * 1000);
    },
  };
}

interface StoredEntry {
  body: string;
  br: string;
  gzip: string;
  etag: string;
  contentType: string;
  headers?: Record<string, string>;
}

/** `prefix` keeps sites (or test runs) sharing one Redis apart. */
export function redisStore(redis: Redis, prefix: string): Store {
  const genKey = (t: TCacheTag) => `${prefix}gen:${t}`;
  return {
    generations: async (list) => (await redis.mget(list.map(genKey))).map((v) => Number(v ?? 0)),
    bump: async (list) => {
      const m = redis.multi();
      for (const t of list) m.incr(genKey(t));
      await m.exec();
    },
    get: async (key) => {
      const v = await redis.get(`${prefix}rc:${key}`);
      if (!v) return undefined;
      const s = JSON.parse(v) as StoredEntry;
      return {
        ...s,
        body: Buffer.from(s.body, 'base64'),
        br: Buffer.from(s.br, 'base64'),
        gzip: Buffer.from(s.gzip, 'base64'),
      };
    },
    set: async (key, e, ttl) => {
      const stored: StoredEntry = {
        ...e,
        body: e.body.toString('base64'),
        br: e.br.toString('base64'),
        gzip: e.gzip.toString('base64'),
      };
      await redis.set(`${prefix}rc:${key}`, JSON.stringify(stored), 'EX', ttl);
    },
    getTags: async (key) => {
      const v = await redis.get(`${prefix}tags:${key}`);
      return v ? (v.split(',').filter(Boolean) as TCacheTag[]) : undefined;
    },
    setTags: async (key, list, ttl) => {
      await redis.set(`${prefix}tags:${key}`, list.join(','), 'EX', ttl);
    },
  };
}

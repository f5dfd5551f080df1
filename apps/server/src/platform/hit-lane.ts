import {
  createServer,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerOptions,
  type ServerResponse,
} from 'node:http';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { LRUCache } from 'lru-cache';

/**
 * The hit lane: a public answer the response cache has already given is given again straight from the HTTP server's
 * request event, before Fastify parses, routes and runs its hooks for it. A cached page otherwise cost three to four
 * bare Fastify routes, almost all of it the pipeline around a lookup (decision 024).
 *
 * The lane never decides anything itself. It only repeats, byte for byte and header for header, what the whole
 * pipeline answered to a request with the same address, the same Accept-Encoding and the same cookies, so every rule
 * the pipeline applies (security headers, the page's policy, negotiation, language) holds for it. It forgets
 * everything at any write the cache hears of (`clear`), and an answer after at most `TTL_MS`, so it is never staler
 * than the cache behind it by more than that. Only a process that holds the cache in its own memory has a lane: with
 * a shared store, another instance's write would not reach it.
 */
export interface HitLane {
  /** Answers a request the lane knows with the status it sent, or 0 for one it does not (it goes on to Fastify). */
  serve(req: IncomingMessage, res: ServerResponse): number;
  /** Marks a request the pipeline answers as one the lane may learn, with the lane's epoch at its start. */
  watch(req: IncomingMessage): void;
  /** Learns the answer the pipeline gave a watched request from the cache (its final headers and its bytes). */
  learn(req: IncomingMessage, status: number, headers: Record<string, THeaderValue>, body: Buffer): void;
  /** Forgets every answer: the cache behind them changed. */
  clear(): void;
  /** The answers given from the lane since the process started. */
  readonly served: number;
  /** Told of every answer the lane gives (the request log samples them), with the time the request came. */
  onServe?: (req: IncomingMessage, status: number, startedAt: bigint) => void;
}

/** How long an answer is repeated before the pipeline is asked again (it then comes back as soon as it hits). */
const TTL_MS = 10_000;
/** Longer addresses and cookies are left to the pipeline: they would only fill the lane. */
const MAX_URL = 2048;
const MAX_COOKIE = 512;
/** Headers the server writes afresh for every answer. */
const PER_RESPONSE = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

interface Answer {
  headers: OutgoingHttpHeaders;
  /** The headers of a 304: the answer's, without its body's length and encoding. */
  notModified: OutgoingHttpHeaders;
  etag: string;
  body: Buffer;
}

type THeaderValue = string | number | string[] | undefined;

const EPOCH = Symbol('hit-lane epoch');
type Watched = IncomingMessage & { [EPOCH]?: number };

/** What makes two requests the same to the pipeline's cached answers, or undefined for one the lane leaves alone. */
function keyOf(req: IncomingMessage): string | undefined {
  const h = req.headers;
  if (req.method !== 'GET' || h.authorization || h.range || h['if-modified-since'] || h['if-match']) return undefined;
  const url = req.url ?? '';
  const cookie = h.cookie ?? '';
  if (url.length > MAX_URL || cookie.length > MAX_COOKIE) return undefined;
  return `${url}\n${h['accept-encoding'] ?? ''}\n${cookie}`;
}

/** Whether an If-None-Match names this entity tag (a weak comparison, as for GET: RFC 9110 §13.1.2). */
function matches(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}

export function createHitLane(opts: { max?: number; ttlMs?: number } = {}): HitLane {
  const answers = new LRUCache<string, Answer>({ max: opts.max ?? 2000, ttl: opts.ttlMs ?? TTL_MS });
  let epoch = 0;
  let served = 0;
  return {
    onServe: undefined,
    get served() {
      return served;
    },
    serve(req, res) {
      const key = keyOf(req);
      const answer = key === undefined ? undefined : answers.get(key);
      if (!answer) return 0;
      served++;
      const ifNoneMatch = req.headers['if-none-match'];
      if (ifNoneMatch !== undefined && matches(ifNoneMatch, answer.etag)) {
        res.writeHead(304, answer.notModified).end();
        return 304;
      }
      res.writeHead(200, answer.headers).end(answer.body);
      return 200;
    },
    watch(req) {
      if (keyOf(req) !== undefined) (req as Watched)[EPOCH] = epoch;
    },
    learn(req, status, headers, body) {
      // Only a watched request whose whole answer came after the last write, and only a plain 200 of the same bytes
      // the cache holds: an answer that sets a cookie is one reader's.
      if ((req as Watched)[EPOCH] !== epoch || status !== 200 || headers['set-cookie'] !== undefined) return;
      const etag = headers.etag;
      const key = keyOf(req);
      if (typeof etag !== 'string' || key === undefined) return;
      const kept: OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(headers)) {
        if (value !== undefined && !PER_RESPONSE.has(name)) kept[name] = value;
      }
      kept['content-length'] = String(body.length);
      const { 'content-length': _length, 'content-encoding': _encoding, 'content-type': _type, ...notModified } = kept;
      answers.set(key, { headers: kept, notModified, etag, body });
    },
    clear() {
      epoch++;
      answers.clear();
    },
  };
}

/**
 * Fastify's `serverFactory` for a lane: the HTTP/1.1 server Fastify would make, with the same timeouts, whose requests
 * go to the lane first and to Fastify when the lane does not know them.
 */
export function laneServerFactory(lane: HitLane) {
  return (handler: (req: IncomingMessage, res: ServerResponse) => void, options: FastifyServerOptions) => {
    const server = createServer((options as { http?: ServerOptions }).http ?? {}, (req, res) => {
      const startedAt = process.hrtime.bigint();
      const status = lane.serve(req, res);
      if (status) return lane.onServe?.(req, status, startedAt);
      lane.watch(req);
      handler(req, res);
    });
    server.keepAliveTimeout = options.keepAliveTimeout ?? 72_000;
    server.requestTimeout = options.requestTimeout ?? 0;
    server.setTimeout(options.connectionTimeout ?? 0);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The hit lane, where the response cache is this process's own. */
    hitLane?: HitLane;
  }
  interface FastifyReply {
    /** The bytes of a cached answer this reply sends, for the hit lane to learn. */
    cachedBody?: Buffer;
  }
}

/** Teaches the lane every cached answer the pipeline sends (the response cache sets `reply.cachedBody`). */
export function registerHitLane(app: FastifyInstance, lane: HitLane) {
  app.decorate('hitLane', lane);
  app.decorateReply('cachedBody', undefined);
  app.addHook('onResponse', (req, reply, done) => {
    if (reply.cachedBody) lane.learn(req.raw, reply.statusCode, reply.getHeaders(), reply.cachedBody);
    done();
  });
}

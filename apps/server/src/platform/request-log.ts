import type { IncomingMessage } from 'node:http';
import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from 'fastify';

export interface RequestLogOptions {
  /** One answer from the response cache in this many is logged; 0 logs none (LOG_CACHE_HITS). */
  cacheHitsEvery: number;
  /** A request slower than this many milliseconds is logged at `warn` (LOG_SLOW_MS). */
  slowMs: number;
}

type Line = Record<string, unknown>;

/**
 * The request log: one line a request, when it is answered, instead of Fastify's two (one when it arrives, one when
 * it is answered). Each line has the request id, the method, the address, the client, the status, the milliseconds
 * and, for an answer from the response cache, `cache: "hit"`. A failed answer (5xx, or an error while sending) is
 * logged at `error`, a request slower than LOG_SLOW_MS at `warn`, everything else at `info`. At `debug`, each request
 * is also logged when it arrives, for one that never finishes.
 *
 * Answers from the response cache are most of a busy site's traffic and the cheapest to give, so a line for each
 * would be most of their cost: one in LOG_CACHE_HITS is logged (default 100), with `sampled: N` saying how many it
 * stands for, so that counts read from the log stay right. Every other request is always logged, and so is a hit
 * that failed or was slow.
 */
export class RequestLog extends LogController {
  private hits = 0;

  constructor(private readonly opts: RequestLogOptions) {
    super();
  }

  override incomingRequest(request: FastifyRequest) {
    request.log.debug({ req: { method: request.method, url: request.url } }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const hit = reply.getHeader('x-cache') === 'hit';
    // Logged as Fastify logs a request (its `req` serializer): method, address, host, client address and port.
    const line = this.line(request, reply.statusCode, reply.elapsedTime, hit, error);
    if (line) this.write(reply.log, line, reply.statusCode, reply.elapsedTime, error);
  }

  /** Logs one answer the hit lane gave (platform/hit-lane.ts), sampled like every cache hit. */
  laneHit(log: FastifyBaseLogger, req: IncomingMessage, status: number, startedAt: bigint) {
    const ms = Number(process.hrtime.bigint() - startedAt) / 1e6;
    // The same fields from the raw request; the lane answers before Fastify reads X-Forwarded-For, so its client is
    // the socket's peer.
    const shaped = {
      method: req.method,
      url: req.url,
      host: req.headers?.host,
      ip: req.socket.remoteAddress,
      socket: req.socket,
    };
    const line = this.line(shaped, status, ms, true);
    if (line) this.write(log, line, status, ms);
  }

  /** The line for a request, or undefined for a cache hit the sampling leaves out. */
  private line(req: object, status: number, ms: number, hit: boolean, error?: unknown) {
    const sampled = hit && !error && status < 500 && ms < this.opts.slowMs;
    if (sampled && (this.opts.cacheHitsEvery === 0 || ++this.hits % this.opts.cacheHitsEvery !== 0)) return undefined;
    const line: Line = {
      req,
      res: { statusCode: status },
      responseTime: Math.round(ms * 100) / 100,
    };
    if (hit) line.cache = 'hit';
    if (sampled) line.sampled = this.opts.cacheHitsEvery;
    return line;
  }

  private write(log: FastifyBaseLogger, line: Line, status: number, ms: number, error?: unknown) {
    if (error) log.error({ ...line, err: error }, 'request errored');
    else if (status >= 500) log.error(line, 'request failed');
    else if (ms >= this.opts.slowMs) log.warn(line, 'slow request');
    else log.info(line, 'request');
  }
}

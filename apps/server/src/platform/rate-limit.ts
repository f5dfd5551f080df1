import { API_ERRORS } from '@chaupal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from './errors';

/** Requests a minute, before RATE_LIMIT_FACTOR (DESIGN §6). */
export const RATE_LIMITS = {
  login: { ip: 20, account: 10 },
  register: { ip: 10 },
  codeRequest: { ip: 10, account: 5 },
  codeValidate: { ip: 30, account: 15 },
  contact: { ip: 5 },
  upload: { ip: 60 },
} as const;

/** The header the server renderer's in-process calls carry; they are exempt from rate limits. */
export const INTERNAL_HEADER = 'x-chaupal-internal';

type Guard = (req: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface Limiters {
  /** At most `max` a minute from one IP address, counted per `group`. */
  perIp(group: string, max: number): Guard;
  /** At most `max` a minute for one account, whatever the address (`key` names it, e.g. the userName). */
  perAccount(group: string, max: number, key: (req: FastifyRequest) => string | undefined): Guard;
}

declare module 'fastify' {
  interface FastifyInstance {
    limiters: Limiters;
  }
}

/**
 * Fixed one-minute windows per key, in memory or in Redis (shared by every instance). Several limits compose on one
 * route (per address and per account), which is why this uses rate-limiter-flexible (docs/decisions/003).
 */
export function registerRateLimits(
  app: FastifyInstance,
  opts: { factor: number; redis?: Redis; internalToken: string },
) {
  const scaled = (max: number) => Math.max(1, Math.round(max * opts.factor));
  const make = (name: string, max: number) =>
    opts.redis
      ? new RateLimiterRedis({
          storeClient: opts.redis,
          keyPrefix: `chaupal:rl:${name}`,
          points: scaled(max),
          duration: 60,
        })
      : new RateLimiterMemory({ keyPrefix: name, points: scaled(max), duration: 60 });

  const guard = (name: string, max: number, keyOf: (req: FastifyRequest) => string): Guard => {
    const limiter = make(name, max);
    return async (req, reply) => {
      if (req.headers[INTERNAL_HEADER] === opts.internalToken) return;
      try {
        await limiter.consume(keyOf(req));
      } catch (err) {
        if (!(err instanceof RateLimiterRes)) throw err;
        reply.header('retry-after', Math.ceil(err.msBeforeNext / 1000));
        throw new AppError('RATE_LIMITED', API_ERRORS.rateLimited);
      }
    };
  };

  app.decorate('limiters', {
    perIp: (group, max) => guard(`ip:${group}`, max, (req) => req.ip),
    perAccount: (group, max, key) =>
      guard(`acct:${group}`, max, (req) => key(req)?.trim().toLowerCase().replace(/\s/g, '') || `ip:${req.ip}`),
  } satisfies Limiters);
}

import { API_ERRORS, normalisePhone } from '@chaupal/contract';
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
  report: { ip: 5 },
  suggestion: { ip: 5, account: 5 },
  // Writing, changing or deleting a review: a person writes a few; an address may be a family's.
  review: { ip: 10, account: 5 },
  // A listing owner's replies: an owner may answer several short reviews in a row.
  reviewReply: { ip: 20, account: 10 },
  // "Helpful" and taking it back, a tap each as a reader goes down a listing's reviews.
  reviewVote: { ip: 30, account: 20 },
  beacon: { ip: 120 },
  // Preview links of one's own records (decision 033): a few for each draft shared, never a stream of them.
  previewLink: { ip: 20, account: 10 },
  upload: { ip: 60 },
  // The search box asks for suggestions as a reader types (every pause of 200 ms), and people behind one carrier's
  // address share a budget: the API allows several searches a minute of typing. A results page is one per search.
  search: { ip: 120 },
  searchPage: { ip: 60 },
} as const;

/**
 * Failed sign-ins one account may have in a window before sign-in is locked, whatever addresses they come from; a
 * device the account signed in on before has a budget of the same size of its own (modules/account: `login`). Not
 * scaled by RATE_LIMIT_FACTOR: it bounds password guessing, not traffic.
 */
export const LOGIN_BUDGET = { failures: 10, windowMs: 15 * 60_000, lockMs: 15 * 60_000 } as const;

/**
 * The account a user name names, however it is spelled: an e-mail lower-cased, a phone in E.164 (`98-76543210`,
 * `9876 543 210` and `+91 98765 43210` are one account), anything else without spaces and lower-cased.
 */
export function accountKey(userName: string): string {
  const name = userName.trim();
  if (name.includes('@')) return name.toLowerCase();
  return normalisePhone(name) ?? name.replace(/\s/g, '').toLowerCase();
}

/**
 * Fastify's `trustProxy` for TRUST_PROXY. A hop count trusts that many proxies in front of us, the socket's peer first
 * (Fastify 5 itself turns a bare number into "trust none"); it is only safe when clients cannot reach the server
 * except through those proxies, which is why docs/operations.md prefers the proxies' addresses.
 */
export function trustProxyOption(
  trust: boolean | number | string[],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** The header the server renderer's in-process calls carry; they are exempt from rate limits. */
export const INTERNAL_HEADER = 'x-chaupal-internal';

type Guard = (req: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface Limiters {
  /** At most `max` a minute from one IP address, counted per `group`. */
  perIp(group: string, max: number): Guard;
  /**
   * At most `max` a minute for one account, whatever the address (`key` names it, e.g. the userName, which is
   * counted in its canonical spelling: see `accountKey`).
   */
  perAccount(group: string, max: number, key: (req: FastifyRequest) => string | undefined): Guard;
  /** A failure budget with lock-out (`LOGIN_BUDGET`) for names that are no account, so they lock like real ones. */
  loginFailures: FailureBudget;
  /** The same budget for each known device of an account, apart from the account's own. */
  knownDeviceFailures: FailureBudget;
  /**
   * `points` per key in fixed windows of `seconds`, kept where the limits are (this process or Redis, so instances
   * share it). Not scaled by RATE_LIMIT_FACTOR: it budgets things counted (the owners' insight), not requests.
   */
  quota(name: string, points: number, seconds: number): Quota;
}

export interface Quota {
  /** Whether `key` has used every point of its current window. */
  spent(key: string): Promise<boolean>;
  /** Takes one of `key`'s points; false when none was left. */
  take(key: string): Promise<boolean>;
}

export interface FailureBudget {
  /** Milliseconds left of the lock on `key`, or 0. */
  lockedFor(key: string): Promise<number>;
  /** Counts a failure of `key`; the milliseconds of the lock it started, or 0. */
  fail(key: string): Promise<number>;
  /** Forgets the failures of `key` and lifts its lock. */
  forget(key: string): Promise<void>;
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

  const failures = (name: string, budget: { failures: number; windowMs: number; lockMs: number }): FailureBudget => {
    const points = budget.failures;
    const duration = budget.windowMs / 1000;
    const limiter = opts.redis
      ? new RateLimiterRedis({ storeClient: opts.redis, keyPrefix: `chaupal:rl:${name}`, points, duration })
      : new RateLimiterMemory({ keyPrefix: name, points, duration });
    return {
      async lockedFor(key) {
        const res = await limiter.get(key);
        return res && res.consumedPoints > points ? Math.max(1, res.msBeforeNext) : 0;
      },
      async fail(key) {
        const res = await limiter.penalty(key);
        if (res.consumedPoints !== points) return 0;
        await limiter.block(key, budget.lockMs / 1000);
        return budget.lockMs;
      },
      async forget(key) {
        await limiter.delete(key);
      },
    };
  };

  app.decorate('limiters', {
    perIp: (group, max) => guard(`ip:${group}`, max, (req) => req.ip),
    perAccount: (group, max, key) =>
      guard(`acct:${group}`, max, (req) => {
        const name = key(req);
        return typeof name === 'string' && name.trim() ? accountKey(name) : `ip:${req.ip}`;
      }),
    loginFailures: failures('login-failures', LOGIN_BUDGET),
    knownDeviceFailures: failures('login-device-failures', LOGIN_BUDGET),
    quota: (name, points, seconds) => {
      const limiter = opts.redis
        ? new RateLimiterRedis({
            storeClient: opts.redis,
            keyPrefix: `chaupal:quota:${name}`,
            points,
            duration: seconds,
          })
        : new RateLimiterMemory({ keyPrefix: name, points, duration: seconds });
      return {
        async spent(key) {
          // This process's store keeps a window past its end until a timer removes it; Redis has already let it go.
          const res = await limiter.get(key);
          return res !== null && res.msBeforeNext > 0 && res.consumedPoints >= points;
        },
        async take(key) {
          try {
            await limiter.consume(key);
            return true;
          } catch (err) {
            if (err instanceof RateLimiterRes) return false;
            throw err;
          }
        },
      };
    },
  } satisfies Limiters);
}

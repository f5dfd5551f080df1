import { isIP } from 'node:net';
import { z } from 'zod';

const empty = (v: unknown) => (v === '' ? undefined : v);
/** true/false/1/0; z.coerce.boolean() would read "false" as true. */
const bool = (fallback: boolean) =>
  z.preprocess(
    empty,
    z
      .enum(['true', 'false', '1', '0', 'TRUE', 'FALSE', 'True', 'False'])
      .transform((v) => v === 'true' || v === '1' || v === 'TRUE' || v === 'True')
      .optional()
      .transform((v) => v ?? fallback),
  );
const optionalString = z.preprocess(empty, z.string().optional());
const optionalUrl = z.preprocess(empty, z.url().optional());

const ZEnv = z.object({
  NODE_ENV: z.preprocess(empty, z.enum(['development', 'production', 'test']).default('development')),
  PORT: z.preprocess(empty, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(empty, z.string().default('0.0.0.0')),
  DATA_DIR: z.preprocess(empty, z.string().default('./data')),
  DATABASE_URL: z.preprocess(
    empty,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  PUBLIC_URL: optionalUrl,
  JWT_SECRET: z.preprocess(empty, z.string().min(32, 'must be at least 32 characters').optional()),
  ADMIN_EMAIL: z.preprocess(empty, z.email().optional()),
  ADMIN_PASSWORD: optionalString,
  SEED_DEMO: z.preprocess(empty, z.enum(['true', 'false', '1', '0']).optional()),
  AUTO_APPROVE: bool(false),
  REVIEW_EDITS: bool(false),
  STORAGE: z.preprocess(empty, z.enum(['local', 's3']).default('local')),
  S3_BUCKET: optionalString,
  S3_REGION: optionalString,
  S3_ENDPOINT: optionalUrl,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_PUBLIC_URL: optionalUrl,
  SMTP_URL: z.preprocess(
    empty,
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: optionalString,
  SMS_WEBHOOK_URL: optionalUrl,
  RECAPTCHA_SECRET: optionalString,
  RECAPTCHA_SITE_KEY: optionalString,
  REDIS_URL: z.preprocess(
    empty,
    z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional(),
  ),
  REDIS_KEY_PREFIX: z.preprocess(empty, z.string().max(100).default('')),
  DEV_OUTBOX: z.preprocess(empty, z.enum(['true', 'false', '1', '0']).optional()),
  SITE_TZ: z.preprocess(empty, z.string().default('Asia/Kolkata')),
  /** The map's raster tiles (`{z}/{x}/{y}` placeholders) and their credit. */
  MAP_TILES_URL: z.preprocess(
    empty,
    z
      .string()
      .regex(/^https?:\/\/[^/]+\/.*\{z\}.*\{x\}.*\{y\}/, 'must be an http(s) URL with {z}, {x} and {y}')
      .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  ),
  MAP_ATTRIBUTION: z.preprocess(empty, z.string().max(300).default('© OpenStreetMap contributors')),
  /** Tests only: the instant pages are rendered at (open-now badges), an ISO date and time. Refused in production. */
  FIXED_NOW: z.preprocess(empty, z.iso.datetime({ offset: true, error: 'must be an ISO date and time' }).optional()),
  RESPONSE_CACHE: bool(true),
  RATE_LIMIT_FACTOR: z.preprocess(empty, z.coerce.number().positive().default(1)),
  /** Pages rendered at once, and pages that may wait for a turn beyond them (the rest are told to come back). */
  RENDER_CONCURRENCY: z.preprocess(empty, z.coerce.number().int().min(1).max(256).default(8)),
  RENDER_QUEUE: z.preprocess(empty, z.coerce.number().int().min(0).max(100_000).default(256)),
  TRUST_PROXY: z.preprocess(empty, z.string().optional()),
  LOG_LEVEL: z.preprocess(
    empty,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  /** One answer from the response cache in this many is logged (0: none, 1: all); every other request always is. */
  LOG_CACHE_HITS: z.preprocess(empty, z.coerce.number().int().min(0).max(1_000_000).default(100)),
  /** A request slower than this many milliseconds is logged at `warn`, whatever it was. */
  LOG_SLOW_MS: z.preprocess(empty, z.coerce.number().int().min(1).max(3_600_000).default(1000)),
  /** Owners' counts an hour: at most this many from one address, and of one listing's event (decision 025). */
  INSIGHT_MAX_PER_ADDRESS: z.preprocess(empty, z.coerce.number().int().min(1).max(1_000_000).default(60)),
  INSIGHT_MAX_PER_LISTING: z.preprocess(empty, z.coerce.number().int().min(1).max(1_000_000).default(100)),
});

export type TEnv = z.infer<typeof ZEnv>;

export interface Config {
  env: TEnv['NODE_ENV'];
  production: boolean;
  /** Production checks on: NODE_ENV=production, or a PUBLIC_URL that is not a localhost address. */
  strict: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  publicUrl: string;
  jwtSecret?: string;
  adminEmail?: string;
  adminPassword?: string;
  /** undefined: seed when the database is empty. */
  seedDemo?: boolean;
  autoApprove: boolean;
  reviewEdits: boolean;
  storage: TEnv['STORAGE'];
  s3: {
    bucket?: string;
    region?: string;
    endpoint?: string;
    accessKeyId?: string;
    secretAccessKey?: string;
    publicUrl?: string;
  };
  smtpUrl?: string;
  mailFrom: string;
  smsWebhookUrl?: string;
  recaptchaSecret?: string;
  recaptchaSiteKey?: string;
  redisUrl?: string;
  /** Put before every Redis key, so several sites (or test runs) can share one Redis. */
  redisKeyPrefix: string;
  devOutbox: boolean;
  siteTz: string;
  /** The map's tile URL template and credit (decision 015). */
  map: { tiles: string; attribution: string };
  /** Tests only (FIXED_NOW): the epoch ms pages are rendered at; undefined: the real clock. */
  fixedNow?: number;
  responseCache: boolean;
  rateLimitFactor: number;
  /** Pages rendered at once (RENDER_CONCURRENCY), and how many may wait for a turn (RENDER_QUEUE): web.routes.ts. */
  renders: { concurrency: number; queue: number };
  /** Fastify's `trustProxy`: whose X-Forwarded-For the client address is read from (none by default). */
  trustProxy: boolean | number | string[];
  logLevel: TEnv['LOG_LEVEL'];
  /** The request log (platform/request-log.ts): one cache hit logged in `cacheHitsEvery`, and what counts as slow. */
  requestLog: { cacheHitsEvery: number; slowMs: number };
  /** Ceilings of the owners' counts an hour, per address and per listing's event (modules/trust/insight.service.ts). */
  insight: { perAddress: number; perListing: number };
}

export class ConfigError extends Error {}

/**
 * The first admin's e-mail on a development machine when ADMIN_EMAIL is unset. Everyone who has read this repository
 * knows it, so a site with the production checks on never uses it: it refuses it as ADMIN_EMAIL, and without
 * ADMIN_EMAIL the first admin gets a generated address (seed/admin.ts).
 */
export const DEFAULT_ADMIN_EMAIL = 'admin@chaupal.local';

const flag = (v: string | undefined) => (v === undefined ? undefined : v === 'true' || v === '1');

/** Reads the environment into a typed config; throws ConfigError naming each bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration: ${lines.join('; ')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (production) {
    const missing = (['JWT_SECRET', 'PUBLIC_URL'] as const).filter((k) => !e[k]);
    if (missing.length) throw new ConfigError(`Invalid configuration: ${missing.join(', ')} must be set in production`);
  }
  // A site others can reach (its public URL is not this machine) gets the production checks whatever NODE_ENV says:
  // no generated secret, no development outbox handing out one-time codes (docs/decisions/001).
  const strict = production || !isLocalUrl(e.PUBLIC_URL);
  if (strict && !production && !e.JWT_SECRET) {
    throw new ConfigError(
      `Invalid configuration: JWT_SECRET must be set when PUBLIC_URL (${e.PUBLIC_URL}) is not a localhost address`,
    );
  }
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  if (trustProxy instanceof ConfigError) throw trustProxy;
  if (!isValidTimeZone(e.SITE_TZ))
    throw new ConfigError(`Invalid configuration: SITE_TZ: unknown time zone "${e.SITE_TZ}"`);
  if (strict && e.ADMIN_EMAIL?.toLowerCase() === DEFAULT_ADMIN_EMAIL) {
    throw new ConfigError(
      `Invalid configuration: ADMIN_EMAIL: ${DEFAULT_ADMIN_EMAIL} is the well-known development default; use an address of your own`,
    );
  }
  if (strict && e.FIXED_NOW) {
    throw new ConfigError('Invalid configuration: FIXED_NOW is for tests and development only');
  }
  if (e.STORAGE === 's3') {
    const missing = (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((k) => !e[k]);
    if (missing.length)
      throw new ConfigError(`Invalid configuration: ${missing.join(', ')} must be set when STORAGE=s3`);
  }
  return {
    env: e.NODE_ENV,
    production,
    strict,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    jwtSecret: e.JWT_SECRET,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    seedDemo: flag(e.SEED_DEMO),
    autoApprove: e.AUTO_APPROVE,
    reviewEdits: e.REVIEW_EDITS,
    storage: e.STORAGE,
    s3: {
      bucket: e.S3_BUCKET,
      region: e.S3_REGION,
      endpoint: e.S3_ENDPOINT,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      publicUrl: e.S3_PUBLIC_URL,
    },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'Chaupal <no-reply@localhost>',
    smsWebhookUrl: e.SMS_WEBHOOK_URL,
    recaptchaSecret: e.RECAPTCHA_SECRET,
    recaptchaSiteKey: e.RECAPTCHA_SITE_KEY,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    devOutbox: strict ? false : (flag(e.DEV_OUTBOX) ?? true),
    siteTz: e.SITE_TZ,
    map: { tiles: e.MAP_TILES_URL, attribution: e.MAP_ATTRIBUTION },
    fixedNow: e.FIXED_NOW ? Date.parse(e.FIXED_NOW) : undefined,
    responseCache: e.RESPONSE_CACHE,
    rateLimitFactor: e.RATE_LIMIT_FACTOR,
    renders: { concurrency: e.RENDER_CONCURRENCY, queue: e.RENDER_QUEUE },
    trustProxy,
    logLevel: e.LOG_LEVEL,
    requestLog: { cacheHitsEvery: e.LOG_CACHE_HITS, slowMs: e.LOG_SLOW_MS },
    insight: { perAddress: e.INSIGHT_MAX_PER_ADDRESS, perListing: e.INSIGHT_MAX_PER_LISTING },
  };
}

/** No PUBLIC_URL (it defaults to localhost), or one naming localhost, a 127.x address or ::1. */
export function isLocalUrl(url: string | undefined): boolean {
  if (!url) return true;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(host) || host === '::1';
}

/**
 * TRUST_PROXY as Fastify's `trustProxy` takes it: unset or `false` trusts no one (X-Forwarded-For is ignored), `true`
 * trusts every hop, a number trusts that many hops, else a comma-separated list of addresses, CIDR ranges or
 * `loopback`/`linklocal`/`uniquelocal`.
 */
function parseTrustProxy(value: string | undefined): boolean | number | string[] | ConfigError {
  const v = value?.trim().toLowerCase();
  if (!v || v === 'false' || v === '0') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  const list = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = list.filter((s) => !isProxyAddress(s));
  if (bad.length)
    return new ConfigError(
      `Invalid configuration: TRUST_PROXY: "${bad.join('", "')}" is not an address or CIDR range (or use true, false or a hop count)`,
    );
  return list;
}

function isProxyAddress(s: string): boolean {
  if (s === 'loopback' || s === 'linklocal' || s === 'uniquelocal') return true;
  const [ip, range, ...rest] = s.split('/');
  const family = isIP(ip);
  if (!family || rest.length) return false;
  if (range === undefined) return true;
  if (/^\d+$/.test(range)) return Number(range) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(range) === 4;
}

function isValidTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

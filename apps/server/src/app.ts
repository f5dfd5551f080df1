import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { UPLOAD_LIMITS } from '@chaupal/contract';
import fastifyCompress from '@fastify/compress';
import fastifyEtag from '@fastify/etag';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { accountRoutes } from './modules/account/account.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { contactRoutes } from './modules/contact/contact.routes';
import { contentRoutes, scheduleVisibility, workVisibility } from './modules/content';
import { devRoutes } from './modules/dev/dev.routes';
import { homeRoutes } from './modules/home/home.routes';
import { KIND_LIST } from './modules/kinds';
import { policiesRoutes } from './modules/policies/policies.routes';
import { previewsRoutes } from './modules/previews/previews.routes';
import { privacyRoutes } from './modules/privacy/privacy.routes';
import { reviewsRoutes } from './modules/reviews/reviews.routes';
import { reviewsAdminRoutes } from './modules/reviews/reviews-admin.routes';
import { suggestionsRoutes } from './modules/reviews/suggestions.routes';
import { revisionsRoutes } from './modules/revisions/revisions.routes';
import { searchRoutes } from './modules/search/search.routes';
import { registerSearchLimits } from './modules/search/search-limits';
import { registerSearchWords } from './modules/search/search-words';
import { seoRoutes } from './modules/seo/seo.routes';
import { taxonomyRoutes } from './modules/taxonomy/taxonomy.routes';
import { trustRoutes } from './modules/trust/trust.routes';
import { uploadsRoutes } from './modules/uploads/uploads.routes';
import { verificationRoutes } from './modules/verification/verification.routes';
import type { CodeContext } from './modules/verification/verification.service';
import { registerWeb } from './modules/web/web.routes';
import { registerAuth } from './platform/auth';
import { LIVE_BROTLI, LIVE_SYNC_MAX } from './platform/cache-store';
import { type Captcha, createCaptcha } from './platform/captcha';
import { registerErrorHandler, serverErrorOptions } from './platform/error-handler';
import { createHitLane, laneServerFactory, registerHitLane } from './platform/hit-lane';
import { registerInputGuard } from './platform/input-guard';
import { Jobs, type JobsOptions } from './platform/jobs';
import { createMessenger, createTransports, type Messenger, type OutgoingMessage } from './platform/messenger';
import { registerOutboxReaders } from './platform/outbox-readers';
import { registerPublicReads } from './platform/public-reads';
import { registerRateLimits, trustProxyOption } from './platform/rate-limit';
import { RequestLog } from './platform/request-log';
import { registerResponseCache } from './platform/response-cache';
import { imageSources, type RichText, richTextSanitizer } from './platform/sanitize';
import { signingSecret } from './platform/secret';
import { registerSecurityHeaders } from './platform/security-headers';
import { createStorage, type Storage, storedFileHeaders } from './platform/storage';

export const API_PREFIX = '/api/backend/v1';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
  }
}

export interface AppDeps {
  config: Config;
  db: Db;
  /** Replaces the mail/SMS transports (tests). */
  messenger?: Messenger;
  /** Where the built web app is (tests). */
  webDist?: string;
  /** Replaces the file store (tests). */
  storage?: Storage;
  /** Replaces the human check of the contact form (tests). */
  captcha?: Captcha;
  /**
   * The database's own SQL runner, for the job queue (platform/jobs.ts): e-mail and SMS through it, scheduled work.
   * Without it (tools that build the app for a moment) messages are sent in place and nothing is scheduled.
   */
  executeSql?: Database['executeSql'];
  /** The queue's clocks and stop timeout (tests). */
  jobs?: JobsOptions;
}

declare module 'fastify' {
  interface FastifyInstance {
    messenger: Messenger;
    /** The durable job queue, when the app runs with one (AppDeps.executeSql). */
    jobs: Jobs | undefined;
    storage: Storage;
    captcha: Captcha;
    /** Sanitizes rich text when it is written, keeping only this site's images. */
    richText: RichText;
  }
}

/** A token only this process knows, for its own in-process calls (exempt from rate limits). */
const internalToken = (secret: Uint8Array) => createHash('sha256').update(secret).update('internal').digest('hex');

/** Long search strings are refused by the schema with a 400, not by the router with a 414. */
const ROUTER_OPTIONS = { maxParamLength: 500 };

/** Builds the whole app: platform plugins first, then every module (fastify/demo's order). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  // Answers the cache keeps in this process's memory are given again before Fastify's pipeline (decision 024).
  const lane = config.responseCache && !config.redisUrl ? createHitLane() : undefined;
  const requestLog = new RequestLog(config.requestLog);
  const app = Fastify({
    logger: { level: config.env === 'test' ? 'silent' : config.logLevel },
    // One line a request, cache hits sampled (platform/request-log.ts), instead of Fastify's two.
    logController: requestLog,
    ...(lane ? { serverFactory: laneServerFactory(lane) } : {}),
    // X-Forwarded-For names the client only when it comes from a configured proxy (TRUST_PROXY, default none).
    trustProxy: trustProxyOption(config.trustProxy),
    routerOptions: ROUTER_OPTIONS,
    ...serverErrorOptions,
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('config', config);
  app.decorate('db', db);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerInputGuard(app);

  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2, keyPrefix: config.redisKeyPrefix })
    : undefined;
  if (redis) app.addHook('onClose', async () => void redis.disconnect());

  registerSecurityHeaders(app, config);
  await app.register(fastifyEtag);
  // Every JSON, HTML, XML and SVG answer not already compressed (cached entries are, once: response-cache.ts) goes out
  // in brotli or gzip when the client takes it, at the quality quick enough per request (LIVE_BROTLI), in one call up to
  // LIVE_SYNC_MAX (a rendered page the cache does not keep, an uncached API answer); images and files already stored
  // compressed are left alone.
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: LIVE_BROTLI,
    syncThreshold: LIVE_SYNC_MAX,
  });
  const secret = signingSecret(config);
  registerRateLimits(app, { factor: config.rateLimitFactor, redis, internalToken: internalToken(secret) });
  registerAuth(app, db, secret);
  // The development outbox answers a client only for the addresses its own requests wrote to (outbox-readers.ts).
  const outboxReaders = config.devOutbox ? registerOutboxReaders(app) : undefined;
  const jobs = deps.executeSql ? new Jobs({ executeSql: deps.executeSql }, app.log, deps.jobs) : undefined;
  app.decorate('jobs', jobs);
  const transports = createTransports(config);
  const messenger = deps.messenger ?? createMessenger(config, db, fetch, outboxReaders, jobs, transports);
  if (jobs) {
    app.addHook('onReady', async () => {
      await jobs.work<OutgoingMessage>('message', async ({ data }) => {
        await transports.deliver(data);
      });
    });
    // Before the database closes (main.ts closes it in a later onClose hook): running jobs get a moment to finish.
    app.addHook('onClose', () => jobs.stop());
  }
  const codes: CodeContext = { db, secret, messenger };
  app.decorate('messenger', messenger);
  app.decorate('storage', deps.storage ?? createStorage(config));
  app.decorate('captcha', deps.captcha ?? createCaptcha(config));
  app.decorate('richText', richTextSanitizer(imageSources(config)));
  await app.register(fastifyMultipart, {
    // A tight default: every multipart route reads its body with its own limits (withForm, form-input.ts), which
    // refuses the first part beyond them with a 413 or 400 (DESIGN §4).
    limits: { fileSize: UPLOAD_LIMITS.documentBytes, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 21 },
  });
  registerResponseCache(app, { enabled: config.responseCache, redis, lane });
  app.decorate('publicWrites', {
    kinds: KIND_LIST,
    invalidate: (tags: Parameters<typeof app.responseCache.invalidate>[0], by?: string) =>
      app.responseCache.invalidate(tags, by),
    ...(jobs ? { schedule: scheduleVisibility(jobs) } : {}),
  });
  if (jobs) app.addHook('onReady', () => workVisibility(app, jobs));
  // The admins' synonyms, and the count of searches people make however they are answered (search-words.ts).
  const searchWords = registerSearchWords(app, `${API_PREFIX}/search`);
  if (lane) {
    registerHitLane(app, lane);
    lane.onServe = (req, status, startedAt) => {
      requestLog.laneHit(app.log, req, status, startedAt);
      searchWords.countLaneAnswer(req, status);
    };
  }
  registerPublicReads(app, ROUTER_OPTIONS);
  // Before the routes: the search gate they share, and the results pages' budget per address.
  registerSearchLimits(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Chaupal API', description: 'Public directory, local news and contributor API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    // The docs page gets a policy of its own, with hashes of the plugin's inline scripts. Swagger UI
    // injects its styles at run time, and a plain-http local site must not be upgraded to https.
    staticCSP: true,
    transformStaticCSP: (header) =>
      header
        .replace(/style-src [^;]*;/, "style-src 'self' 'unsafe-inline';")
        .replace(/\s*upgrade-insecure-requests;?/, ''),
  });

  const uploadsDir = resolve(join(config.dataDir, 'uploads'));
  mkdirSync(uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: '/uploads/',
    immutable: true,
    maxAge: '365d',
    index: false,
    decorateReply: false,
    // Uploaded bytes are never a page of this site (storage.ts: storedFileHeaders).
    setHeaders: (res, path) => {
      for (const [name, value] of Object.entries(storedFileHeaders(path))) res.setHeader(name, value);
    },
  });

  app.get('/healthz', { schema: { hide: true } }, async (_req, reply) => {
    await db.execute(sql`select 1`);
    return reply.send({ success: true, data: { status: 'ok' } });
  });

  await app.register(
    async (api) => {
      await api.register(homeRoutes);
      await api.register(taxonomyRoutes);
      await api.register(policiesRoutes);
      for (const kind of KIND_LIST) await api.register(contentRoutes(kind));
      await api.register(searchRoutes);
      await api.register(accountRoutes(codes));
      await api.register(verificationRoutes(codes));
      await api.register(privacyRoutes(codes));
      await api.register(uploadsRoutes);
      await api.register(contactRoutes);
      await api.register(trustRoutes);
      await api.register(reviewsRoutes);
      await api.register(suggestionsRoutes);
      await api.register(previewsRoutes);
      await api.register(revisionsRoutes);
      await api.register(adminRoutes, { prefix: '/admin' });
      // Apart from adminRoutes: the reviews module uses the admin module, which cannot then register its routes.
      await api.register(reviewsAdminRoutes, { prefix: '/admin' });
      if (config.devOutbox) await api.register(devRoutes);
    },
    { prefix: API_PREFIX },
  );

  await app.register(seoRoutes);
  for (const kind of KIND_LIST) if (kind.feeds) await app.register(async (root) => kind.feeds?.(root));
  await registerWeb(app, {
    internalToken: internalToken(secret),
    distDir: deps.webDist,
    dev: process.env.CHAUPAL_WEB_DEV === '1',
  });
  return app;
}

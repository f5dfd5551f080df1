import { createHmac } from 'node:crypto';
import { okBody, ZBeacon, ZBeaconToken, ZErrorBody, ZInsight, ZListingParams } from '@chaupal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountOfRequest } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { RATE_LIMITS } from '../../platform/rate-limit';
import { signingSecret } from '../../platform/secret';
import { adminSecurity as security } from '../admin';
import { publicWrite } from '../content';
import { InsightCounter, issueBeaconToken, readInsight } from './insight.service';
import { insightKey } from './insight-token';
import { addReport, REPORT_REPEAT_SECONDS } from './reports.service';
import { confirmListing, listingOwner, remindStale } from './trust.service';
import { trustAdminRoutes } from './trust-admin.routes';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 429: ZErrorBody };

/** How often waiting counts are written, and how often stale listings are looked for. */
const FLUSH_MS = 10_000;
/** When the stale-listing sweep runs (cron, the site's time zone). */
const STALE_SWEEP_CRON = '15 */6 * * *';
const HOUR_SECONDS = 3600;

/**
 * Trust, reports and owners' insight (docs/decisions/016-listing-trust.md): the public report form and
 * beacon, the owner's confirmation and counts, and the console's queue, stale list and "Verified business" mark.
 */
export const trustRoutes: FastifyPluginAsyncZod = async (app) => {
  const key = insightKey(signingSecret(app.config));
  const ceilings = app.config.insight;
  const counter = new InsightCounter(app.db, app.config.siteTz, key, {
    once: app.limiters.quota('insight-once', 1, HOUR_SECONDS),
    address: app.limiters.quota('insight-address', ceilings.perAddress, HOUR_SECONDS),
    listing: app.limiters.quota('insight-listing', ceilings.perListing, HOUR_SECONDS),
  });
  counter.start(FLUSH_MS, (err) => app.log.warn({ err }, 'insight counts not written'));
  // The stale-listing reminders, every six hours at the quarter past (the site's time), sent by the job queue once per
  // slot whichever instances run; a sweep claims each reminder in one statement, so a repeated run sends nothing twice.
  const jobs = app.jobs;
  if (jobs) {
    app.addHook('onReady', async () => {
      await jobs.work('stale-sweep', async () => {
        await remindStale(app.db, app.messenger, app.config.publicUrl, app.log);
      });
      await jobs.schedule('stale-sweep', STALE_SWEEP_CRON, app.config.siteTz);
    });
  }
  app.addHook('onClose', async () => {
    await counter.stop();
  });

  // A report's repeat check keeps a keyed hash of record and address for the day, never the address (decision 016).
  const reportKey = signingSecret(app.config);
  const repeats = app.limiters.quota('report-repeat', 1, REPORT_REPEAT_SECONDS);
  const firstReport = (key: string) => repeats.take(createHmac('sha256', reportKey).update(key).digest('base64url'));
  app.post(
    '/reports',
    {
      preHandler: [app.limiters.perIp('report', RATE_LIMITS.report.ip)],
      schema: {
        tags: ['reports'],
        summary: 'Report a public listing or article: reason, message, optional contact and the human check',
        body: z.record(z.string(), z.unknown()),
        response: { 200: okBody(z.object({ id: z.string() })), ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      message: 'Thank you, the report was sent',
      data: await addReport(app.db, app.captcha, req.body, req.ip, firstReport),
    }),
  );

  // The page's beacon (navigator.sendBeacon with a string) sends JSON as text/plain, which needs no CORS preflight.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new AppError('BAD_REQUEST', 'The body is not JSON'), undefined);
    }
  });

  app.post(
    '/insight',
    {
      preHandler: [app.limiters.perIp('beacon', RATE_LIMITS.beacon.ip)],
      schema: {
        tags: ['insight'],
        summary: "Count a view or a contact click of a listing (the page's beacon; no cookies, nothing personal kept)",
        body: ZBeacon,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      // Counted or not, the answer is the same: a browser's beacon never reads it, and a script trying tokens, agents
      // or addresses learns nothing from it.
      await counter.count(req.body, req.ip, req.headers['user-agent']);
      return reply.code(204).send(null);
    },
  );

  // Read by the renderer with the listing's page, so the token is in the page (cached with it: the token's lifetime
  // covers that), and by the app when it opens a listing without loading a page.
  app.get(
    '/insight/:kind/:id/token',
    {
      config: { cacheTags: ['experts', 'outlets', 'taxonomy', 'users'] },
      schema: {
        tags: ['insight'],
        summary: "A public listing's beacon token: its page's views and contact clicks send it back to be counted",
        params: ZListingParams,
        response: { 200: okBody(ZBeaconToken), 400: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (req) => ({
      success: true as const,
      data: await issueBeaconToken(app.db, key, req.params.kind, req.params.id),
    }),
  );

  app.post(
    '/listings/:kind/:id/confirm',
    {
      preHandler: app.requireContributor,
      schema: {
        tags: ['trust'],
        summary: 'The owner confirms the listing details are current',
        security,
        params: ZListingParams,
        response: { 200: okBody(z.object({ confirmedAt: z.string() })), ...errors },
      },
    },
    async (req) => {
      const account = accountOfRequest(req);
      const data = await publicWrite(
        { db: app.db, ...app.publicWrites },
        (tx, changes) => confirmListing(tx, changes, account, req.params.kind, req.params.id),
        { by: account.id },
      );
      return { success: true as const, message: 'Thank you, the details are confirmed', data };
    },
  );

  app.get(
    '/listings/:kind/:id/insight',
    {
      preHandler: app.requireAccount,
      schema: {
        tags: ['insight'],
        summary: "A listing's views and contact clicks: this month and each of the last 30 days (owner or admin)",
        security,
        params: ZListingParams,
        response: { 200: okBody(ZInsight), ...errors },
      },
    },
    async (req) => {
      const account = accountOfRequest(req);
      const owner = await listingOwner(app.db, req.params.kind, req.params.id);
      if (owner !== account.id && account.role !== 'admin') throw new AppError('FORBIDDEN', 'Not your listing');
      await counter.flush();
      return {
        success: true as const,
        data: await readInsight(app.db, app.config.siteTz, req.params.kind, req.params.id),
      };
    },
  );

  await app.register(trustAdminRoutes, { prefix: '/admin' });
};

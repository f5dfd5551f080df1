import { okBody, ZErrorBody } from '@chaupal/contract';
import { desc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { outbox } from '../../db/schema';
import { AppError } from '../../platform/errors';

const ZOutboxMessage = z.object({
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  code: z.string().nullable(),
  createdAt: z.string(),
});

/** Printed at start while the outbox is on. */
export const OUTBOX_WARNING =
  'WARNING: the development outbox is on: one-time codes are kept instead of sent, and /dev/outbox shows them to ' +
  'callers on this machine. Set NODE_ENV=production (or a public PUBLIC_URL with JWT_SECRET) before others use this site.';

const NOT_YOURS =
  'The development outbox shows an address only to the machine whose requests sent it messages in the last hour.';

const FORWARDED = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

/**
 * A caller on this very machine: the socket's own address is a loopback one (not what a forwarded header claims),
 * and no proxy passed the request on (a reverse proxy on the same host adds its forwarded headers).
 */
export function isLoopbackCaller(req: FastifyRequest): boolean {
  const address = (req.raw.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
  const loopback = address === '::1' || /^127\./.test(address);
  return loopback && FORWARDED.every((h) => req.headers[h] === undefined);
}

/**
 * The development outbox (DESIGN §9): what would have gone out by mail or SMS to one address, newest first. Never in
 * production; even in development it answers only callers on this machine, only for addresses their own requests
 * wrote to in the last hour (platform/outbox-readers.ts; an admin reads any), and never lists every address at once
 * (a site started with the README's command must not hand one-time codes to the world).
 */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dev/outbox',
    {
      onRequest: async (req) => {
        if (!isLoopbackCaller(req)) {
          throw new AppError('FORBIDDEN', 'The development outbox answers only requests from this machine.');
        }
      },
      schema: {
        tags: ['development'],
        summary:
          'Messages that would have been sent to one address (development only, from this machine only, to the ' +
          'client whose requests sent them in the last hour or an admin)',
        querystring: z.object({
          to: z
            .string('Required')
            .max(254)
            .refine((v) => v.trim() !== '', 'Required'),
        }),
        response: { 200: okBody(z.array(ZOutboxMessage)), 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody },
      },
    },
    async (req, reply) => {
      // A "+" in a query string arrives as a space: "?to=+919876543210".
      const to = req.query.to
        .replace(/^\s+(?=\d)/, '+')
        .replace(/\s/g, '')
        .toLowerCase();
      // Only the client whose requests wrote to this address in the last hour (its registration's codes, the mail
      // its form sent) reads it, or the admin: another caller on the machine cannot fish for someone else's codes.
      if (!app.outboxReaders?.mayRead(to, req.ip)) {
        if (!req.headers.authorization) throw new AppError('FORBIDDEN', NOT_YOURS);
        await app.requireAdmin(req, reply);
      }
      const rows = await app.db
        .select()
        .from(outbox)
        .where(eq(outbox.to, to))
        .orderBy(desc(outbox.createdAt))
        .limit(100);
      return {
        success: true as const,
        data: rows.map((r) => ({
          channel: r.channel,
          to: r.to,
          subject: r.subject,
          text: r.text,
          code: r.code,
          createdAt: r.createdAt.toISOString(),
        })),
      };
    },
  );
};

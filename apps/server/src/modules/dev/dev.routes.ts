import { okBody } from '@chaupal/contract';
import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { outbox } from '../../db/schema';

const ZOutboxMessage = z.object({
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  code: z.string().nullable(),
  createdAt: z.string(),
});

/** The development outbox (DESIGN §9): what would have gone out by mail or SMS, newest first. Never in production. */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dev/outbox',
    {
      schema: {
        tags: ['development'],
        summary: 'Messages that would have been sent (development only)',
        querystring: z.object({ to: z.string().trim().max(254).optional() }),
        response: { 200: okBody(z.array(ZOutboxMessage)) },
      },
    },
    async (req) => {
      // A "+" in a query string arrives as a space: "?to=+919876543210".
      const to = req.query.to
        ?.replace(/^\s+(?=\d)/, '+')
        .replace(/\s/g, '')
        .toLowerCase();
      const rows = await app.db
        .select()
        .from(outbox)
        .where(to ? eq(outbox.to, to) : undefined)
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

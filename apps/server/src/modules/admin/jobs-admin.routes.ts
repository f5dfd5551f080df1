import { okBody, ZErrorBody, ZJobParams, ZJobsReport } from '@chaupal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountOfRequest } from '../../platform/auth';
import { adminSecurity as security } from './admin-write';
import { recordAudit } from './audit.service';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

/**
 * The console's view of the job queue (platform/jobs.ts): how many jobs each queue holds in each state, the jobs that
 * ran out of tries with their last error, and a retry of one of them (audited).
 */
export const jobsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin: jobs'];
  app.get(
    '/jobs',
    {
      schema: {
        tags,
        summary: "The job queue: each queue's jobs by state, and the latest failed jobs with their errors",
        security,
        response: { 200: okBody(ZJobsReport), ...errors },
      },
    },
    async () => {
      const jobs = app.jobs;
      const data = jobs
        ? { running: true, counts: await jobs.counts(), failed: await jobs.failed() }
        : { running: false, counts: [], failed: [] };
      return { success: true as const, data };
    },
  );
  app.post(
    '/jobs/:queue/:id/retry',
    {
      schema: {
        tags,
        summary: 'Tries a failed job again now; 404 when it is not failed (already retried, or gone)',
        security,
        params: ZJobParams,
        response: { 200: z.object({ success: z.literal(true), message: z.string() }), ...errors },
      },
    },
    async (req, reply) => {
      const { queue, id } = req.params;
      if (!(await app.jobs?.retry(queue, id))) {
        return reply.code(404).send({ success: false, error: 'No failed job to retry.' });
      }
      await recordAudit(app.db, {
        actorId: accountOfRequest(req).id,
        action: 'retry',
        entity: 'job',
        entityId: id,
        after: { queue },
      });
      return { success: true as const, message: 'Job Retried' };
    },
  );
};

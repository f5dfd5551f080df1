import { z } from 'zod';

/** How many jobs one queue holds in one state (created, retry, active, completed, failed, cancelled). */
export const ZJobCount = z.object({ queue: z.string(), state: z.string(), count: z.number().int() });
export type TJobCount = z.infer<typeof ZJobCount>;

/** A job that ran out of tries, with the error of its last one: the console retries it. */
export const ZFailedJob = z.object({
  id: z.string(),
  queue: z.string(),
  error: z.string(),
  retryCount: z.number().int(),
  createdOn: z.string(),
  completedOn: z.string().nullable(),
});
export type TFailedJob = z.infer<typeof ZFailedJob>;

/** The console's view of the job queue; `running` is false where the app runs without one. */
export const ZJobsReport = z.object({
  running: z.boolean(),
  counts: z.array(ZJobCount),
  failed: z.array(ZFailedJob),
});
export type TJobsReport = z.infer<typeof ZJobsReport>;

/** A queue's name (lower-case words joined by hyphens, as the server names them) and a job's id. */
export const ZJobParams = z.object({ queue: z.string().regex(/^[a-z][a-z0-9-]{0,49}$/), id: z.string().uuid() });

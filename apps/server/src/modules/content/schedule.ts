import type { FastifyInstance } from 'fastify';
import type { Jobs } from '../../platform/jobs';
import type { ContentKind } from './content-kind';
import { type PublicWriteDeps, publicWrite } from './public-write';

/**
 * "Publish at" and "Unpublish at" (decision 032). A record is public only between them (the public-write step's
 * visibility rule); each time still ahead is a `visibility` job, enqueued in the transaction of the write that set it
 * and run at that time on one instance, which brings the record's visibility in line through the public-write step,
 * so lists, search, RSS, the sitemap, the home page and the caches follow it at once. A record saved again before
 * its time gets no second job for the same time (the queue keeps one per key while it waits); a job for a time the
 * record no longer has changes nothing.
 */
export function scheduleVisibility(jobs: Jobs): NonNullable<PublicWriteDeps['schedule']> {
  return async (tx, { kind, id, at }) => {
    await jobs.send('visibility', { kind: kind.spec.name, id }, tx, {
      startAfter: at,
      singletonKey: `${kind.spec.name}:${id}:${at.toISOString()}`,
    });
  };
}

/** Works the `visibility` queue: the record named is recomputed as any write recomputes it. */
export async function workVisibility(app: FastifyInstance, jobs: Jobs) {
  const byName = new Map<string, ContentKind>(app.publicWrites.kinds.map((k) => [k.spec.name, k]));
  await jobs.work<{ kind: string; id: string }>('visibility', async ({ data }) => {
    const kind = byName.get(data.kind);
    if (!kind) return;
    await publicWrite({ db: app.db, ...app.publicWrites }, async (_tx, changes) => {
      changes.records(kind, [data.id]);
    });
  });
}

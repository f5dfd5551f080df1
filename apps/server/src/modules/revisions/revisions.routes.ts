import {
  okBody,
  REVISION_MESSAGES,
  ZErrorBody,
  ZRevision,
  ZRevisionDetail,
  ZRevisionItemParams,
  ZRevisionParams,
} from '@chaupal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountOfRequest } from '../../platform/auth';
import { ownView, pruneOldRevisions, writeContext } from '../content';
import { KIND_LIST, KINDS } from '../kinds';
import { getRevision, listRevisions, restoreRevision } from './revisions.service';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
const security = [{ bearer: [] }];
const tags = ['revisions'];
/** When old revisions are removed (cron, the site's time zone): daily, in the quiet of the night. */
const PRUNE_CRON = '40 3 * * *';

/**
 * What a restore answers: the record as its owner reads it, one shape per kind (each kind's has fields of its own the
 * others lack, so the union picks the record's own).
 */
const [first, ...rest] = KIND_LIST.map((k) => ownView(k).item);
const ZOwnRecord = z.union([first, ...rest]);

/**
 * A record's revisions (decision 033): its history, one revision with what it changed, and restoring one. The
 * record's owner and whoever may edit it (an admin; `getOwnRecord`); anyone else 403, signed out 401.
 */
export const revisionsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Signed in before the parameters are read, so a signed-out call is a 401 whatever it names.
  const signedIn = { onRequest: app.requireContributor };

  // Revisions older than a year go once a day, each record's newest kept; the job queue sends it once per day however
  // many instances run.
  const jobs = app.jobs;
  if (jobs) {
    app.addHook('onReady', async () => {
      await jobs.work('revision-prune', async () => {
        const removed = await pruneOldRevisions(app.db);
        if (removed) app.log.info({ removed }, 'old revisions removed');
      });
      await jobs.schedule('revision-prune', PRUNE_CRON, app.config.siteTz);
    });
  }

  app.get(
    '/revisions/:kind/:id',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "A record's revisions, newest first: when, by whom and which fields each changed",
        security,
        params: ZRevisionParams,
        response: { 200: okBody(z.array(ZRevision)), ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await listRevisions(app.db, accountOfRequest(req), req.params.kind, req.params.id),
    }),
  );

  app.get(
    '/revisions/:kind/:id/:revisionId',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'One revision: its values, and field by field what it changed from the revision before',
        security,
        params: ZRevisionItemParams,
        response: { 200: okBody(ZRevisionDetail), ...errors },
      },
    },
    async (req) => {
      const { kind, id, revisionId } = req.params;
      return { success: true as const, data: await getRevision(app.db, accountOfRequest(req), kind, id, revisionId) };
    },
  );

  app.post(
    '/revisions/:kind/:id/:revisionId/restore',
    {
      ...signedIn,
      schema: {
        tags,
        summary:
          'Restore a revision: an edit of the record with its values (moderated as any edit), stored as a new revision',
        security,
        params: ZRevisionItemParams,
        response: { 200: okBody(ZOwnRecord), ...errors },
      },
    },
    async (req) => {
      const { kind, id, revisionId } = req.params;
      const account = accountOfRequest(req);
      const ctx = writeContext(app, account, req.log);
      const restored = await restoreRevision(ctx, account, kind, id, revisionId);
      return {
        success: true as const,
        data: ownView(KINDS[kind]).present(restored),
        message: REVISION_MESSAGES.restored,
      };
    },
  );
};

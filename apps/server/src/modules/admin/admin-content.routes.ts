import {
  okBody,
  pageBody,
  ZAdminAuditQuery,
  ZAdminDashboard,
  ZAdminRecord,
  ZAdminRecordQuery,
  ZAdminUser,
  ZAdminUserQuery,
  ZAuditEntry,
  ZErrorBody,
  ZHoldBody,
  ZIdParams,
  ZKindIdParams,
  ZUserPatch,
} from '@chaupal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountOfRequest } from '../../platform/auth';
import type { OutgoingMessage } from '../../platform/messenger';
import { adminWrite, adminSecurity as security } from './admin-write';
import { listAudit } from './audit.service';
import { dashboard } from './dashboard.service';
import {
  approveRecord,
  type Decision,
  getRecord,
  holdRecord,
  listRecords,
  type ModerationContext,
} from './moderation.service';
import { clearSignInLock, getUser, listUsers, updateUser } from './users-admin.service';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };

/** Dashboard, moderation of contributor records, users and the audit log. */
export const adminContentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard',
    {
      schema: {
        tags: ['admin'],
        summary: 'Counts of what waits (pending records, edits, new contact requests, users) and recent decisions',
        security,
        response: { 200: okBody(ZAdminDashboard), ...errors },
      },
    },
    async () => ({ success: true as const, data: await dashboard(app.db) }),
  );

  // The records' routes are the editorial desk's too: an editor sees and decides on what is on their desk (decision 033).
  const desk = { config: { desk: true } };
  const recordList =
    (queue: boolean) => async (req: FastifyRequest<{ Querystring: typeof ZAdminRecordQuery._output }>) => {
      const { page, pageSize, ...f } = req.query;
      const { rows, total } = await listRecords(app.db, accountOfRequest(req), { ...f, queue }, { page, pageSize });
      return { success: true as const, data: rows, meta: { page, pageSize, total } };
    };
  app.get(
    '/moderation',
    {
      ...desk,
      schema: {
        tags: ['admin: moderation'],
        summary: 'The queue: pending records of all four kinds and records edited since approval, newest first',
        security,
        querystring: ZAdminRecordQuery,
        response: { 200: pageBody(ZAdminRecord), ...errors },
      },
    },
    recordList(true),
  );
  app.get(
    '/records',
    {
      ...desk,
      schema: {
        tags: ['admin: moderation'],
        summary: 'Every contributor record in any status, filtered by kind, status and text',
        security,
        querystring: ZAdminRecordQuery,
        response: { 200: pageBody(ZAdminRecord), ...errors },
      },
    },
    recordList(false),
  );
  app.get(
    '/records/:kind/:id',
    {
      ...desk,
      schema: {
        tags: ['admin: moderation'],
        summary: 'One record with its moderation state and the changes since approval',
        security,
        params: ZKindIdParams,
        response: { 200: okBody(ZAdminRecord), ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await getRecord(app.db, accountOfRequest(req), req.params.kind, req.params.id),
    }),
  );

  /** Sends the owner's e-mail once the decision has committed; a failed send is logged, the decision stands. */
  const tell = async (mail: OutgoingMessage, log: FastifyRequest['log']) => {
    try {
      await app.messenger.send(mail);
    } catch (err) {
      log.warn({ err, to: mail.to }, 'could not send the moderation e-mail');
    }
  };
  const decide = async (req: FastifyRequest, work: (ctx: ModerationContext) => Promise<Decision>) => {
    const d = await adminWrite(app, req, (ctx) =>
      work({ db: ctx.db, changes: ctx.changes, actor: accountOfRequest(req), publicUrl: app.config.publicUrl }),
    );
    await tell(d.mail, req.log);
    return d.record;
  };

  app.post(
    '/records/:kind/:id/approve',
    {
      ...desk,
      schema: {
        tags: ['admin: moderation'],
        summary: 'Approve: the record goes public, leaves the queue, and its owner is e-mailed',
        security,
        params: ZKindIdParams,
        response: { 200: okBody(ZAdminRecord), ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await decide(req, (ctx) => approveRecord(ctx, req.params.kind, req.params.id)),
      message: 'Approved',
    }),
  );
  app.post(
    '/records/:kind/:id/hold',
    {
      ...desk,
      schema: {
        tags: ['admin: moderation'],
        summary: 'Hold with a reason: the record leaves every public page, and its owner is e-mailed the reason',
        security,
        params: ZKindIdParams,
        body: ZHoldBody,
        response: { 200: okBody(ZAdminRecord), ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await decide(req, (ctx) => holdRecord(ctx, req.params.kind, req.params.id, req.body.reason)),
      message: 'Held',
    }),
  );

  app.get(
    '/users',
    {
      schema: {
        tags: ['admin: users'],
        summary: 'Accounts, searched by name, e-mail or phone, filtered by status and role',
        security,
        querystring: ZAdminUserQuery,
        response: { 200: pageBody(ZAdminUser), ...errors },
      },
    },
    async (req) => {
      const { page, pageSize, ...f } = req.query;
      const { rows, total } = await listUsers(app.db, f, { page, pageSize });
      return { success: true as const, data: rows, meta: { page, pageSize, total } };
    },
  );
  app.get(
    '/users/:id',
    {
      schema: { tags: ['admin: users'], security, params: ZIdParams, response: { 200: okBody(ZAdminUser), ...errors } },
    },
    async (req) => ({ success: true as const, data: await getUser(app.db, req.params.id) }),
  );
  app.patch(
    '/users/:id',
    {
      schema: {
        tags: ['admin: users'],
        summary: 'Hold or activate, mark verified, make admin; holding takes their content off the public pages',
        security,
        params: ZIdParams,
        body: ZUserPatch,
        response: { 200: okBody(ZAdminUser), ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await adminWrite(app, req, (ctx) => updateUser(ctx, ctx.actor.id, req.params.id, req.body)),
      message: 'Updated Successfully',
    }),
  );
  app.post(
    '/users/:id/unlock',
    {
      schema: {
        tags: ['admin: users'],
        summary: 'Lift the sign-in lock that too many failed sign-ins put on an account, and forget those failures',
        security,
        params: ZIdParams,
        response: { 200: okBody(ZAdminUser), ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await adminWrite(app, req, (ctx) => clearSignInLock(ctx.db, ctx.actor.id, req.params.id)),
      message: 'Updated Successfully',
    }),
  );

  app.get(
    '/audit',
    {
      schema: {
        tags: ['admin'],
        summary: 'The audit log: who did what to which record, when, before and after',
        security,
        querystring: ZAdminAuditQuery,
        response: { 200: pageBody(ZAuditEntry), ...errors },
      },
    },
    async (req) => {
      const { page, pageSize, entity, entityId } = req.query;
      const { rows, total } = await listAudit(app.db, { entity, entityId }, { page, pageSize });
      return { success: true as const, data: rows, meta: { page, pageSize, total } };
    },
  );
};

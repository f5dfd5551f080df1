import {
  okBody,
  pageBody,
  ZAdminReport,
  ZAdminReportQuery,
  ZAdminTrust,
  ZErrorBody,
  ZIdParams,
  ZListingParams,
  ZReportStatusBody,
  ZStaleQuery,
  ZVerifyBusinessBody,
} from '@chaupal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminWrite, adminSecurity as security } from '../admin';
import { listReports, setReportStatus } from './reports.service';
import { getTrust, listStale, setVerifiedBusiness } from './trust.service';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };

/** The console's report queue, stale listings and "Verified business" mark (decision 016), admins only. */
export const trustAdminRoutes: FastifyPluginAsyncZod = async (admin) => {
  const app = admin;
  admin.addHook('onRequest', app.requireAdmin);
  admin.get(
    '/reports',
    {
      schema: {
        tags: ['admin: reports'],
        summary: 'Reports of listings and articles, newest first, by status (new, acted, dismissed)',
        security,
        querystring: ZAdminReportQuery,
        response: { 200: pageBody(ZAdminReport), ...errors },
      },
    },
    async (req) => {
      const { page, pageSize, status, q } = req.query;
      const { rows, total } = await listReports(app.db, { status, q }, { page, pageSize });
      return { success: true as const, data: rows, meta: { page, pageSize, total } };
    },
  );
  admin.patch(
    '/reports/:id',
    {
      schema: {
        tags: ['admin: reports'],
        summary: 'Mark a report acted on or dismissed (or new again); audited',
        security,
        params: ZIdParams,
        body: ZReportStatusBody,
        response: { 200: okBody(ZAdminReport), ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await adminWrite(app, req, (ctx) => setReportStatus(ctx.db, ctx.actor.id, req.params.id, req.body.status)),
    }),
  );
  admin.get(
    '/listings/stale',
    {
      schema: {
        tags: ['admin: trust'],
        summary: 'Active listings neither edited nor confirmed for 12 months, the longest-untouched first',
        security,
        querystring: ZStaleQuery,
        response: { 200: pageBody(ZAdminTrust), ...errors },
      },
    },
    async (req) => {
      const { page, pageSize } = req.query;
      const { rows, total } = await listStale(app.db, { page, pageSize });
      return { success: true as const, data: rows, meta: { page, pageSize, total } };
    },
  );
  admin.get(
    '/listings/:kind/:id/trust',
    {
      schema: {
        tags: ['admin: trust'],
        summary: "A listing's trust marks: verified phone, verified business (who, when), confirmation",
        security,
        params: ZListingParams,
        response: { 200: okBody(ZAdminTrust), ...errors },
      },
    },
    async (req) => ({ success: true as const, data: await getTrust(app.db, req.params.kind, req.params.id) }),
  );
  admin.post(
    '/listings/:kind/:id/verify',
    {
      schema: {
        tags: ['admin: trust'],
        summary: 'Set or clear the "Verified business" mark; audited with who and when',
        security,
        params: ZListingParams,
        body: ZVerifyBusinessBody,
        response: { 200: okBody(ZAdminTrust), ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await adminWrite(app, req, (ctx) =>
        setVerifiedBusiness(ctx.db, ctx.actor.id, req.params.kind, req.params.id, req.body.verified),
      ),
    }),
  );
};

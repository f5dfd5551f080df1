import {
  ADMIN_SETTING_FORMS,
  ADMIN_SETTING_KEYS,
  MESSAGES,
  okBody,
  pageBody,
  ZAdminBanner,
  ZAdminContactQuery,
  ZAdminContactRequest,
  ZAdminListQuery,
  ZAdminPolicy,
  ZAdminSettings,
  ZBannerForm,
  ZContactPatch,
  ZErrorBody,
  ZIdParams,
  ZPolicyForm,
} from '@chaupal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminWrite, adminSecurity as security } from './admin-write';
import {
  deleteBanner,
  deletePolicy,
  getContactRequest,
  getPolicy,
  getSettings,
  listBanners,
  listContactRequests,
  listPolicies,
  saveBanner,
  savePolicy,
  saveSetting,
  setContactStatus,
} from './site-admin.service';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
const deleted = z.object({ success: z.literal(true), message: z.string() });

/** Home content, banners, policies and contact requests. */
export const adminSiteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/home',
    {
      schema: {
        tags: ['admin: home'],
        summary:
          'The home content documents: site, contactUs, logo, keywords, alert (also when off), about; and privacy (what deleting an account does to its records)',
        security,
        response: { 200: okBody(ZAdminSettings), ...errors },
      },
    },
    async () => ({ success: true as const, data: await getSettings(app.db) }),
  );
  for (const key of ADMIN_SETTING_KEYS) {
    const form = ADMIN_SETTING_FORMS[key];
    app.put(
      `/home/${key}`,
      {
        schema: {
          tags: ['admin: home'],
          summary: `Replace the ${key} document (images: URLs /uploadFile answered)`,
          security,
          body: form,
          response: { 200: okBody(ZAdminSettings.shape[key]), ...errors },
        },
      },
      async (req) => ({
        success: true as const,
        data: await adminWrite(app, req, (ctx) => saveSetting(ctx, key, req.body)),
        message: MESSAGES.updatedSuccess,
      }),
    );
  }

  const bannerTags = ['admin: home'];
  app.get(
    '/banners',
    { schema: { tags: bannerTags, security, response: { 200: okBody(z.array(ZAdminBanner)), ...errors } } },
    async () => ({ success: true as const, data: await listBanners(app.db) }),
  );
  app.post(
    '/banners',
    { schema: { tags: bannerTags, security, body: ZBannerForm, response: { 200: okBody(ZAdminBanner), ...errors } } },
    async (req) => ({
      success: true as const,
      data: await adminWrite(app, req, (ctx) => saveBanner(ctx, req.body)),
      message: 'Banner Added Successfully',
    }),
  );
  app.put(
    '/banners/:id',
    {
      schema: {
        tags: bannerTags,
        security,
        params: ZIdParams,
        body: ZBannerForm,
        response: { 200: okBody(ZAdminBanner), ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await adminWrite(app, req, (ctx) => saveBanner(ctx, req.body, req.params.id)),
      message: MESSAGES.editedSuccess,
    }),
  );
  app.delete(
    '/banners/:id',
    { schema: { tags: bannerTags, security, params: ZIdParams, response: { 200: deleted, ...errors } } },
    async (req) => {
      await adminWrite(app, req, (ctx) => deleteBanner(ctx, req.params.id));
      return { success: true as const, message: MESSAGES.deletedSuccess };
    },
  );

  const policyTags = ['admin: policies'];
  app.get(
    '/policies',
    {
      schema: {
        tags: policyTags,
        summary: 'Policies, terms and the copyright line, in any status',
        security,
        querystring: ZAdminListQuery,
        response: { 200: pageBody(ZAdminPolicy), ...errors },
      },
    },
    async (req) => {
      const { page, pageSize, q, status } = req.query;
      const { rows, total } = await listPolicies(app.db, { q, status }, { page, pageSize });
      return { success: true as const, data: rows, meta: { page, pageSize, total } };
    },
  );
  app.get(
    '/policies/:id',
    { schema: { tags: policyTags, security, params: ZIdParams, response: { 200: okBody(ZAdminPolicy), ...errors } } },
    async (req) => ({ success: true as const, data: await getPolicy(app.db, req.params.id) }),
  );
  app.post(
    '/policies',
    { schema: { tags: policyTags, security, body: ZPolicyForm, response: { 200: okBody(ZAdminPolicy), ...errors } } },
    async (req) => ({
      success: true as const,
      data: await adminWrite(app, req, (ctx) => savePolicy(ctx, req.body)),
      message: 'Policy Added Successfully',
    }),
  );
  app.put(
    '/policies/:id',
    {
      schema: {
        tags: policyTags,
        security,
        params: ZIdParams,
        body: ZPolicyForm,
        response: { 200: okBody(ZAdminPolicy), ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await adminWrite(app, req, (ctx) => savePolicy(ctx, req.body, req.params.id)),
      message: MESSAGES.editedSuccess,
    }),
  );
  app.delete(
    '/policies/:id',
    { schema: { tags: policyTags, security, params: ZIdParams, response: { 200: deleted, ...errors } } },
    async (req) => {
      await adminWrite(app, req, (ctx) => deletePolicy(ctx, req.params.id));
      return { success: true as const, message: MESSAGES.deletedSuccess };
    },
  );

  const contactTags = ['admin: contact requests'];
  app.get(
    '/contact-requests',
    {
      schema: {
        tags: contactTags,
        summary: 'Messages from the contact form, newest first, searched and filtered by new or done',
        security,
        querystring: ZAdminContactQuery,
        response: { 200: pageBody(ZAdminContactRequest), ...errors },
      },
    },
    async (req) => {
      const { page, pageSize, q, status } = req.query;
      const { rows, total } = await listContactRequests(app.db, { q, status }, { page, pageSize });
      return { success: true as const, data: rows, meta: { page, pageSize, total } };
    },
  );
  app.get(
    '/contact-requests/:id',
    {
      schema: {
        tags: contactTags,
        security,
        params: ZIdParams,
        response: { 200: okBody(ZAdminContactRequest), ...errors },
      },
    },
    async (req) => ({ success: true as const, data: await getContactRequest(app.db, req.params.id) }),
  );
  app.patch(
    '/contact-requests/:id',
    {
      schema: {
        tags: contactTags,
        summary: 'Mark done (or new again)',
        security,
        params: ZIdParams,
        body: ZContactPatch,
        response: { 200: okBody(ZAdminContactRequest), ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await adminWrite(app, req, (ctx) => setContactStatus(ctx, req.params.id, req.body.status)),
      message: MESSAGES.updatedSuccess,
    }),
  );
};

import {
  ADMIN_TAXON_KINDS,
  MESSAGES,
  okBody,
  pageBody,
  ZAdminBlock,
  ZAdminCircle,
  ZAdminListQuery,
  ZAdminTaxon,
  ZBlockForm,
  ZCircleForm,
  ZErrorBody,
  ZIdParams,
  ZTaxonForm,
} from '@chaupal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminWrite, adminSecurity as security } from './admin-write';
import {
  deleteTaxonomyRow,
  getPlace,
  getTaxon,
  listPlaces,
  listTaxa,
  savePlace,
  saveTaxon,
  type TAdminTaxonomyKind,
  taxonomyNouns,
} from './taxonomy-admin.service';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
const deleted = z.object({ success: z.literal(true), message: z.string() });

/** A row of each kind in words, capitalised ("Circle deleted"). */
const NOUN = Object.fromEntries(
  Object.entries(taxonomyNouns).map(([kind, noun]) => [kind, noun[0].toUpperCase() + noun.slice(1)]),
) as Record<TAdminTaxonomyKind, string>;

/** CRUD for circles, localities, services, categories, editions and publishing pages. */
export const adminTaxonomyRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const kind of ['circles', 'blocks'] as const) {
    const item = kind === 'blocks' ? ZAdminBlock : ZAdminCircle;
    const form = kind === 'blocks' ? ZBlockForm : ZCircleForm;
    const tags = ['admin: places'];
    app.get(
      `/${kind}`,
      {
        schema: {
          tags,
          summary: `All ${kind === 'blocks' ? 'localities' : 'circles'} in any status, with how many records use each`,
          security,
          querystring: ZAdminListQuery,
          response: { 200: pageBody(item), ...errors },
        },
      },
      async (req) => {
        const { page, pageSize, q, status } = req.query;
        const { rows, total } = await listPlaces(app.db, kind, { q, status }, { page, pageSize });
        return { success: true as const, data: rows, meta: { page, pageSize, total } };
      },
    );
    app.get(
      `/${kind}/:id`,
      { schema: { tags, security, params: ZIdParams, response: { 200: okBody(item), ...errors } } },
      async (req) => ({ success: true as const, data: await getPlace(app.db, kind, req.params.id) }),
    );
    app.post(
      `/${kind}`,
      { schema: { tags, security, body: form, response: { 200: okBody(item), ...errors } } },
      async (req) => ({
        success: true as const,
        data: await adminWrite(app, req, (ctx) => savePlace(ctx, kind, req.body)),
        message: `${NOUN[kind]} Added Successfully`,
      }),
    );
    app.put(
      `/${kind}/:id`,
      { schema: { tags, security, params: ZIdParams, body: form, response: { 200: okBody(item), ...errors } } },
      async (req) => ({
        success: true as const,
        data: await adminWrite(app, req, (ctx) => savePlace(ctx, kind, req.body, req.params.id)),
        message: MESSAGES.editedSuccess,
      }),
    );
  }

  for (const kind of ADMIN_TAXON_KINDS) {
    const tags = ['admin: taxonomy'];
    app.get(
      `/${kind}`,
      {
        schema: {
          tags,
          summary: `All ${kind} in any status, with how many records use each`,
          security,
          querystring: ZAdminListQuery,
          response: { 200: pageBody(ZAdminTaxon), ...errors },
        },
      },
      async (req) => {
        const { page, pageSize, q, status } = req.query;
        const { rows, total } = await listTaxa(app.db, kind, { q, status }, { page, pageSize });
        return { success: true as const, data: rows, meta: { page, pageSize, total } };
      },
    );
    app.get(
      `/${kind}/:id`,
      { schema: { tags, security, params: ZIdParams, response: { 200: okBody(ZAdminTaxon), ...errors } } },
      async (req) => ({ success: true as const, data: await getTaxon(app.db, kind, req.params.id) }),
    );
    app.post(
      `/${kind}`,
      {
        schema: {
          tags,
          summary: 'Add one (image: a URL /uploadFile answered)',
          security,
          body: ZTaxonForm,
          response: { 200: okBody(ZAdminTaxon), ...errors },
        },
      },
      async (req) => ({
        success: true as const,
        data: await adminWrite(app, req, (ctx) => saveTaxon(ctx, kind, req.body)),
        message: `${NOUN[kind]} Added Successfully`,
      }),
    );
    app.put(
      `/${kind}/:id`,
      {
        schema: {
          tags,
          summary: 'Replace one; holding it takes its records off the public pages',
          security,
          params: ZIdParams,
          body: ZTaxonForm,
          response: { 200: okBody(ZAdminTaxon), ...errors },
        },
      },
      async (req) => ({
        success: true as const,
        data: await adminWrite(app, req, (ctx) => saveTaxon(ctx, kind, req.body, req.params.id)),
        message: MESSAGES.editedSuccess,
      }),
    );
  }

  for (const kind of [...(['circles', 'blocks'] as const), ...ADMIN_TAXON_KINDS]) {
    app.delete(
      `/${kind}/:id`,
      {
        schema: {
          tags: [kind === 'circles' || kind === 'blocks' ? 'admin: places' : 'admin: taxonomy'],
          summary: 'Delete one nothing uses (409 with the count otherwise: hold it instead)',
          security,
          params: ZIdParams,
          response: { 200: deleted, ...errors },
        },
      },
      async (req) => {
        await adminWrite(app, req, (ctx) => deleteTaxonomyRow(ctx, kind, req.params.id));
        return { success: true as const, message: MESSAGES.deletedSuccess };
      },
    );
  }
};

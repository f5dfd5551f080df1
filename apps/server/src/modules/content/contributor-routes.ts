import { MESSAGES, okBody, pageBody, UPLOAD_LIMITS, ZErrorBody, ZIdParams } from '@chaupal/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { accountOfRequest } from '../../platform/auth';
import { type FormLimits, withForm } from '../../platform/form-input';
import type { CommonForm, ContentKind, ContentRow, LoadedRow } from './content-kind';
import { listOwn } from './content-query';
import { createContent, deleteContent, getOwnRecord, updateContent, type WriteContext } from './content-write';
import { type ListQuery, parentFilter } from './public-routes';

const errors = {
  400: ZErrorBody,
  401: ZErrorBody,
  403: ZErrorBody,
  404: ZErrorBody,
  409: ZErrorBody,
  413: ZErrorBody,
  415: ZErrorBody,
  503: ZErrorBody,
};
const security = [{ bearer: [] }];
const formBody = { consumes: ['multipart/form-data', 'application/json'] };

/**
 * A contributor form: one image (or photo) file part and a few document files (the web sends documents as
 * URLs from /uploadFile, DESIGN §4; API clients may attach them), at most 25 MB of files in all. As many fields as
 * the schemas take (100 circles, localities and parents each, 50 documents and 50 removals, the scalars), each up to
 * 1 MB for rich text (200,000 characters), at most 3 MB of text in all.
 */
export const contributorForm = (imageField: string): FormLimits => ({
  files: {
    [imageField]: UPLOAD_LIMITS.imageBytes,
    documents: { bytes: UPLOAD_LIMITS.documentBytes, count: 5 },
  },
  totalFileBytes: 25 * 1024 * 1024,
  fields: 450,
  fieldBytes: 1024 * 1024,
  totalFieldBytes: 3 * 1024 * 1024,
});

/**
 * A record as its owner (or whoever may edit it) reads it: its public shape, and why an admin held it, which public
 * responses never carry.
 */
export const ownView = <Row extends ContentRow>(kind: ContentKind<Row>) => ({
  item: kind.item.extend({ holdReason: z.string().nullable() }),
  present: (l: LoadedRow<Row>) => ({ ...kind.present(l), holdReason: l.row.holdReason }),
});

/**
 * What the write pipeline needs to write as `account`: the app's database, storage, sanitizer and settings. An
 * account's own writes: a burst refreshes cached pages at once, a loop of them at most every few seconds.
 */
export const writeContext = (app: FastifyInstance, account: { id: string }, log = app.log): WriteContext => ({
  db: app.db,
  storage: app.storage,
  richText: app.richText,
  siteTz: app.config.siteTz,
  autoApprove: app.config.autoApprove,
  reviewEdits: app.config.reviewEdits,
  log,
  ...app.publicWrites,
  by: account.id,
});

/**
 * A contributor's view, add, edit, delete and own list of one content kind, at its registry paths (SPEC §7
 * "Contributor content").
 */
export function registerContributorRoutes<Row extends ContentRow, Form extends CommonForm>(
  app: FastifyInstance,
  kind: ContentKind<Row, Form>,
) {
  const { item, present } = ownView(kind);
  const ctx = (account: { id: string }) => writeContext(app, account);
  const { spec } = kind;
  const guard = { preHandler: app.requireContributor };
  const form = contributorForm(spec.image.field);

  app.get(
    spec.api.view,
    {
      ...guard,
      schema: {
        tags: [spec.plural],
        summary: `One of your ${spec.plural} by id, in any status`,
        security,
        params: ZIdParams,
        response: { 200: okBody(item), ...errors },
      },
    },
    async (req) => {
      const { id } = req.params as { id: string };
      return {
        success: true as const,
        data: present(await getOwnRecord(app.db, kind, accountOfRequest(req), id)),
      };
    },
  );

  app.post(
    spec.api.add,
    {
      ...guard,
      schema: {
        tags: [spec.plural],
        summary: `Add a ${spec.name} (multipart)`,
        security,
        ...formBody,
        response: { 200: okBody(item), ...errors },
      },
    },
    async (req) => {
      const account = accountOfRequest(req);
      const created = await withForm(req, form, (input) => createContent(ctx(account), kind, account, input));
      const message = created.row.status === 'draft' ? MESSAGES.draftSaved : `${spec.label} Added Successfully`;
      return { success: true as const, data: present(created), message };
    },
  );

  app.patch(
    spec.api.edit,
    {
      ...guard,
      schema: {
        tags: [spec.plural],
        summary: `Edit one of your ${spec.plural} (multipart; fields left out keep their value)`,
        security,
        params: ZIdParams,
        ...formBody,
        response: { 200: okBody(item), ...errors },
      },
    },
    async (req) => {
      const { id } = req.params as { id: string };
      const account = accountOfRequest(req);
      const updated = await withForm(req, form, (input) => updateContent(ctx(account), kind, account, id, input));
      const message = updated.row.status === 'draft' ? MESSAGES.draftSaved : MESSAGES.editedSuccess;
      return { success: true as const, data: present(updated), message };
    },
  );

  app.delete(
    spec.api.remove,
    {
      ...guard,
      schema: {
        tags: [spec.plural],
        summary: `Delete one of your ${spec.plural}`,
        security,
        params: ZIdParams,
        response: { 200: z.object({ success: z.literal(true), message: z.string() }), ...errors },
      },
    },
    async (req) => {
      const { id } = req.params as { id: string };
      const account = accountOfRequest(req);
      await deleteContent(ctx(account), kind, account, id);
      return { success: true as const, message: MESSAGES.deletedSuccess };
    },
  );

  app.get(
    spec.api.mine,
    {
      ...guard,
      schema: {
        tags: [spec.plural],
        summary: `Your ${spec.plural} in every status, filtered and paged`,
        security,
        querystring: kind.query,
        response: { 200: pageBody(item), ...errors },
      },
    },
    async (req) => {
      const q = req.query as ListQuery;
      const { rows, total } = await listOwn(
        app.db,
        kind,
        accountOfRequest(req).id,
        { q: q.q, circle: q.circle, block: q.block, sort: q.sort, minRating: q.minRating, ...parentFilter(kind, q) },
        { page: q.page, pageSize: q.pageSize },
      );
      return { success: true as const, data: rows.map(present), meta: { page: q.page, pageSize: q.pageSize, total } };
    },
  );
}

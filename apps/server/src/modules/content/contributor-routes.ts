import { MESSAGES, okBody, pageBody, type TListSort, UPLOAD_LIMITS, ZErrorBody, ZIdParams } from '@chaupal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { accountOfRequest } from '../../platform/auth';
import { type FormLimits, withForm } from '../../platform/form-input';
import { type LoadedRow, listOwn } from './content-query';
import { createContent, deleteContent, getOwnRecord, updateContent, type WriteContext } from './content-write';
import type { ContentWriter } from './content-writer';

interface ContributorRoutes<I extends z.ZodObject> {
  writer: ContentWriter<z.ZodType>;
  item: I;
  present: (l: LoadedRow) => z.output<I>;
  listQuery: z.ZodType;
  parentOf: (q: Record<string, unknown>) => { parent?: string; parentParameter: string };
}

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
 * A contributor form (issue 10): one image (or photo) file part and a few document files (the web sends documents as
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
 * A contributor's view, add, edit, delete and own list of one content kind, at its registry paths (SPEC §7
 * "Contributor content").
 */
export function registerContributorRoutes<I extends z.ZodObject>(app: FastifyInstance, o: ContributorRoutes<I>) {
  // The owner also sees why an admin held a record (issue 6); public responses never carry it.
  const item = o.item.extend({ holdReason: z.string().nullable() });
  const present = (l: LoadedRow) => ({ ...o.present(l), holdReason: (l.row.holdReason as string | null) ?? null });
  const ctx = (): WriteContext => ({
    db: app.db,
    storage: app.storage,
    richText: app.richText,
    autoApprove: app.config.autoApprove,
    reviewEdits: app.config.reviewEdits,
    log: app.log,
  });
  const { spec } = o.writer.def;
  // A contributor's own writes: a burst invalidates at once, a loop of them at most every few seconds.
  const invalidate = (req: FastifyRequest) => app.responseCache.invalidate([spec.plural], accountOfRequest(req).id);
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
        data: present(await getOwnRecord(app.db, o.writer, accountOfRequest(req), id)),
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
      const created = await withForm(req, form, (input) =>
        createContent(ctx(), o.writer, accountOfRequest(req), input),
      );
      await invalidate(req);
      return { success: true as const, data: present(created), message: `${spec.label} Added Successfully` };
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
      const updated = await withForm(req, form, (input) =>
        updateContent(ctx(), o.writer, accountOfRequest(req), id, input),
      );
      await invalidate(req);
      return { success: true as const, data: present(updated), message: MESSAGES.editedSuccess };
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
      await deleteContent(ctx(), o.writer, accountOfRequest(req), id);
      await invalidate(req);
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
        querystring: o.listQuery,
        response: { 200: pageBody(item), ...errors },
      },
    },
    async (req) => {
      const q = req.query as Record<string, unknown> & {
        q?: string;
        circle?: string;
        block?: string;
        sort?: TListSort;
        page: number;
        pageSize: number;
      };
      const { rows, total } = await listOwn(
        app.db,
        o.writer.def,
        accountOfRequest(req).id,
        { q: q.q, circle: q.circle, block: q.block, sort: q.sort, ...o.parentOf(q) },
        { page: q.page, pageSize: q.pageSize },
      );
      return { success: true as const, data: rows.map(present), meta: { page: q.page, pageSize: q.pageSize, total } };
    },
  );
}

import { detailBody, pageBody, type TListSort, ZErrorBody, ZSlugParams } from '@chaupal/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { ContentKind } from './content-kinds';
import { getPublicWithRelated, type LoadedRow, listPublic } from './content-query';

interface PublicContentRoutes<Q extends z.ZodType, I extends z.ZodType> {
  def: ContentKind;
  tag: string;
  listUrl: string;
  slugUrl: string;
  query: Q;
  item: I;
  present: (l: LoadedRow) => z.output<I>;
  /** The list query's parent filter value, and the parameter's name. */
  parentOf: (q: z.output<Q>) => { parent?: string; parentParameter: string };
}

/** The public list and slug detail of one content kind (SPEC §7, DESIGN §4). */
export function registerPublicContentRoutes<Q extends z.ZodType, I extends z.ZodType>(
  app: FastifyInstance,
  o: PublicContentRoutes<Q, I>,
) {
  const cacheTags = [o.def.cacheTag, 'taxonomy', 'users'] as const;

  app.get(
    o.listUrl,
    {
      config: { cacheTags },
      schema: {
        tags: [o.tag],
        summary: `Public ${o.tag}: active records, filtered and paged`,
        querystring: o.query,
        response: { 200: pageBody(o.item), 400: ZErrorBody },
      },
    },
    async (req) => {
      const q = req.query as z.output<Q> & {
        q?: string;
        circle?: string;
        block?: string;
        sort?: TListSort;
        page: number;
        pageSize: number;
      };
      const { rows, total } = await listPublic(
        app.db,
        o.def,
        { q: q.q, circle: q.circle, block: q.block, sort: q.sort, ...o.parentOf(q) },
        { page: q.page, pageSize: q.pageSize },
      );
      return { success: true as const, data: rows.map(o.present), meta: { page: q.page, pageSize: q.pageSize, total } };
    },
  );

  app.get(
    o.slugUrl,
    {
      config: { cacheTags },
      schema: {
        tags: [o.tag],
        summary: `One public ${o.def.kind} by slug (or id), with up to 6 related`,
        params: ZSlugParams,
        response: { 200: detailBody(o.item), 404: ZErrorBody },
      },
    },
    async (req) => {
      const { slug } = req.params as z.output<typeof ZSlugParams>;
      const { record, related } = await getPublicWithRelated(app.db, o.def, slug);
      return { success: true as const, data: o.present(record), related: related.map(o.present) };
    },
  );
}

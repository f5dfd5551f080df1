import { detailBody, pageBody, type TDirectorySort, ZErrorBody, ZSlugParams } from '@chaupal/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { type CardRow, getPublicWithRelated } from './content-detail';
import type { ContentKind } from './content-kinds';
import { type LoadedRow, listPublic } from './content-query';

interface PublicContentRoutes<Q extends z.ZodType, I extends z.ZodType, C extends z.ZodObject> {
  def: ContentKind;
  query: Q;
  item: I;
  /** A related record's card (contract `Z…Card`): fields of `item`. */
  card: C;
  present: (l: LoadedRow) => z.output<I>;
  /** The list query's parent filter value, and the parameter's name. */
  parentOf: (q: z.output<Q>) => { parent?: string; parentParameter: string };
}

/** The public list and slug detail of one content kind, at its registry paths (SPEC §7, DESIGN §4). */
export function registerPublicContentRoutes<Q extends z.ZodType, I extends z.ZodType, C extends z.ZodObject>(
  app: FastifyInstance,
  o: PublicContentRoutes<Q, I, C>,
) {
  const { spec } = o.def;
  const cardKeys = Object.keys(o.card.shape);
  /**
   * A related record's card, by the kind's own presenter (the one mapping of columns to API fields): its row without
   * the joined relations, which a card does not show, and of what it presents, the card's fields alone.
   */
  const presentCard = (row: CardRow) => {
    const whole = o.present({
      row,
      ownerStatus: 'active',
      ownerPhone: null,
      circles: [],
      blocks: [],
      documents: [],
      parents: [],
    });
    return Object.fromEntries(cardKeys.map((k) => [k, (whole as Record<string, unknown>)[k]])) as z.output<C>;
  };
  const cacheTags = [spec.plural, 'taxonomy', 'users'] as const;

  app.get(
    spec.api.list,
    {
      config: { cacheTags },
      schema: {
        tags: [spec.plural],
        summary: `Public ${spec.plural}: active records, filtered and paged`,
        querystring: o.query,
        response: { 200: pageBody(o.item), 400: ZErrorBody },
      },
    },
    async (req) => {
      const q = req.query as z.output<Q> & {
        q?: string;
        circle?: string;
        block?: string;
        sort?: TDirectorySort;
        lat?: number;
        lng?: number;
        page: number;
        pageSize: number;
      };
      const { rows, total } = await listPublic(
        app.db,
        o.def,
        {
          q: q.q,
          circle: q.circle,
          block: q.block,
          sort: q.sort,
          near: q.lat !== undefined && q.lng !== undefined ? { lat: q.lat, lng: q.lng } : undefined,
          ...o.parentOf(q),
        },
        { page: q.page, pageSize: q.pageSize },
      );
      return { success: true as const, data: rows.map(o.present), meta: { page: q.page, pageSize: q.pageSize, total } };
    },
  );

  app.get(
    spec.api.detail,
    {
      config: { cacheTags },
      schema: {
        tags: [spec.plural],
        summary: `One public ${spec.name} by slug (or id), with up to 6 related`,
        params: ZSlugParams,
        response: { 200: detailBody(o.item, o.card), 404: ZErrorBody },
      },
    },
    async (req) => {
      const { slug } = req.params as z.output<typeof ZSlugParams>;
      const { record, related } = await getPublicWithRelated(app.db, o.def, slug);
      return { success: true as const, data: o.present(record), related: related.map(presentCard) };
    },
  );
}

import { detailBody, pageBody, type TDirectorySort, ZErrorBody, ZSlugParams } from '@chaupal/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { getPublicWithRelated } from './content-detail';
import type { ContentKind, ContentRow, LoadedRow, ParentFilter } from './content-kind';
import { listPublic } from './content-query';

/** The list query as routes read it: the filters every kind takes, and the kind's parent parameter among the rest. */
export type ListQuery = {
  q?: string;
  circle?: string;
  block?: string;
  sort?: TDirectorySort;
  minRating?: number;
  lat?: number;
  lng?: number;
  page: number;
  pageSize: number;
  [parameter: string]: unknown;
};

/** The list query's parent filter: the kind's own, or the registry's parameter by default. */
export const parentFilter = (kind: ContentKind, q: ListQuery): ParentFilter => {
  if (kind.parentOf) return kind.parentOf(q);
  const { parameter } = kind.spec.parent;
  const value = q[parameter];
  return { parent: typeof value === 'string' ? value : undefined, parentParameter: parameter };
};

/**
 * A record's detail as its public page reads it (also what a preview link shows): the record by the kind's presenter,
 * and each related record's card by the same presenter (the one mapping of columns to API fields): its row without
 * the body and joined relations, which a card does not show, and of what it presents, the card's fields alone.
 */
export function detailPresenter<Row extends ContentRow>(kind: ContentKind<Row>) {
  const cardKeys = Object.keys(kind.card.shape);
  const presentCard = (row: Row) => {
    const whole = kind.present({
      row,
      image: null,
      ownerStatus: 'active',
      ownerPhone: null,
      circles: [],
      blocks: [],
      documents: [],
      parents: [],
    });
    return Object.fromEntries(cardKeys.map((k) => [k, whole[k]]));
  };
  return ({ record, related }: { record: LoadedRow<Row>; related: Row[] }) => ({
    item: kind.present(record),
    related: related.map(presentCard),
  });
}

/** The public list and slug detail of one content kind, at its registry paths (SPEC §7, DESIGN §4). */
export function registerPublicContentRoutes<Row extends ContentRow>(app: FastifyInstance, kind: ContentKind<Row>) {
  const { spec } = kind;
  const presentDetail = detailPresenter(kind);
  const cacheTags = [spec.plural, 'taxonomy', 'users'] as const;

  app.get(
    spec.api.list,
    {
      config: { cacheTags },
      schema: {
        tags: [spec.plural],
        summary: `Public ${spec.plural}: active records, filtered and paged`,
        querystring: kind.query,
        response: { 200: pageBody(kind.item), 400: ZErrorBody },
      },
    },
    async (req) => {
      const q = req.query as ListQuery;
      const { rows, total } = await listPublic(
        app.db,
        kind,
        {
          q: q.q,
          circle: q.circle,
          block: q.block,
          sort: q.sort,
          minRating: q.minRating,
          near: q.lat !== undefined && q.lng !== undefined ? { lat: q.lat, lng: q.lng } : undefined,
          ...parentFilter(kind, q),
          query: q,
          siteTz: app.config.siteTz,
        },
        { page: q.page, pageSize: q.pageSize },
      );
      return {
        success: true as const,
        data: rows.map((r) => kind.present(r)),
        meta: { page: q.page, pageSize: q.pageSize, total },
      };
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
        response: { 200: detailBody(kind.item, kind.card), 404: ZErrorBody },
      },
    },
    async (req) => {
      const { slug } = req.params as z.output<typeof ZSlugParams>;
      const { item, related } = presentDetail(await getPublicWithRelated(app.db, kind, slug));
      return { success: true as const, data: item, related };
    },
  );
}

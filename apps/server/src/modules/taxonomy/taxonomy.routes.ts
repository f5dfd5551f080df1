import {
  okBody,
  TAXONOMY_LIST,
  ZBlock,
  ZBlockListQuery,
  ZCircle,
  ZErrorBody,
  ZIdParams,
  ZPublishingPage,
  ZTaxon,
  ZTaxonomyQuery,
} from '@chaupal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  getActiveTaxon,
  listActiveBlocks,
  listActiveCircles,
  listActiveTaxa,
  type TTaxonKind,
} from './taxonomy.service';

const errors = { 400: ZErrorBody, 404: ZErrorBody };
const taxonList = (kind: TTaxonKind) => okBody(z.array(kind === 'pages' ? ZPublishingPage : ZTaxon));
const taxonOne = (kind: TTaxonKind) => okBody(kind === 'pages' ? ZPublishingPage : ZTaxon);

/** Public taxonomy: circles, localities, services, categories, editions, publishing pages (SPEC §7). */
export const taxonomyRoutes: FastifyPluginAsyncZod = async (app) => {
  const cacheTags = ['taxonomy'] as const;

  // Each taxonomy's public list, and the same list at the path the contributor forms call.
  const lists: [string, TTaxonKind][] = [
    ...TAXONOMY_LIST.map((t): [string, TTaxonKind] => [t.api.list, t.name]),
    ...TAXONOMY_LIST.map((t): [string, TTaxonKind] => [t.api.mine, t.name]),
  ];
  for (const [url, kind] of lists) {
    app.get(
      url,
      {
        config: { cacheTags },
        schema: {
          tags: ['taxonomy'],
          summary: `Active ${kind}, whole`,
          querystring: ZTaxonomyQuery,
          response: { 200: taxonList(kind), 400: ZErrorBody },
        },
      },
      async (req) => ({ success: true as const, data: await listActiveTaxa(app.db, kind, req.query.q) }),
    );
  }

  const details = TAXONOMY_LIST.map((t): [string, TTaxonKind] => [t.api.detail, t.name]);
  for (const [url, kind] of details) {
    app.get(
      url,
      {
        config: { cacheTags },
        schema: {
          tags: ['taxonomy'],
          summary: `One active ${kind} record by id or slug`,
          params: ZIdParams,
          response: { 200: taxonOne(kind), ...errors },
        },
      },
      async (req) => ({ success: true as const, data: await getActiveTaxon(app.db, kind, req.params.id) }),
    );
  }

  app.get(
    '/circles/view',
    {
      config: { cacheTags },
      schema: {
        tags: ['taxonomy'],
        summary: 'Active circles',
        querystring: ZTaxonomyQuery,
        response: { 200: okBody(z.array(ZCircle)), 400: ZErrorBody },
      },
    },
    async (req) => ({ success: true as const, data: await listActiveCircles(app.db, req.query.q) }),
  );

  app.get(
    '/blocks/view',
    {
      config: { cacheTags },
      schema: {
        tags: ['taxonomy'],
        summary: 'Active localities, optionally of some circles (circles[]=id)',
        querystring: ZBlockListQuery,
        response: { 200: okBody(z.array(ZBlock)), 400: ZErrorBody },
      },
    },
    async (req) => ({ success: true as const, data: await listActiveBlocks(app.db, req.query) }),
  );
};

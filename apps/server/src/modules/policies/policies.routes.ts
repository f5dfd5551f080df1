import { okBody, ZErrorBody, ZIdParams, ZPolicy, ZTaxonomyQuery } from '@chaupal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getPublicPolicy, listPublicPolicies } from './policies.service';

const ZPublicPolicy = ZPolicy.extend({ slug: z.string() });

export const policiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const cacheTags = ['policies'] as const;
  app.get(
    '/policy/viewall/public',
    {
      config: { cacheTags },
      schema: {
        tags: ['policies'],
        summary: 'Active policies (type 1) and terms (type 2)',
        querystring: ZTaxonomyQuery,
        response: { 200: okBody(z.array(ZPublicPolicy)), 400: ZErrorBody },
      },
    },
    async () => ({ success: true as const, data: await listPublicPolicies(app.db) }),
  );
  app.get(
    '/policy/view/:id/public',
    {
      config: { cacheTags },
      schema: {
        tags: ['policies'],
        summary: 'One public policy by id or slug',
        params: ZIdParams,
        response: { 200: okBody(ZPublicPolicy), 404: ZErrorBody },
      },
    },
    async (req) => ({ success: true as const, data: await getPublicPolicy(app.db, req.params.id) }),
  );
};

import { ZFeature, ZFeatureListQuery } from '@chaupal/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import { FEATURE } from '../content/content-kinds';
import { registerContributorRoutes } from '../content/contributor-routes';
import { registerPublicContentRoutes } from '../content/public-routes';
import { presentFeature } from './features.presenter';
import { featureWriter } from './features.writer';

const parentOf = (q: z.output<typeof ZFeatureListQuery>) => ({
  parent: q.publishingPage,
  parentParameter: q.publishing_Page ? 'publishing_Page' : 'page',
});

export const featuresRoutes: FastifyPluginAsync = async (app) => {
  registerPublicContentRoutes(app, {
    def: FEATURE,
    tag: 'features',
    listUrl: '/blog',
    slugUrl: '/blog/slug/:slug',
    query: ZFeatureListQuery,
    item: ZFeature,
    present: presentFeature,
    parentOf,
  });
  registerContributorRoutes(app, {
    writer: featureWriter,
    tag: 'features',
    paths: { view: '/blog/:id', add: '/blog', edit: '/blog/:id', remove: '/blog/:id', mine: '/blog/user' },
    item: ZFeature,
    present: presentFeature,
    listQuery: ZFeatureListQuery,
    parentOf: parentOf as (q: Record<string, unknown>) => { parent?: string; parentParameter: string },
  });
};

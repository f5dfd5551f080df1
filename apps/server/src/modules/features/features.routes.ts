import { ZFeature, ZFeatureListQuery } from '@chaupal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { FEATURE } from '../content/content-kinds';
import { registerPublicContentRoutes } from '../content/public-routes';
import { presentFeature } from './features.presenter';

export const featuresRoutes: FastifyPluginAsync = async (app) => {
  registerPublicContentRoutes(app, {
    def: FEATURE,
    tag: 'features',
    listUrl: '/blog',
    slugUrl: '/blog/slug/:slug',
    query: ZFeatureListQuery,
    item: ZFeature,
    present: presentFeature,
    parentOf: (q) => ({ parent: q.publishingPage, parentParameter: q.publishing_Page ? 'publishing_Page' : 'page' }),
  });
};

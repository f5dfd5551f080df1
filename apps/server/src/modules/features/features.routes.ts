import { ZFeature, ZFeatureCard, ZFeatureListQuery } from '@chaupal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { registerContentRoutes } from '../content';
import { presentFeature } from './features.presenter';
import { featureWriter } from './features.writer';

export const featuresRoutes: FastifyPluginAsync = async (app) => {
  registerContentRoutes(app, {
    writer: featureWriter,
    query: ZFeatureListQuery,
    item: ZFeature,
    card: ZFeatureCard,
    present: presentFeature,
    // /blog names the publishing page by `page` (when not a page number) or `publishing_Page` (DESIGN §4).
    parentOf: (q) => ({ parent: q.publishingPage, parentParameter: q.publishing_Page ? 'publishing_Page' : 'page' }),
  });
};

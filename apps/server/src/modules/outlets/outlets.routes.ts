import { ZOutlet, ZOutletListQuery } from '@chaupal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { OUTLET } from '../content/content-kinds';
import { registerPublicContentRoutes } from '../content/public-routes';
import { presentOutlet } from './outlets.presenter';

export const outletsRoutes: FastifyPluginAsync = async (app) => {
  registerPublicContentRoutes(app, {
    def: OUTLET,
    tag: 'outlets',
    listUrl: '/outlets/view',
    slugUrl: '/outlets/slug/:slug',
    query: ZOutletListQuery,
    item: ZOutlet,
    present: presentOutlet,
    parentOf: (q) => ({ parent: q.category, parentParameter: 'category' }),
  });
};

import { ZOutlet, ZOutletListQuery } from '@chaupal/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import { OUTLET } from '../content/content-kinds';
import { registerContributorRoutes } from '../content/contributor-routes';
import { registerPublicContentRoutes } from '../content/public-routes';
import { presentOutlet } from './outlets.presenter';
import { outletWriter } from './outlets.writer';

const parentOf = (q: z.output<typeof ZOutletListQuery>) => ({ parent: q.category, parentParameter: 'category' });

export const outletsRoutes: FastifyPluginAsync = async (app) => {
  registerPublicContentRoutes(app, {
    def: OUTLET,
    tag: 'outlets',
    listUrl: '/outlets/view',
    slugUrl: '/outlets/slug/:slug',
    query: ZOutletListQuery,
    item: ZOutlet,
    present: presentOutlet,
    parentOf,
  });
  registerContributorRoutes(app, {
    writer: outletWriter,
    tag: 'outlets',
    paths: {
      view: '/outlet/view/:id',
      add: '/outlet/add',
      edit: '/outlet/edit/:id',
      remove: '/outlet/delete/:id',
      mine: '/outlets/view/user',
    },
    item: ZOutlet,
    present: presentOutlet,
    listQuery: ZOutletListQuery,
    parentOf: parentOf as (q: Record<string, unknown>) => { parent?: string; parentParameter: string },
  });
};

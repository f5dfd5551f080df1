import { ZExpert, ZExpertListQuery } from '@chaupal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { EXPERT } from '../content/content-kinds';
import { registerPublicContentRoutes } from '../content/public-routes';
import { presentExpert } from './experts.presenter';

export const expertsRoutes: FastifyPluginAsync = async (app) => {
  registerPublicContentRoutes(app, {
    def: EXPERT,
    tag: 'experts',
    listUrl: '/experts/view',
    slugUrl: '/experts/slug/:slug',
    query: ZExpertListQuery,
    item: ZExpert,
    present: presentExpert,
    parentOf: (q) => ({ parent: q.service, parentParameter: 'service' }),
  });
};

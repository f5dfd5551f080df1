import { ZExpert, ZExpertListQuery } from '@chaupal/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import { EXPERT } from '../content/content-kinds';
import { registerContributorRoutes } from '../content/contributor-routes';
import { registerPublicContentRoutes } from '../content/public-routes';
import { presentExpert } from './experts.presenter';
import { expertWriter } from './experts.writer';

const parentOf = (q: z.output<typeof ZExpertListQuery>) => ({ parent: q.service, parentParameter: 'service' });

export const expertsRoutes: FastifyPluginAsync = async (app) => {
  registerPublicContentRoutes(app, {
    def: EXPERT,
    tag: 'experts',
    listUrl: '/experts/view',
    slugUrl: '/experts/slug/:slug',
    query: ZExpertListQuery,
    item: ZExpert,
    present: presentExpert,
    parentOf,
  });
  registerContributorRoutes(app, {
    writer: expertWriter,
    tag: 'experts',
    paths: {
      view: '/expert/view/:id',
      add: '/expert/add',
      edit: '/expert/edit/:id',
      remove: '/expert/delete/:id',
      mine: '/experts/get/user',
    },
    item: ZExpert,
    present: presentExpert,
    listQuery: ZExpertListQuery,
    parentOf: parentOf as (q: Record<string, unknown>) => { parent?: string; parentParameter: string },
  });
};

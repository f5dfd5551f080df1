import { ZExpert, ZExpertCard, ZExpertListQuery } from '@chaupal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { registerContentRoutes } from '../content';
import { presentExpert } from './experts.presenter';
import { expertWriter } from './experts.writer';

export const expertsRoutes: FastifyPluginAsync = async (app) => {
  registerContentRoutes(app, {
    writer: expertWriter,
    query: ZExpertListQuery,
    item: ZExpert,
    card: ZExpertCard,
    present: presentExpert,
  });
};

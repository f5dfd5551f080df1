import { ZOutlet, ZOutletCard, ZOutletListQuery } from '@chaupal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { registerContentRoutes } from '../content';
import { presentOutlet } from './outlets.presenter';
import { outletWriter } from './outlets.writer';

export const outletsRoutes: FastifyPluginAsync = async (app) => {
  registerContentRoutes(app, {
    writer: outletWriter,
    query: ZOutletListQuery,
    item: ZOutlet,
    card: ZOutletCard,
    present: presentOutlet,
  });
};

import { ZNews, ZNewsCard, ZNewsListQuery } from '@chaupal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { registerContentRoutes } from '../content';
import { presentNews } from './news.presenter';
import { newsWriter } from './news.writer';

export const newsRoutes: FastifyPluginAsync = async (app) => {
  registerContentRoutes(app, {
    writer: newsWriter,
    query: ZNewsListQuery,
    item: ZNews,
    card: ZNewsCard,
    present: presentNews,
  });
};

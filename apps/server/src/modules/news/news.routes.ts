import { ZNews, ZNewsListQuery } from '@chaupal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { NEWS } from '../content/content-kinds';
import { registerPublicContentRoutes } from '../content/public-routes';
import { presentNews } from './news.presenter';

export const newsRoutes: FastifyPluginAsync = async (app) => {
  registerPublicContentRoutes(app, {
    def: NEWS,
    tag: 'news',
    listUrl: '/newss/view',
    slugUrl: '/newss/slug/:slug',
    query: ZNewsListQuery,
    item: ZNews,
    present: presentNews,
    parentOf: (q) => ({ parent: q.edition, parentParameter: 'edition' }),
  });
};

import { ZNews, ZNewsListQuery } from '@chaupal/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import { NEWS } from '../content/content-kinds';
import { registerContributorRoutes } from '../content/contributor-routes';
import { registerPublicContentRoutes } from '../content/public-routes';
import { presentNews } from './news.presenter';
import { newsWriter } from './news.writer';

const parentOf = (q: z.output<typeof ZNewsListQuery>) => ({ parent: q.edition, parentParameter: 'edition' });

export const newsRoutes: FastifyPluginAsync = async (app) => {
  registerPublicContentRoutes(app, {
    def: NEWS,
    tag: 'news',
    listUrl: '/newss/view',
    slugUrl: '/newss/slug/:slug',
    query: ZNewsListQuery,
    item: ZNews,
    present: presentNews,
    parentOf,
  });
  registerContributorRoutes(app, {
    writer: newsWriter,
    tag: 'news',
    paths: {
      view: '/news/view/:id',
      add: '/news/add',
      edit: '/news/edit/:id',
      remove: '/news/delete/:id',
      mine: '/newss/view/user',
    },
    item: ZNews,
    present: presentNews,
    listQuery: ZNewsListQuery,
    parentOf: parentOf as (q: Record<string, unknown>) => { parent?: string; parentParameter: string },
  });
};

import { LIMITS, okBody, ZHome, ZKeywords, ZSite } from '@chaupal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getHome, getKeywords, getSite } from './home.service';

export const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/home',
    {
      config: { cacheTags: ['home', 'taxonomy', 'policies'], maxAge: LIMITS.homeCacheSeconds },
      schema: { tags: ['home'], summary: 'Home content: header, sections, footer', response: { 200: okBody(ZHome) } },
    },
    async () => ({ success: true as const, data: await getHome(app.db) }),
  );
  app.get(
    '/site',
    {
      config: { cacheTags: ['home', 'policies'], maxAge: LIMITS.homeCacheSeconds },
      schema: {
        tags: ['home'],
        summary: 'Site name, logo, contact details, keywords, copyright and policy links: the chrome of every page',
        response: { 200: okBody(ZSite) },
      },
    },
    async () => ({ success: true as const, data: await getSite(app.db) }),
  );
  app.get(
    '/user/keywords',
    {
      config: { cacheTags: ['home'], maxAge: LIMITS.homeCacheSeconds },
      schema: { tags: ['home'], summary: 'Site title, description and keywords', response: { 200: okBody(ZKeywords) } },
    },
    async () => ({ success: true as const, data: await getKeywords(app.db) }),
  );
};

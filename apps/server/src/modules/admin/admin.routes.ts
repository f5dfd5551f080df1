import { API_ERRORS } from '@chaupal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors';
import { adminContentRoutes } from './admin-content.routes';
import { adminSiteRoutes } from './admin-site.routes';
import { adminTaxonomyRoutes } from './admin-taxonomy.routes';
import { jobsAdminRoutes } from './jobs-admin.routes';
import { searchAdminRoutes } from './search-admin.routes';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An admin route an editor may use too: the editorial desk's (decision 033). */
    desk?: boolean;
  }
}

/**
 * Everything under /admin: an admin's token; an editor's only on the desk's routes (`config: { desk: true }`),
 * which bound it to what is on their desk. 401 signed out, 403 for any other account and for an editor elsewhere.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (req, reply) => {
    await app.requireEditor(req, reply);
    if (req.account?.role !== 'admin' && !req.routeOptions.config.desk)
      throw new AppError('FORBIDDEN', API_ERRORS.forbidden);
  });
  await app.register(adminContentRoutes);
  await app.register(adminTaxonomyRoutes);
  await app.register(adminSiteRoutes);
  await app.register(searchAdminRoutes);
  await app.register(jobsAdminRoutes);
};

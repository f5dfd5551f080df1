import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminContentRoutes } from './admin-content.routes';
import { adminSiteRoutes } from './admin-site.routes';
import { adminTaxonomyRoutes } from './admin-taxonomy.routes';
import { jobsAdminRoutes } from './jobs-admin.routes';
import { searchAdminRoutes } from './search-admin.routes';

/** Everything under /admin: an admin's token only (401 signed out, 403 for any other account). */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);
  await app.register(adminContentRoutes);
  await app.register(adminTaxonomyRoutes);
  await app.register(adminSiteRoutes);
  await app.register(searchAdminRoutes);
  await app.register(jobsAdminRoutes);
};

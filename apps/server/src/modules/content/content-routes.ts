import type { FastifyPluginAsync } from 'fastify';
import type { CommonForm, ContentKind, ContentRow } from './content-kind';
import { registerContributorRoutes } from './contributor-routes';
import { registerPublicContentRoutes } from './public-routes';

/**
 * Every route of one content kind at the paths its registry entry names (`spec.api`): the public list and detail,
 * then the contributor's view, add, edit, delete and own list.
 */
export const contentRoutes =
  <Row extends ContentRow, Form extends CommonForm>(kind: ContentKind<Row, Form>): FastifyPluginAsync =>
  async (app) => {
    registerPublicContentRoutes(app, kind);
    registerContributorRoutes(app, kind);
    kind.routes?.(app, kind);
  };

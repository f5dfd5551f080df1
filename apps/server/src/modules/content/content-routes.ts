import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { LoadedRow } from './content-query';
import type { ContentWriter } from './content-writer';
import { registerContributorRoutes } from './contributor-routes';
import { registerPublicContentRoutes } from './public-routes';

type ParentOf<Q extends z.ZodType> = (q: z.output<Q>) => { parent?: string; parentParameter: string };

interface ContentRoutes<Q extends z.ZodType, I extends z.ZodObject, C extends z.ZodObject> {
  writer: ContentWriter<z.ZodType>;
  /** The list query (public and `…/user`), the record's response shape and its presenter. */
  query: Q;
  item: I;
  /** A related record on the detail's answer: the kind's card (contract `Z…Card`). */
  card: C;
  present: (l: LoadedRow) => z.output<I>;
  /** The list query's parent filter and its parameter's name; by default the registry's `parent.parameter`. */
  parentOf?: ParentOf<Q>;
}

/**
 * Every route of one content kind at the paths its registry entry names (`def.spec.api`): the public list and detail,
 * then the contributor's view, add, edit, delete and own list.
 */
export function registerContentRoutes<Q extends z.ZodType, I extends z.ZodObject, C extends z.ZodObject>(
  app: FastifyInstance,
  o: ContentRoutes<Q, I, C>,
) {
  const { parameter } = o.writer.def.spec.parent;
  const parentOf: ParentOf<Q> =
    o.parentOf ??
    ((q) => ({ parent: (q as Record<string, string | undefined>)[parameter], parentParameter: parameter }));
  registerPublicContentRoutes(app, {
    def: o.writer.def,
    query: o.query,
    item: o.item,
    card: o.card,
    present: o.present,
    parentOf,
  });
  registerContributorRoutes(app, {
    writer: o.writer,
    item: o.item,
    present: o.present,
    listQuery: o.query,
    parentOf: parentOf as (q: Record<string, unknown>) => { parent?: string; parentParameter: string },
  });
}

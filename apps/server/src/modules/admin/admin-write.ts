import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { accountOfRequest } from '../../platform/auth';
import { type PublicChanges, publicWrite } from '../content';
import { collectGarbage } from '../uploads';
import type { TaxonomyContext } from './taxonomy-admin.service';

/**
 * Runs one admin write as a public write (`modules/content` `publicWrite`); once it commits, files it stopped using are
 * collected. Every cached public answer is refreshed (admin writes are rare, and a held user or parent, a renamed
 * circle or a new banner must show on every page at once); the work names the records whose visibility it changed.
 */
export async function adminWrite<T>(
  app: FastifyInstance,
  req: FastifyRequest,
  work: (ctx: TaxonomyContext & { db: DbOrTx; changes: PublicChanges }) => Promise<T>,
): Promise<T> {
  const actor = accountOfRequest(req);
  const released: string[] = [];
  const result = await publicWrite({ db: app.db, ...app.publicWrites }, (tx, changes) => {
    changes.site();
    return work({ db: tx, changes, actor, released, richText: app.richText });
  });
  if (released.length) {
    try {
      await collectGarbage({ db: app.db, storage: app.storage }, released);
    } catch (err) {
      req.log.warn({ err, released }, 'could not remove unreferenced files');
    }
  }
  return result;
}

export const adminSecurity = [{ bearer: [] }];

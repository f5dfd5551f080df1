import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { accountOfRequest } from '../../platform/auth';
import { CACHE_TAGS } from '../../platform/response-cache';
import { collectGarbage } from '../uploads';
import type { TaxonomyContext } from './taxonomy-admin.service';

/**
 * Runs one admin write in a transaction; once it commits, files it stopped using are collected and every cached
 * public response is invalidated (admin writes are rare, and a held user or parent must leave every page at once).
 */
export async function adminWrite<T>(
  app: FastifyInstance,
  req: FastifyRequest,
  work: (ctx: TaxonomyContext & { db: DbOrTx }) => Promise<T>,
): Promise<T> {
  const actor = accountOfRequest(req);
  const released: string[] = [];
  const result = await app.db.transaction((tx) => work({ db: tx, actor, released, richText: app.richText }));
  await app.responseCache.invalidate(CACHE_TAGS);
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

import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { SUGGEST_HEADER, type TSynonymGroup } from '@chaupal/contract';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { searchSynonyms } from '../../db/schema';
import { INTERNAL_HEADER } from '../../platform/rate-limit';
import { SearchLog, searchAsked } from './search-log';

/**
 * The synonym groups admins added in the console ([term, ...words]), read for each search the caches do not answer:
 * a handful of rows, and never older than the cached answers, on whichever instance the console wrote from (an
 * instance's own copy could outlive the cache generation another instance's write began).
 */
export class AddedSynonyms {
  constructor(private readonly db: DbOrTx) {}

  async get(): Promise<TSynonymGroup[]> {
    const rows = await this.db
      .select({ term: searchSynonyms.term, words: searchSynonyms.words })
      .from(searchSynonyms)
      .orderBy(searchSynonyms.term);
    return rows.map((r) => [r.term, ...r.words]);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** What the town searched for, counted per day (search-log.ts). */
    searchLog: SearchLog;
    /** The synonyms admins added (search-words.ts). */
    searchSynonyms: AddedSynonyms;
  }
}

/**
 * A request to the search API no person made as a search: a page's own read of it (in-process, counted as the page),
 * or the search box's suggestions for words still being typed.
 */
const notAsked = (headers: IncomingHttpHeaders) => Boolean(headers[INTERNAL_HEADER] || headers[SUGGEST_HEADER]);

/**
 * The search's words of the town: the admins' synonyms, and the count of searches people made, from the response
 * whatever answered it (the database, the response cache, or the hit lane: `countLaneAnswer`).
 */
export function registerSearchWords(app: FastifyInstance, apiSearchPath: string) {
  const log = new SearchLog(app.db, app.config.siteTz);
  app.decorate('searchLog', log);
  app.decorate('searchSynonyms', new AddedSynonyms(app.db));
  app.addHook('onClose', async () => log.close());
  app.addHook('onResponse', async (req, reply) => {
    if (req.method !== 'GET' || reply.statusCode !== 200) return;
    const q = searchAsked(req.url, apiSearchPath, notAsked(req.headers));
    if (q) log.asked(q);
  });
  return {
    /** An answer the hit lane repeated (it runs no hooks). */
    countLaneAnswer(req: IncomingMessage, status: number) {
      if (status !== 200 || !req.url) return;
      const q = searchAsked(req.url, apiSearchPath, notAsked(req.headers));
      if (q) log.asked(q);
    },
  };
}

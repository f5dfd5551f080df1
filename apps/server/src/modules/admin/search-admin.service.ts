import {
  SEARCH_REPORT_DAYS,
  SEARCH_SYNONYMS,
  synonymPhrase,
  type TErrorDetail,
  type TSearchReport,
  type TSearchStat,
  type TSearchSynonym,
  type TSearchSynonymForm,
  zoneLocalTime,
} from '@chaupal/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { isUuid } from '../../db/lookup';
import { rowsOf } from '../../db/rows';
import { searchCounts, searchSynonyms } from '../../db/schema';
import { AppError, notFound } from '../../platform/errors';
import { recordAudit } from './audit.service';
import type { AdminWrite } from './site-admin.service';

// ── Synonyms ────────────────────────────────────────────────────────────────────────────────────

const presentSynonym = (s: typeof searchSynonyms.$inferSelect): TSearchSynonym => ({
  id: s.id,
  term: s.term,
  words: s.words,
  createdAt: s.createdAt.toISOString(),
  updatedAt: s.updatedAt.toISOString(),
});

/** The contract's groups as the console shows them: the word the records use, and the words that mean it. */
const BUILT_IN = SEARCH_SYNONYMS.map((g) => ({ term: g[0], words: g.slice(1) }));

/** The admins' groups by term, and the built-in ones (read-only). */
export async function listSynonyms(db: DbOrTx) {
  const rows = await db.select().from(searchSynonyms).orderBy(asc(searchSynonyms.term));
  return { data: rows.map(presentSynonym), builtIn: BUILT_IN };
}

async function synonymById(db: DbOrTx, id: string) {
  const [row] = isUuid(id) ? await db.select().from(searchSynonyms).where(eq(searchSynonyms.id, id)) : [];
  if (!row) throw notFound();
  return presentSynonym(row);
}

/**
 * Refuses a group whose term is already a group, or whose term or words another group already has (as its term or as
 * one of its words, built in or added): a phrase stands for one term only, or what a search finds would depend on
 * which group is read first. Every clash is named at its field; the first is the answer's message.
 */
async function assertFree(db: DbOrTx, form: TSearchSynonymForm, id?: string) {
  const added = await db
    .select({ id: searchSynonyms.id, term: searchSynonyms.term, words: searchSynonyms.words })
    .from(searchSynonyms);
  const others = [
    ...BUILT_IN.map((g) => ({ term: synonymPhrase(g.term), words: g.words.map(synonymPhrase) })),
    ...added.filter((g) => g.id !== id),
  ];
  const clash = (phrase: string) => {
    const group = others.find((g) => g.term === phrase || g.words.includes(phrase));
    if (!group) return null;
    return group.term === phrase
      ? `"${phrase}" is already a group.`
      : `"${phrase}" already stands for "${group.term}".`;
  };
  const details: TErrorDetail[] = [];
  const term = clash(form.term);
  if (term) details.push({ parameter: 'term', errors: [term] });
  const words = form.words.map(clash).filter((m) => m !== null);
  if (words.length) details.push({ parameter: 'words', errors: words });
  if (details.length) throw new AppError('CONFLICT', details[0].errors[0], details);
}

export async function saveSynonym(ctx: AdminWrite, form: TSearchSynonymForm, id?: string) {
  const { db } = ctx;
  // Synonym writes take turns: each checks every other group's words, which no index can hold unique.
  await db.execute(sql`lock table ${searchSynonyms} in share row exclusive mode`);
  const before = id ? await synonymById(db, id) : null;
  await assertFree(db, form, before?.id);
  const values = { term: form.term, words: form.words, updatedAt: new Date() };
  const savedId = before
    ? (
        await db
          .update(searchSynonyms)
          .set(values)
          .where(eq(searchSynonyms.id, before.id))
          .returning({ id: searchSynonyms.id })
      )[0].id
    : (
        await db
          .insert(searchSynonyms)
          .values({ ...values, createdBy: ctx.actor.id })
          .returning({ id: searchSynonyms.id })
      )[0].id;
  const after = await synonymById(db, savedId);
  await recordAudit(db, {
    actorId: ctx.actor.id,
    action: before ? 'update' : 'create',
    entity: 'synonym',
    entityId: savedId,
    before,
    after,
  });
  return after;
}

export async function deleteSynonym(ctx: AdminWrite, id: string) {
  const before = await synonymById(ctx.db, id);
  await ctx.db.delete(searchSynonyms).where(eq(searchSynonyms.id, id));
  await recordAudit(ctx.db, { actorId: ctx.actor.id, action: 'delete', entity: 'synonym', entityId: id, before });
}

// ── What the town searched for ──────────────────────────────────────────────────────────────────

/** Rows in each of the report's lists. */
const REPORT_ROWS = 50;

/** `day` (YYYY-MM-DD) moved by `days`. */
function dayPlus(day: string, days: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The searches of the last SEARCH_REPORT_DAYS days in the site's zone (today included), once the counts waiting in
 * memory are written: how many in all, the most made, and those whose latest day found nothing. A query's results
 * are those of the last day it was searched; ties go A–Z by its bytes, the same on both databases.
 */
export async function searchReport(
  deps: { db: DbOrTx; log: { flush(): Promise<void> }; tz: string },
  now = new Date(),
): Promise<TSearchReport> {
  await deps.log.flush();
  const today = zoneLocalTime(now, deps.tz).date;
  const from = dayPlus(today, 1 - SEARCH_REPORT_DAYS);
  const c = searchCounts;
  const rows = await rowsOf<{
    query: string;
    searches: number;
    results: number | null;
    last_day: string;
    total: number;
    top: boolean;
    zero: boolean;
  }>(
    deps.db,
    sql`
      with per_query as (
        select ${c.query} as query, sum(${c.searches})::int as searches, max(${c.day})::text as last_day,
               (array_agg(${c.results} order by ${c.day} desc))[1] as results
        from ${c}
        where ${c.day} between ${from} and ${today}
        group by ${c.query}
      ), ranked as (
        select *, coalesce(results = 0, false) as nothing,
               sum(searches) over ()::int as total,
               row_number() over (order by searches desc, query collate "C") as top_rank,
               row_number() over (partition by coalesce(results = 0, false)
                                  order by searches desc, query collate "C") as nothing_rank
        from per_query
      )
      select query, searches, results, last_day, total,
             top_rank <= ${REPORT_ROWS} as top, (nothing and nothing_rank <= ${REPORT_ROWS}) as zero
      from ranked
      where top_rank <= ${REPORT_ROWS} or (nothing and nothing_rank <= ${REPORT_ROWS})
      order by searches desc, query collate "C"`,
  );
  const stat = (r: (typeof rows)[number]): TSearchStat => ({
    query: r.query,
    searches: r.searches,
    results: r.results,
    lastDay: r.last_day,
  });
  return {
    days: SEARCH_REPORT_DAYS,
    searches: rows[0]?.total ?? 0,
    top: rows.filter((r) => r.top).map(stat),
    zeroResults: rows.filter((r) => r.zero).map(stat),
  };
}

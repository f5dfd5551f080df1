import { SEARCH_KINDS, type TSearchFacet, type TSearchKind, type TSearchQuery } from '@chaupal/contract';
import { type AnyColumn, and, desc, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { blocks, circles } from '../../db/schema';
import type { SearchRow } from './search.presenter';
import { fewestRecords, type NearWords, nearQuery, nearTitleWords } from './search-lexicon';
import { SEARCH_SOURCES, type SearchSource } from './search-sources';
import { excludedWords } from './search-text';
import { suggestSpelling } from './suggestion';

/**
 * Site search (docs/decisions/011-site-search.md). Each kind contributes at most this many hits, its best
 * among this many read per way (its title's indexes; its whole vector) in the kind's list order (newest news first,
 * experts A–Z…); ranking, paging and the facet counts work on those. A count of 200 reads "200 or more".
 */
export const SEARCH_DEPTH = 200;

export interface Place {
  circleIds?: string[];
  blockIds?: string[];
}

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

/** The records of a content kind in the named circle and locality; taxonomy kinds are not bound to a place. */
function placeCondition(s: SearchSource, place: Place): SQL | undefined {
  const def = s.place;
  if (!def) return undefined;
  const inJoin = (join: typeof def.blocks | typeof def.circles, ids: string[]) =>
    sql`exists (select 1 from ${join} where ${join.recordId} = ${def.table.id} and ${inArray(join.taxonId, ids)})`;
  return and(
    place.circleIds ? inJoin(def.circles, place.circleIds) : undefined,
    place.blockIds ? inJoin(def.blocks, place.blockIds) : undefined,
  );
}

/**
 * What a way reads its records from, in the kind's list order, and the listing's copy of the record's parent. A kind
 * with a circle listing (news, features: schema.ts `circleListing`), searched in one circle by a way that finds many
 * records (a common word anywhere in the text, a named edition), walks the listing's index range (the circle's
 * public records, newest first) and reads each record by its key: at a million news, "plumber" in one circle reads
 * the circle's records until 200 hold it, not the whole table's with a test of each against the circle (about 4×
 * less). A title holds few words, and a rare word few records, so those ways find their records by the words' index
 * and test their place (`byIndex`), as does a kind without a listing or a search in several circles.
 */
function readFrom(s: SearchSource, place: Place, byIndex = false) {
  const t = s.table;
  const def = s.place;
  const L = def?.listing;
  if (def && L && place.circleIds?.length === 1 && !byIndex) {
    return {
      from: sql`${L} join ${t} on ${t.id} = ${L.recordId}`,
      where: and(
        sql`${L.isPublic}`,
        sql`${L.taxonId} = ${place.circleIds[0]}`,
        placeCondition(s, { blockIds: place.blockIds }),
      ),
      order: [desc(L.sortAt), desc(L.recordId)],
      parent: L.parentId as AnyColumn,
    };
  }
  return {
    from: sql`${t}`,
    where: and(s.visible, placeCondition(s, place)),
    order: s.order,
    parent: undefined,
  };
}

/**
 * Query words the near-spelling way reads: each must be near a word of the title (as each must be present for FTS),
 * from pg_trgm word similarity 0.5 (the sessions' setting, db/client.ts). Numbers are matched exactly: 1234 is not a
 * misspelling of 12345.
 */
const TRIGRAM_WORDS = 8;
const nearWords = (words: readonly string[]) => words.filter((w) => /\p{L}/u.test(w)).slice(0, TRIGRAM_WORDS);

/** The query as PostgreSQL's web search syntax reads it (never a syntax error), with no stemming. */
const tsqueryOf = (q: string) => sql`websearch_to_tsquery('simple'::regconfig, ${q})`;

/** Words the query excludes (`-word`) keep out every record holding them, however else it was found. */
function notExcluded(q: string, vector: AnyColumn): SQL | undefined {
  const excluded = excludedWords(q);
  return excluded.length ? sql`${vector} @@ ${tsqueryOf(excluded.map((w) => `-${w}`).join(' '))}` : undefined;
}

/** What a search asks of titles: its text, its words, and the title words each is near (search-lexicon.ts). */
interface Asked {
  q: string;
  words: readonly string[];
  near: NearWords;
  /**
   * Public records holding every word, at most (search-lexicon.ts `fewestRecords`); null when the words are
   * alternatives (`temple or masjid`), which any one of them answers.
   */
  fewest: number | null;
}

/**
 * Records holding the words from which a circle's records are walked for them rather than found by the words' index
 * (readFrom): walking finds 200 among the circle's newest when about one in a hundred holds them; for fewer, the
 * index finds them all at less cost. A town's database has no word this common, and reads by the index throughout.
 */
const WALK_FROM = 10_000;

/**
 * How a row's title answers the query, the same for a taxonomy hit and for the parent a record is found under: it
 * holds every word (`inTitle`), or for each word one of the title words it is near, that no excluded word overrules
 * (`nearTitle`: both read the title's word index), and how near (`nearness`: the mean word similarity of the words
 * to the title, 0.5 to 1 for a near-spelling match, worked out only for the rows a way returns).
 */
function titleMatch(t: SearchSource['table'], asked: Asked) {
  const near = nearWords(asked.words);
  const nearTsquery = nearQuery(near, asked.near);
  return {
    inTitle: sql`${t.titleVector} @@ ${tsqueryOf(asked.q)}`,
    nearTitle: nearTsquery
      ? (and(sql`${t.titleVector} @@ ${nearTsquery}::tsquery`, notExcluded(asked.q, t.searchVector)) as SQL)
      : sql`false`,
    nearness: near.length
      ? sql`(${sql.join(
          near.map((word) => sql`word_similarity(${word}, ${t.title})`),
          sql` + `,
        )}) / ${near.length}`
      : sql`0`,
  };
}

/**
 * The services, categories, editions or pages a query names for one content kind: their ids, and how well the best
 * of them matches (1 when its title holds every word, else its nearness).
 */
export interface NamedParents {
  ids: string[];
  match: number;
}

/**
 * A record filed under a service, category, edition or page the query names is a hit too (a search for "lawyer" finds
 * the lawyers, whose own words need not say so). It scores 2 + 0.9 × the parent's match, less 0.0001 per place in
 * the kind's list order (experts A–Z, newest news first): from 2.9 (the parent's title holds the words) to about 2.45,
 * so under a title of its own holding the words (3+), level with a title as near the query as the parent's name is
 * (2 + nearness: "electrician" ranks the Electricians' experts over "Dr. Meera Iyer — Paediatrician"), and over a
 * record holding the words only in its text (1 + rank, below 2).
 */
const FILED_UNDER_WEIGHT = 0.9;

/** The records of a content kind filed under the named parents, at most SEARCH_DEPTH in the kind's list order. */
function filedUnder(s: SearchSource, q: string, parents: NamedParents | undefined, place: Place): SQL | undefined {
  const def = s.place;
  if (!def || !parents?.ids.length) return undefined;
  const t = s.table;
  const parent = def.parent;
  const best = 2 + FILED_UNDER_WEIGHT * parents.match;
  const read = readFrom(s, place);
  const linked = parent.many
    ? sql`${t.id} in (select ${parent.join.recordId} from ${parent.join} where ${inArray(parent.join.taxonId, parents.ids)})`
    : inArray(read.parent ?? parent.column, parents.ids);
  const order = sql.join(read.order, sql`, `);
  // row_number() over the list order numbers the records as the limited walk reads them.
  return sql`(select u.id, (${best}::real - u.n / 10000.0)::real as score, u.verified, u.fresh from (
      select ${t.id} as id, ${s.verified} as verified, ${s.fresh} as fresh, row_number() over (order by ${order}) as n
      from ${read.from} where ${and(read.where, linked, notExcluded(q, t.searchVector))}
      order by ${order} limit ${SEARCH_DEPTH}) u)`;
}

/**
 * The active services, categories, editions and pages whose title holds every word of the query or a near spelling
 * of each (as a taxonomy hit is found), by the content kind filed under them.
 */
async function namedParents(db: DbOrTx, asked: Asked): Promise<Map<TSearchKind, NamedParents>> {
  const parts = SEARCH_SOURCES.flatMap((s) => {
    const p = s.place?.parent.table;
    if (!p) return [];
    const { inTitle, nearTitle, nearness } = titleMatch(p, asked);
    return [
      sql`select ${s.kind}::text as kind, ${p.id} as id,
            (case when ${inTitle} then 1 else ${nearness} end)::float8 as match
          from ${p} where ${p.status} = 'active' and (${inTitle} or ${nearTitle})`,
    ];
  });
  const found = new Map<TSearchKind, NamedParents>();
  const rows = rowsOf<{ kind: TSearchKind; id: string; match: number }>(
    await db.execute(sql.join(parts, sql` union all `)),
  );
  for (const row of rows) {
    const named = found.get(row.kind) ?? { ids: [], match: 0 };
    named.ids.push(row.id);
    named.match = Math.max(named.match, Number(row.match));
    found.set(row.kind, named);
  }
  return found;
}

/**
 * A service, category, edition or page is not in a place: in a search for a place ("plumber riverside"), the records
 * of the place found by their title or by what they are filed under (scores 2.45 and up) answer before it, and it
 * before records holding the words only in their text (under 2). Its score orders it as 2 + a fifth of its score
 * above 2 (2 to 2.3); the score itself stays, for what a score says of the words (`by_words`).
 */
const orderInPlace = (place: Place, score: SQL) =>
  place.circleIds || place.blockIds
    ? sql`(case when ${score} >= 2 then 2 + (${score} - 2) / 5 else ${score} end)`
    : score;

/**
 * One kind's candidates with their scores: the title has every word (3 + rank), the title has a near spelling or the
 * start of every word (2 + mean word similarity: typos, partial words), the record is filed under a taxonomy the
 * query names (2 + 0.9 × the parent's match), or the record has every word somewhere (1 + rank, which weighs
 * keywords over description over content). So a title match always ranks above a match only in the text. A content
 * kind is read three ways, its title's indexes, its parents and its whole vector's, each capped at SEARCH_DEPTH in
 * the kind's list order (for a word in every record the planner walks that order's index and stops), so a word
 * common in texts cannot crowd out the titles that hold it; a taxonomy table is small and read once.
 *
 * When the title way alone finds SEARCH_DEPTH records, none found only in the text (under 2) could be among the
 * kind's best SEARCH_DEPTH, so the text way is not read at all (a condition PostgreSQL tests once, before the walk):
 * for a common word, the dearer half of the work, each record's whole vector.
 */
function candidates(
  s: SearchSource,
  asked: Asked,
  place: Place,
  parents: NamedParents | undefined,
): { titled?: SQL; ways: SQL } {
  const { q } = asked;
  const t = s.table;
  const tsq = tsqueryOf(q);
  // A near spelling is read from the title alone; words the query excludes (`-word`) still exclude the record.
  const { inTitle, nearTitle, nearness } = titleMatch(t, asked);
  const rank = sql`ts_rank(${t.searchVector}, ${tsq})`;
  // Each way carries what ties are broken by, so the candidates need not be read again.
  const way = (score: SQL, match: SQL, read = readFrom(s, place)) =>
    sql`(select ${t.id} as id, ${score} as score, ${s.verified} as verified, ${s.fresh} as fresh from ${read.from}
         where ${and(read.where, match)}
         order by ${sql.join(read.order, sql`, `)} limit ${SEARCH_DEPTH})`;
  const anyWords = sql`${t.searchVector} @@ ${tsq}`;
  const filed = filedUnder(s, q, parents, place);
  const score = sql`max(c.score)`;
  const group = (ways: SQL) => sql`(select ${s.kind}::text as kind, c.id, ${score} as score,
      ${s.place ? score : orderInPlace(place, score)} as key, bool_or(c.verified) as verified, max(c.fresh) as fresh
    from (${ways}) c group by c.id order by max(c.score) desc, c.id limit ${SEARCH_DEPTH})`;
  if (!s.place) {
    return {
      ways: group(
        way(
          sql`case when ${inTitle} then 3 + ${rank} when ${nearTitle} then 2 + ${nearness} else 1 + ${rank} end`,
          sql`(${inTitle} or ${nearTitle} or ${anyWords})`,
        ),
      ),
    };
  }
  const titled = sql.identifier(`titled_${s.kind}`);
  const titleWay = way(
    sql`case when ${inTitle} then 3 + ${rank} else 2 + ${nearness} end`,
    sql`(${inTitle} or ${nearTitle})`,
    readFrom(s, place, true),
  );
  // Each score tests only what its way has not already decided; a record several ways find keeps its highest score.
  // When no record holds every word the text way would find nothing, and is not read.
  const textWay =
    asked.fewest === 0
      ? undefined
      : way(
          sql`case when ${inTitle} then 3 + ${rank} else 1 + ${rank} end`,
          sql`${anyWords} and (select count(*) from ${titled}) < ${SEARCH_DEPTH}`,
          readFrom(s, place, asked.fewest === null || asked.fewest < WALK_FROM),
        );
  const ways = [sql`select * from ${titled}`, ...(textWay ? [textWay] : []), ...(filed ? [filed] : [])];
  return { titled: sql`${titled} as materialized ${titleWay}`, ways: group(sql.join(ways, sql` union all `)) };
}

const BLOCK_TAG =
  '</?(p|div|br|li|ul|ol|h[1-6]|blockquote|pre|tr|td|th|table|hr|figure|figcaption)([[:space:]/][^>]*)?>';

/** What a hit shows, for the ids of one kind: tags replaced by spaces in SQL, the rest in the presenter. */
function displayRows(s: SearchSource, ids: string[]): SQL {
  const t = s.table;
  // Block tags part words, inline ones (<b>, <a>) do not; the text is cut long before a snippet could need more.
  const untag = (c: SQL | AnyColumn) =>
    sql`left(regexp_replace(regexp_replace(${c}, ${BLOCK_TAG}, ' ', 'gi'), '<[^>]*>', '', 'g'), 20000)`;
  const def = s.place;
  const circleNames = def
    ? sql`coalesce((select json_agg(x.name order by x.position, x.name) from ${def.circles} j
          join ${circles} x on x.id = j.${sql.identifier(def.circles.taxonId.name)}
          where j.${sql.identifier(def.circles.recordId.name)} = ${t.id} and x.status = 'active'), '[]'::json)`
    : sql`'[]'::json`;
  return sql`select ${s.kind}::text as kind, ${t.id} as id, ${t.slug} as slug, ${t.title} as title,
      ${untag(t.description)} as description, ${s.content ? untag(sql`${s.content}`) : sql`''`} as content,
      ${s.image ?? sql`null::text`} as image, ${s.date ?? sql`null::timestamptz`} as date, ${circleNames} as circles
    from ${t} where ${inArray(t.id, ids)}`;
}

/** The page of hits (kind and id, best first) and the hits per kind, in one statement over every kind's candidates. */
export function rankedStatement(
  query: TSearchQuery,
  asked: Asked,
  place: Place,
  parents: Map<TSearchKind, NamedParents>,
): SQL {
  const kinds = SEARCH_SOURCES.map((s) => candidates(s, asked, place, parents.get(s.kind)));
  const union = sql.join(
    kinds.map((k) => k.ways),
    sql` union all `,
  );
  const titled = kinds.flatMap((k) => (k.titled ? [sql`${k.titled}, `] : []));
  const ofKind = query.kind ? sql`where kind = ${query.kind}` : sql``;
  return sql`with ${sql.join(titled)} cand as materialized (${union})
    select
      (select coalesce(json_agg(json_build_object('kind', p.kind, 'id', p.id) order by p.score), '[]'::json)
         from (select kind, id, row_number() over (order by key desc, verified desc, fresh desc, kind, id) as score
               from cand ${ofKind} order by key desc, verified desc, fresh desc, kind, id
               limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}) p) as hits,
      (select coalesce(json_object_agg(f.kind, f.n), '{}'::json)
         from (select kind, count(*)::int as n from cand group by kind) f) as facets,
      exists (select 1 from cand where score >= 3 or score < 2) as by_words`;
}

/** Active circles or localities by name (any case) or slug; an unknown or held one gives none. */
async function placeIds(db: DbOrTx, table: typeof circles | typeof blocks, name: string): Promise<string[]> {
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(
      and(
        sql`${table.status} = 'active'`,
        or(sql`lower(${table.name}) = lower(${name})`, sql`${table.slug} = ${name}`),
      ),
    );
  return rows.map((r) => r.id);
}

async function resolvePlace(db: DbOrTx, q: TSearchQuery): Promise<Place | null> {
  // One after the other: a search's statements share one connection (its transaction, search-limits.ts).
  const circleIds = q.circleName ? await placeIds(db, circles, q.circleName) : undefined;
  const blockIds = q.blockName ? await placeIds(db, blocks, q.blockName) : undefined;
  if (circleIds?.length === 0 || blockIds?.length === 0) return null;
  return { circleIds, blockIds };
}

export interface SearchResult {
  /** The page's hits, best first. */
  rows: SearchRow[];
  total: number;
  facets: TSearchFacet[];
  suggestion: string | null;
}

const NOTHING: SearchResult = { rows: [], total: 0, facets: [], suggestion: null };

/**
 * One ranked page of public records of every kind answering `q` (in the place, of the kind), the counts per kind,
 * and a spelling suggestion: the ranked statement, a suggestion only for words no record holds, then the page's rows.
 */
export async function searchSite(db: DbOrTx, query: TSearchQuery, words: readonly string[]): Promise<SearchResult> {
  // Only operators or excluded words (`-`, `OR`, `-tax`): nothing is asked for, so nothing is found.
  if (!words.length) return NOTHING;
  const alternatives = /(^|\s)or(\s|$)/i.test(query.q);
  const place = await resolvePlace(db, query);
  if (!place) return NOTHING;
  const near = await nearTitleWords(db, nearWords(words));
  const fewest = alternatives ? null : await fewestRecords(db, words);
  const asked: Asked = { q: query.q, words, near, fewest };
  const parents = await namedParents(db, asked);
  const [found] = rowsOf<{
    hits: { kind: TSearchKind; id: string }[];
    facets: Record<string, number>;
    by_words: boolean;
  }>(await db.execute(rankedStatement(query, asked, place, parents)));
  const facets = SEARCH_KINDS.filter((k) => found.facets[k]).map((kind) => ({ kind, count: found.facets[kind] }));
  const total = facets.filter((f) => !query.kind || f.kind === query.kind).reduce((n, f) => n + f.count, 0);
  // A record holding every word (FTS is AND) shows each word is spelt as some record spells it: nothing to suggest.
  const suggestion = found.by_words ? null : await suggestSpelling(db, query.q, words, near);

  const shown = SEARCH_SOURCES.map((s) => ({ s, ids: found.hits.filter((h) => h.kind === s.kind).map((h) => h.id) }));
  const loaded = shown.filter((x) => x.ids.length);
  const rows = loaded.length
    ? rowsOf<SearchRow>(
        await db.execute(
          sql.join(
            loaded.map((x) => displayRows(x.s, x.ids)),
            sql` union all `,
          ),
        ),
      )
    : [];
  const byKey = new Map(rows.map((r) => [`${r.kind}:${r.id}`, r]));
  const hits = found.hits.map((h) => byKey.get(`${h.kind}:${h.id}`)).filter((r) => r !== undefined);
  return { rows: hits, total, facets, suggestion };
}

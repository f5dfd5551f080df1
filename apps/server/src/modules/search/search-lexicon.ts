import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * Search's dictionary (table `search_lexicon`, schema.ts): the words of public records, and which of them a title
 * holds. A near spelling is found here, among words, and then searched for as the words it is near, through the
 * titles' word indexes: comparing a misspelt word with every title a search walks cost hundreds of milliseconds at
 * a million records, and this costs about one.
 */

/** Title words a query word may stand for: its nearest spellings, enough for a word's plural, forms and typos. */
const NEAR_TITLE_WORDS = 16;

/** For each query word, the title words it is near (itself first when a title holds it), nearest first. */
export type NearWords = ReadonlyMap<string, readonly string[]>;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The title words each of `words` is near. A word some title holds stands for itself, the longer words it starts
 * ("market": "markets", "marketing") and itself less a last letter or two ("plumbers": "plumber"), read from the word
 * index; any other word (a misspelling, a partial word) for the title words it is near by pg_trgm word similarity at
 * the sessions' threshold (0.5, db/client.ts: the `<%` of a word against a title), read from the trigram index:
 * "plumbr" stands for "plumber" and "plumbers", "hosp" for "hospital".
 */
export async function nearTitleWords(db: DbOrTx, words: readonly string[]): Promise<NearWords> {
  if (!words.length) return new Map();
  const titleWord = (w: SQL) => sql`exists (select 1 from search_lexicon k where k.word = ${w} and k.in_title)`;
  const rows = rowsOf<{ w: string; near: string[] }>(
    await db.execute(sql`select q.w, case when ${titleWord(sql`q.w`)} then array(
        select f.word from (
          (select l.word from search_lexicon l
           where l.in_title and l.word >= q.w and l.word < q.w || chr(1114111)
           order by l.word limit ${NEAR_TITLE_WORDS})
          union
          select l.word from search_lexicon l
          where l.in_title and l.word in (left(q.w, -1), left(q.w, -2)) and length(q.w) > 4) f
        order by f.word <> q.w, length(f.word), f.word limit ${NEAR_TITLE_WORDS})
      else array(
        select l.word from search_lexicon l where l.in_title and q.w <% l.word
        order by word_similarity(q.w, l.word) desc, similarity(q.w, l.word) desc, l.word
        limit ${NEAR_TITLE_WORDS}) end as near
      from unnest(${sql.param([...words])}::text[]) as q(w)`),
  );
  return new Map(rows.map((r) => [r.w, r.near]));
}

/** A word as a `tsquery` literal: quoted, its quotes doubled and its backslashes escaped (never read as syntax). */
const lexeme = (word: string) => `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * The `tsquery` a title answers when it holds, for every word, the word or one it is near: `(a | b) & (c)`. Null when
 * some word is near no title word (then no title answers).
 */
export function nearQuery(words: readonly string[], near: NearWords): string | null {
  const groups: string[] = [];
  for (const word of words) {
    const forms = near.get(word) ?? [];
    if (!forms.length) return null;
    groups.push(`(${forms.map(lexeme).join(' | ')})`);
  }
  return groups.length ? groups.join(' & ') : null;
}

/**
 * The words of `words` some public record holds, every part of each (as `to_tsvector('simple')` splits it): such a
 * word is no misspelling.
 */
export async function knownWords(db: DbOrTx, words: readonly string[]): Promise<Set<string>> {
  if (!words.length) return new Set();
  const rows = rowsOf<{ w: string }>(
    await db.execute(sql`select q.w from unnest(${sql.param([...words])}::text[]) as q(w)
      where not exists (select 1 from unnest(to_tsvector('simple'::regconfig, q.w)) v
                        where not exists (select 1 from search_lexicon l where l.word = v.lexeme))
        and to_tsvector('simple'::regconfig, q.w) <> ''::tsvector`),
  );
  return new Set(rows.map((r) => r.w));
}

/**
 * How many public records hold every one of `words`, at most: the fewest records of any of their words (as
 * `to_tsvector('simple')` splits them, as the search's own query does), 0 when one is in none. Counts are as of the
 * last refresh, a word added since counting 1.
 */
export async function fewestRecords(db: DbOrTx, words: readonly string[]): Promise<number> {
  const [row] = rowsOf<{ fewest: number | null }>(
    await db.execute(sql`select min(coalesce(l.records, 0))::int as fewest
      from unnest(tsvector_to_array(to_tsvector('simple'::regconfig, ${words.join(' ')}))) as v(w)
      left join search_lexicon l on l.word = v.w`),
  );
  return row.fewest ?? 0;
}

/** Public title words near `word` by their trigrams (pg_trgm `%` or `<%`), for a did-you-mean to choose among. */
export async function titleWordsLike(db: DbOrTx, word: string, limit: number): Promise<string[]> {
  const rows = rowsOf<{ word: string }>(
    await db.execute(sql`select l.word from search_lexicon l
      where l.in_title and (l.word % ${word} or ${word} <% l.word)
      order by similarity(l.word, ${word}) desc, l.word limit ${limit}`),
  );
  return rows.map((r) => r.word);
}

/**
 * Takes out of the lexicon the words no public record holds any more (a record unpublished, deleted or edited: its
 * words must not come back as a did-you-mean), adds any a write missed and counts each word's records; about 90 s at
 * 1.2 million records. Only words the lexicon held before its scan began are taken out, so a word a record brings
 * while it runs stays (migration 0020).
 */
export async function refreshLexicon(db: DbOrTx): Promise<void> {
  await db.execute(sql`select search_lexicon_refresh()`);
}

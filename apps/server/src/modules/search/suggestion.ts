import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { blocks, circles } from '../../db/schema';
import { SEARCH_SOURCES } from './search-sources';
import { excludedWords, similarity } from './search-text';

/** A title word at least this similar (pg_trgm `similarity`) to an unknown query word is offered in its place. */
export const SUGGEST_SIMILARITY = 0.4;
/** Titles read per kind when looking for a word's neighbours. */
const NEIGHBOUR_TITLES = 20;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Whether any public record holds the word (in any of its searched fields): such a word is no misspelling. */
async function isKnown(db: DbOrTx, word: string): Promise<boolean> {
  const holds: SQL[] = SEARCH_SOURCES.map(
    (s) =>
      sql`exists (select 1 from ${s.table} where ${s.visible} and ${s.table.searchVector} @@ plainto_tsquery('simple'::regconfig, ${word}))`,
  );
  const [row] = rowsOf<{ known: boolean }>(await db.execute(sql`select ${sql.join(holds, sql` or `)} as known`));
  return row.known;
}

/**
 * The word of a public title or a place's name nearest in spelling to `word`, among titles its trigrams find, other than the words the
 * reader excluded (`lawyer -lawyers` must not become `lawyers -lawyers`); null when none is near.
 */
async function nearestTitleWord(db: DbOrTx, word: string, excluded: ReadonlySet<string>): Promise<string | null> {
  const near = [
    ...SEARCH_SOURCES.map(
      (s) =>
        sql`(select ${s.table.title} as title from ${s.table}
             where ${s.visible} and ${word} <% ${s.table.title} limit ${NEIGHBOUR_TITLES})`,
    ),
    // The names of places: "plumber rivrside" means Riverside.
    ...[circles, blocks].map(
      (p) =>
        sql`(select ${p.name} as title from ${p}
             where ${p.status} = 'active' and ${word} <% ${p.name} limit ${NEIGHBOUR_TITLES})`,
    ),
  ];
  const titles = rowsOf<{ title: string }>(await db.execute(sql.join(near, sql` union all `)));
  let best: { word: string; score: number } | null = null;
  for (const { title } of titles) {
    for (const [candidate] of title.toLowerCase().matchAll(/[\p{L}\p{M}\p{N}]+/gu)) {
      const score = similarity(word, candidate);
      if (
        candidate !== word &&
        !excluded.has(candidate) &&
        score >= SUGGEST_SIMILARITY &&
        (!best || score > best.score)
      ) {
        best = { word: candidate, score };
      }
    }
  }
  return best?.word ?? null;
}

/**
 * Did-you-mean: the query with each word that no public record holds replaced by the nearest word of a public title
 * (trigram neighbours, as pg_trgm's documentation suggests for spelling), or null when no word changes. Numbers and
 * words under three letters are left as they are.
 */
export async function suggestSpelling(db: DbOrTx, q: string, words: readonly string[]): Promise<string | null> {
  let suggestion = q;
  let changed = false;
  const excluded = new Set(excludedWords(q));
  for (const word of words) {
    if (word.length < 3 || /^\p{N}+$/u.test(word) || (await isKnown(db, word))) continue;
    const better = await nearestTitleWord(db, word, excluded);
    if (!better) continue;
    // The word stands for itself in the regular expression: it holds only letters and digits. Only where it is asked
    // for: an excluded `-word` (a `-` at the start, after a space or a quote, as queryWords reads it) stays as written.
    suggestion = suggestion.replace(
      new RegExp(`(?<![\\p{L}\\p{M}\\p{N}])(?<!(?:^|[\\s"])-)${word}(?![\\p{L}\\p{M}\\p{N}])`, 'giu'),
      better,
    );
    changed = true;
  }
  return changed ? suggestion.replace(/\s+/g, ' ').trim() : null;
}

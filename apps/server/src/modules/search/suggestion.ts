import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { blocks, circles } from '../../db/schema';
import { knownWords, type NearWords, titleWordsLike } from './search-lexicon';
import { excludedWords, similarity } from './search-text';

/** A title word at least this similar (pg_trgm `similarity`) to an unknown query word is offered in its place. */
export const SUGGEST_SIMILARITY = 0.4;
/** Title words read as a misspelt word's neighbours. */
const NEIGHBOUR_WORDS = 50;
/** Places' names read as its neighbours ("plumber rivrside" means Riverside). */
const NEIGHBOUR_PLACES = 20;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The word of a public title or a place's name nearest in spelling to `word`, among the title words of the lexicon and
 * the places' names its trigrams find, other than the words the reader excluded (`lawyer -lawyers` must not become
 * `lawyers -lawyers`); null when none is near.
 */
async function nearestTitleWord(
  db: DbOrTx,
  word: string,
  near: readonly string[],
  excluded: ReadonlySet<string>,
): Promise<string | null> {
  const places = sql.join(
    [circles, blocks].map(
      (p) =>
        sql`(select ${p.name} as title from ${p}
             where ${p.status} = 'active' and ${word} <% ${p.name} limit ${NEIGHBOUR_PLACES})`,
    ),
    sql` union all `,
  );
  // The title words the search already found near it, else a wider look (pg_trgm similarity as well).
  // One after the other: a search's statements share one connection (its transaction, search-limits.ts).
  const titleWords = near.length ? near : await titleWordsLike(db, word, NEIGHBOUR_WORDS);
  const placeNames = rowsOf<{ title: string }>(await db.execute(places)).map((p) => p.title);
  let best: { word: string; score: number } | null = null;
  for (const text of [...titleWords, ...placeNames]) {
    for (const [candidate] of text.toLowerCase().matchAll(/[\p{L}\p{M}\p{N}]+/gu)) {
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
 * (trigram neighbours in the lexicon, as pg_trgm's documentation suggests for spelling), or null when no word
 * changes. Numbers and words under three letters are left as they are. `near` holds the title words the search read
 * for each word.
 */
export async function suggestSpelling(
  db: DbOrTx,
  q: string,
  words: readonly string[],
  near: NearWords,
): Promise<string | null> {
  let suggestion = q;
  let changed = false;
  const excluded = new Set(excludedWords(q));
  const asked = words.filter((word) => word.length >= 3 && !/^\p{N}+$/u.test(word));
  const known = await knownWords(db, asked);
  for (const word of asked) {
    if (known.has(word)) continue;
    const better = await nearestTitleWord(db, word, near.get(word) ?? [], excluded);
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

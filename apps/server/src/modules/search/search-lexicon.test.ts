import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { news } from '../../db/schema';
import { makeNews } from '../../seed/factories';
import { api } from '../../test/api';
import { type TestContext, testApp } from '../../test/harness';
import { buildWorld, type TWorld } from '../../test/world';
import { fewestRecords, knownWords, nearQuery, nearTitleWords, refreshLexicon } from './search-lexicon';

let t: TestContext;
let w: TWorld;
const onPostgres = process.env.TEST_DB_KIND === 'pg';

beforeAll(async () => {
  t = await testApp({ RATE_LIMIT_FACTOR: '100' });
  w = await buildWorld(t.db);
});
afterAll(() => t.close());

const place = () => ({ userId: w.users.alice.id, circleIds: [w.circles.north.id], editionId: w.editions.city.id });

async function lexicon(...words: string[]) {
  const { rows } = (await t.db.execute(
    sql`select word, in_title from search_lexicon where word = any(${sql.param(words)}::text[]) order by word`,
  )) as unknown as { rows: { word: string; in_title: boolean }[] };
  return rows;
}

describe("search's lexicon", () => {
  it("holds a public record's words as it is written, its title's as title words, and no draft's", async () => {
    await makeNews(t.db, place(), { title: 'Zorbex quilting fair', content: '<p>Pellucid banners everywhere.</p>' });
    await makeNews(t.db, place(), { title: 'Qwindle secret plans', status: 'draft' });
    expect(await lexicon('zorbex', 'quilting', 'pellucid', 'banners', 'qwindle')).toEqual([
      { word: 'banners', in_title: false },
      { word: 'pellucid', in_title: false },
      { word: 'quilting', in_title: true },
      { word: 'zorbex', in_title: true },
    ]);
    expect(await knownWords(t.db, ['pellucid', 'qwindle', 'zorbex'])).toEqual(new Set(['pellucid', 'zorbex']));
  });

  it('marks a word a title holds as a title word, though the lexicon had it from text alone', async () => {
    await makeNews(t.db, place(), { title: 'Ward meeting', content: '<p>Held at the Quillwort hall.</p>' });
    expect(await lexicon('quillwort')).toEqual([{ word: 'quillwort', in_title: false }]);
    await makeNews(t.db, place(), { title: 'Quillwort hall reopens' });
    expect(await lexicon('quillwort')).toEqual([{ word: 'quillwort', in_title: true }]);
  });

  it.skipIf(!onPostgres)('locks none of the words it holds while a record is published', async () => {
    await makeNews(t.db, place(), { title: 'Lantern fair at the ghat' });
    await t.db.transaction(async (tx) => {
      await makeNews(tx, place(), { title: 'Lantern lit again at the ghat' });
      // Another connection takes the held words' rows at once: the open publish of a record holding them waits on
      // nobody and makes nobody wait.
      const { rows } = (await t.db.execute(
        sql`select word from search_lexicon where word in ('lantern', 'ghat') order by word for update nowait`,
      )) as unknown as { rows: { word: string }[] };
      expect(rows).toEqual([{ word: 'ghat' }, { word: 'lantern' }]);
    });
    expect(await lexicon('lit')).toEqual([{ word: 'lit', in_title: true }]);
  });

  it('gives the title words a misspelt or partial word is near, nearest first, as a query titles answer', async () => {
    await makeNews(t.db, place(), { title: 'Gardenia shows and gardening tips' });
    const near = await nearTitleWords(t.db, ['gardenin', 'zzzzzz']);
    expect(near.get('gardenin')?.slice(0, 2)).toEqual(['gardening', 'gardenia']);
    expect(near.get('zzzzzz')).toEqual([]);
    // A word a title holds stands for itself, the words it starts and itself less a letter or two.
    await makeNews(t.db, place(), { title: 'Plumbers meet; a plumber speaks on plumbing' });
    const known = await nearTitleWords(t.db, ['plumber', 'plumbers']);
    expect(known.get('plumber')).toEqual(['plumber', 'plumbers']);
    expect(known.get('plumbers')).toEqual(['plumbers', 'plumber']);
    expect(nearQuery(['gardenin'], new Map([['gardenin', ["o'neil", 'a\\b']]]))).toBe("('o''neil' | 'a\\\\b')");
    expect(nearQuery(['gardenin', 'zzzzzz'], near)).toBeNull();
  });

  it('finds a record by a misspelling of its title, and offers the word when nothing is found', async () => {
    const made = await makeNews(t.db, place(), { title: 'Marigold Lantern Parade' });
    const found = await api(t).get('/search?q=lantren%20parad');
    expect(found.statusCode).toBe(200);
    expect(found.json().data.map((h: { id: string }) => h.id)).toContain(made.id);
    const none = await api(t).get('/search?q=lanturn%20zzqqxx');
    expect(none.json().suggestion).toBe('lantern zzqqxx');
  });

  it('loses, when refreshed, the words no public record holds any more, so no did-you-mean offers them', async () => {
    const gone = await makeNews(t.db, place(), { title: 'Vexillary Orchestra Night' });
    await makeNews(t.db, place(), { title: 'Orchestra rehearsals resume' });
    expect(await lexicon('vexillary', 'night', 'orchestra')).toEqual([
      { word: 'night', in_title: true },
      { word: 'orchestra', in_title: true },
      { word: 'vexillary', in_title: true },
    ]);
    await t.db.delete(news).where(eq(news.id, gone.id));
    await refreshLexicon(t.db);
    expect(await lexicon('vexillary', 'night', 'orchestra')).toEqual([{ word: 'orchestra', in_title: true }]);
    const res = await api(t).get('/search?q=vexilary');
    expect(res.json().suggestion).toBeNull();
  });

  it("counts the records holding each word at a refresh, and gives the fewest of a query's words", async () => {
    await makeNews(t.db, place(), { title: 'Quorvex bridge repairs' });
    await makeNews(t.db, place(), { title: 'Quorvex ferry timetable' });
    // Added by the writes, not yet counted: a new word counts 1.
    expect(await fewestRecords(t.db, ['quorvex'])).toBe(1);
    await refreshLexicon(t.db);
    expect(await fewestRecords(t.db, ['quorvex'])).toBe(2);
    expect(await fewestRecords(t.db, ['quorvex', 'ferry'])).toBe(1);
    expect(await fewestRecords(t.db, ['quorvex', 'nosuchwordzz'])).toBe(0);
  });

  it('is refreshed daily on the job queue', async () => {
    const { rows } = (await t.db.execute(
      sql`select name, cron from pgboss.schedule where name = 'search-lexicon'`,
    )) as unknown as { rows: { name: string; cron: string }[] };
    expect(rows).toEqual([{ name: 'search-lexicon', cron: '20 4 * * *' }]);
  });
});

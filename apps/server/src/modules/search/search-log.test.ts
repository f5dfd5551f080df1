import { describe, expect, it } from 'vitest';
import { searchCounts } from '../../db/schema';
import { testDatabase } from '../../test/harness';
import { LOGGED_QUERY_MAX, loggedQuery, SEARCH_COUNTS_KEEP_DAYS, SearchLog, searchAsked } from './search-log';

describe('loggedQuery', () => {
  it('keeps the words in one form: NFKC, lower case, one space', () => {
    expect(loggedQuery('  Gupta   PLUMBING ')).toBe('gupta plumbing');
    expect(loggedQuery('ｐｌｕｍｂｅｒ')).toBe('plumber');
  });

  it('replaces e-mail addresses and phone numbers, and keeps a PIN code', () => {
    expect(loggedQuery('a.b@example.com plumber')).toBe('@ plumber');
    expect(loggedQuery('call +91 98765-43210')).toBe('call #');
    expect(loggedQuery('plumber 452001')).toBe('plumber 452001');
  });

  it('cuts long searches at a word, and keeps nothing without a letter or a digit', () => {
    const long = loggedQuery('word '.repeat(40)) ?? '';
    expect(long.length).toBeLessThanOrEqual(LOGGED_QUERY_MAX);
    expect(long.endsWith('word')).toBe(true);
    expect(loggedQuery('!!! ---')).toBeNull();
  });
});

describe('searchAsked', () => {
  const api = '/api/backend/v1/search';
  it('reads the words of a results page and of the API asked from outside', () => {
    expect(searchAsked('/search?q=plumber', api, false)).toBe('plumber');
    expect(searchAsked(`${api}?q=plumber&pageSize=10`, api, false)).toBe('plumber');
    expect(searchAsked('/search?q=plumber&lang=hi', api, false)).toBe('plumber');
  });

  it('leaves out the page’s own read of the API, further pages, a kind’s tab, and other paths', () => {
    expect(searchAsked(`${api}?q=plumber`, api, true)).toBeNull();
    expect(searchAsked('/search?q=plumber&page=2', api, false)).toBeNull();
    expect(searchAsked('/search?q=plumber&kind=news', api, false)).toBeNull();
    expect(searchAsked('/search', api, false)).toBeNull();
    expect(searchAsked('/searching?q=x', api, false)).toBeNull();
  });
});

describe('SearchLog', () => {
  it('writes the counts of a day together, adding to what is there, and deletes days past the ones kept', async () => {
    const database = await testDatabase();
    const log = new SearchLog(database.db, 'Asia/Kolkata');
    try {
      const old = new Date(Date.UTC(2026, 0, 1) - (SEARCH_COUNTS_KEEP_DAYS + 1) * 86_400_000);
      await database.db.insert(searchCounts).values([
        { day: old.toISOString().slice(0, 10), query: 'old', searches: 4, results: 1 },
        { day: '2026-01-01', query: 'plumber', searches: 2, results: 5 },
      ]);
      const at = new Date('2026-01-01T06:00:00Z');
      log.answered('Plumber', 6);
      log.asked('Plumber', at);
      log.asked('plumber ', at);
      log.asked('nothing here', at);
      await log.flush();
      const rows = await database.db.select().from(searchCounts).orderBy(searchCounts.query);
      expect(rows).toEqual([
        { day: '2026-01-01', query: 'nothing here', searches: 1, results: null },
        { day: '2026-01-01', query: 'plumber', searches: 4, results: 6 },
      ]);
    } finally {
      await log.close();
      await database.close();
    }
  });
});

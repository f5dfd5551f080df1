import { SEARCH_SYNONYMS, zoneLocalTime } from '@chaupal/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { searchCounts } from '../../db/schema';
import { makeTaxon, makeUser } from '../../seed/factories';
import { api, type TMethod } from '../../test/api';
import { type TestContext, testApp } from '../../test/harness';

let t: TestContext;
let token: string;
let admin: Awaited<ReturnType<typeof makeUser>>;
// A new site for each test: the synonym list and the search counts are the whole site's, and the tests read them entire.
// The response cache is on, as in production: a synonym write must make cached search answers stale.
beforeEach(async () => {
  t = await testApp({ RESPONSE_CACHE: 'true', RATE_LIMIT_FACTOR: '100' });
  admin = await makeUser(t.db, { name: 'Ada Admin', role: 'admin' });
  token = await t.app.tokens.issue(admin);
});
afterEach(() => t.close());

const adm = (method: TMethod, url: string, payload?: object) =>
  api(() => t).call(method, `/admin/search${url}`, { token, payload });
const auditOf = async (id: string) =>
  (await api(() => t).call('GET', `/admin/audit?entity=synonym&entityId=${id}`, { token })).json().data;
const invalid = (details: object[]) => ({ success: false, error: 'The request has invalid fields.', details });
const conflict = (details: { parameter: string; errors: string[] }[]) => ({
  success: false,
  error: details[0].errors[0],
  details,
});
const builtIn = SEARCH_SYNONYMS.map((g) => ({ term: g[0], words: g.slice(1) }));
/** A built-in group's term and its first word ("lawyers", "advocate"). */
const [builtTerm, builtWord] = SEARCH_SYNONYMS[0];
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** Adds the group tailors → darzi, silai wala; answers its id. */
const tailors = async () =>
  (await adm('POST', '/synonyms', { term: 'tailors', words: 'darzi, silai wala' })).json().data.id as string;

describe('search synonyms', () => {
  it('lists no added groups on a new site, beside the built-in ones', async () => {
    const res = await adm('GET', '/synonyms');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: [], builtIn });
  });

  it('adds a group from comma-separated words, normalised; lists it by term, audits it, and search reads it at once', async () => {
    expect(await t.app.searchSynonyms.get()).toEqual([]);
    const res = await adm('POST', '/synonyms', { term: ' Tailors ', words: 'Darzi,  दर्जी , silai   WALA,darzi,' });
    expect(res.statusCode).toBe(200);
    const data = {
      id: expect.any(String),
      term: 'tailors',
      words: ['darzi', 'दर्जी', 'silai wala'],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    };
    expect(res.json()).toEqual({ success: true, message: 'Search Words Added Successfully', data });
    const { id } = res.json().data;
    expect(await t.app.searchSynonyms.get()).toEqual([['tailors', 'darzi', 'दर्जी', 'silai wala']]);

    await adm('POST', '/synonyms', { term: 'bangles', words: ['choodi', 'चूड़ी'] });
    const list = (await adm('GET', '/synonyms')).json();
    expect(list.data.map((g: { term: string; words: string[] }) => [g.term, g.words])).toEqual([
      ['bangles', ['choodi', 'चूड़ी']],
      ['tailors', ['darzi', 'दर्जी', 'silai wala']],
    ]);
    expect(list.builtIn).toEqual(builtIn);
    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({
      actor: { id: admin.id, name: 'Ada Admin', email: admin.email },
      action: 'create',
      entity: 'synonym',
      before: null,
      after: { id, term: 'tailors', words: ['darzi', 'दर्जी', 'silai wala'] },
    });
  });

  it('replaces a group with PUT, auditing before and after; its own words are no clash', async () => {
    const id = await tailors();
    await t.app.searchSynonyms.get();
    const res = await adm('PUT', `/synonyms/${id}`, { term: 'tailors', words: ['darzi', 'boutique'] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Edited Successfully',
      data: {
        id,
        term: 'tailors',
        words: ['darzi', 'boutique'],
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    });
    expect(await t.app.searchSynonyms.get()).toEqual([['tailors', 'darzi', 'boutique']]);
    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({
      action: 'update',
      before: { term: 'tailors', words: ['darzi', 'silai wala'] },
      after: { term: 'tailors', words: ['darzi', 'boutique'] },
    });
  });

  it('deletes a group, auditing it; an unknown or malformed id is 404', async () => {
    const id = await tailors();
    await t.app.searchSynonyms.get();
    const res = await adm('DELETE', `/synonyms/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Deleted Successfully' });
    expect((await adm('GET', '/synonyms')).json().data).toEqual([]);
    expect(await t.app.searchSynonyms.get()).toEqual([]);
    expect((await auditOf(id))[0]).toMatchObject({ action: 'delete', before: { id, term: 'tailors' }, after: null });
    for (const ref of [id, UNKNOWN, 'not-an-id']) {
      for (const method of ['PUT', 'DELETE'] as const) {
        const r = await adm(
          method,
          `/synonyms/${ref}`,
          method === 'PUT' ? { term: 'tailors', words: 'darzi' } : undefined,
        );
        expect([ref, method, r.statusCode, r.json()]).toEqual([
          ref,
          method,
          404,
          { success: false, error: 'Not found.' },
        ]);
      }
    }
  });

  it('refuses a missing term or words, a word that is the term, and a phrase of no letters with 400 and details', async () => {
    expect((await adm('POST', '/synonyms', { words: 'darzi' })).json()).toEqual(
      invalid([{ parameter: 'term', errors: ['Required'] }]),
    );
    const noWords = await adm('POST', '/synonyms', { term: 'tailors', words: ' , ' });
    expect(noWords.statusCode).toBe(400);
    expect(noWords.json()).toEqual(invalid([{ parameter: 'words', errors: ['Add at least one word'] }]));
    expect((await adm('POST', '/synonyms', { term: 'Tailors', words: 'darzi, TAILORS' })).json()).toEqual(
      invalid([{ parameter: 'words', errors: ['A word cannot be its own synonym'] }]),
    );
    expect((await adm('POST', '/synonyms', { term: '?!', words: ['darzi', 'x'.repeat(61)] })).json()).toEqual(
      invalid([
        { parameter: 'term', errors: ['Must hold a letter or a digit'] },
        { parameter: 'words.1', errors: ['At most 60 characters'] },
      ]),
    );
    const id = await tailors();
    expect((await adm('PUT', `/synonyms/${id}`, { term: 'tailors' })).statusCode).toBe(400);
    expect((await adm('GET', '/synonyms')).json().data).toHaveLength(1);
  });

  it('refuses with 409 a term that is already a group, built in or added, or is another group’s word', async () => {
    await tailors();
    expect((await adm('POST', '/synonyms', { term: builtTerm, words: 'lawyer log' })).json()).toEqual(
      conflict([{ parameter: 'term', errors: [`"${builtTerm}" is already a group.`] }]),
    );
    const added = await adm('POST', '/synonyms', { term: 'Tailors', words: 'masterji' });
    expect(added.statusCode).toBe(409);
    expect(added.json()).toEqual(conflict([{ parameter: 'term', errors: ['"tailors" is already a group.'] }]));
    expect((await adm('POST', '/synonyms', { term: builtWord, words: 'masterji' })).json()).toEqual(
      conflict([{ parameter: 'term', errors: [`"${builtWord}" already stands for "${builtTerm}".`] }]),
    );
    expect((await adm('POST', '/synonyms', { term: 'darzi', words: 'masterji' })).json()).toEqual(
      conflict([{ parameter: 'term', errors: ['"darzi" already stands for "tailors".'] }]),
    );
    expect((await adm('GET', '/synonyms')).json().data).toHaveLength(1);
  });

  it('refuses with 409 words another group has as a word or a term, naming each group, on add and on replace', async () => {
    const id = await tailors();
    const res = await adm('POST', '/synonyms', {
      term: 'stitching',
      words: `silai wala, ${builtWord}, ${builtTerm}, sui`,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(
      conflict([
        {
          parameter: 'words',
          errors: [
            '"silai wala" already stands for "tailors".',
            `"${builtWord}" already stands for "${builtTerm}".`,
            `"${builtTerm}" is already a group.`,
          ],
        },
      ]),
    );
    const bangles = (await adm('POST', '/synonyms', { term: 'bangles', words: 'choodi' })).json().data.id;
    expect((await adm('PUT', `/synonyms/${id}`, { term: 'tailors', words: 'darzi, choodi' })).json()).toEqual(
      conflict([{ parameter: 'words', errors: ['"choodi" already stands for "bangles".'] }]),
    );
    expect((await adm('PUT', `/synonyms/${bangles}`, { term: 'tailors', words: 'choodi' })).json()).toEqual(
      conflict([{ parameter: 'term', errors: ['"tailors" is already a group.'] }]),
    );
    expect(await t.app.searchSynonyms.get()).toEqual([
      ['bangles', 'choodi'],
      ['tailors', 'darzi', 'silai wala'],
    ]);
  });

  it('makes cached search answers stale with each write', async () => {
    const search = async () => (await t.app.inject({ url: '/api/backend/v1/search?q=darzi' })).headers['x-cache'];
    await search();
    expect(await search()).toBe('hit');
    const id = await tailors();
    expect(await search()).toBeUndefined();
    expect(await search()).toBe('hit');
    await adm('PUT', `/synonyms/${id}`, { term: 'tailors', words: 'darzi' });
    expect(await search()).toBeUndefined();
    await search();
    await adm('DELETE', `/synonyms/${id}`);
    expect(await search()).toBeUndefined();
  });

  it('answers 401 to an anonymous caller and 403 to a customer, writing nothing', async () => {
    const customer = await t.app.tokens.issue(await makeUser(t.db, { name: 'Chandra Customer' }));
    const id = await tailors();
    const calls: [TMethod, string, object?][] = [
      ['GET', '/synonyms'],
      ['POST', '/synonyms', { term: 'bangles', words: 'choodi' }],
      ['PUT', `/synonyms/${id}`, { term: 'tailors', words: 'masterji' }],
      ['DELETE', `/synonyms/${id}`],
      ['GET', '/queries'],
    ];
    for (const [method, url, payload] of calls) {
      const anonymous = await api(() => t).call(method, `/admin/search${url}`, { payload });
      expect([method, url, anonymous.statusCode, anonymous.json()]).toEqual([
        method,
        url,
        401,
        { success: false, error: 'Sign in to continue.' },
      ]);
      const refused = await api(() => t).call(method, `/admin/search${url}`, { token: customer, payload });
      expect([method, url, refused.statusCode, refused.json()]).toEqual([
        method,
        url,
        403,
        { success: false, error: 'You are not allowed to do this.' },
      ]);
    }
    expect(await t.app.searchSynonyms.get()).toEqual([['tailors', 'darzi', 'silai wala']]);
  });
});

describe('search report', () => {
  /** The site's day `n` days ago. */
  const daysAgo = (n: number) => {
    const d = new Date(`${zoneLocalTime(new Date(), t.config.siteTz).date}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() - n);
    return d.toISOString().slice(0, 10);
  };
  const count = (query: string, ago: number, searches: number, results: number | null) =>
    t.db.insert(searchCounts).values({ day: daysAgo(ago), query, searches, results });
  const report = async () => {
    const res = await adm('GET', '/queries');
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('is empty before anyone searched', async () => {
    expect(await report()).toEqual({ success: true, data: { days: 30, searches: 0, top: [], zeroResults: [] } });
  });

  it('sums 30 days of searches (no older), most made first, with the results and day each query last had', async () => {
    await count('darzi', 2, 6, 0);
    await count('darzi', 10, 2, 4);
    await count('silai', 1, 5, 3);
    await count('silai', 3, 4, 0);
    await count('bangles', 5, 3, null);
    await count('kirana near me', 29, 3, 0);
    await count('old haat', 30, 50, 0);
    const { data } = await report();
    expect(data).toEqual({
      days: 30,
      searches: 23,
      top: [
        { query: 'silai', searches: 9, results: 3, lastDay: daysAgo(1) },
        { query: 'darzi', searches: 8, results: 0, lastDay: daysAgo(2) },
        { query: 'bangles', searches: 3, results: null, lastDay: daysAgo(5) },
        { query: 'kirana near me', searches: 3, results: 0, lastDay: daysAgo(29) },
      ],
      // darzi found something 10 days ago, nothing on its last day; silai the other way round.
      zeroResults: [
        { query: 'darzi', searches: 8, results: 0, lastDay: daysAgo(2) },
        { query: 'kirana near me', searches: 3, results: 0, lastDay: daysAgo(29) },
      ],
    });
  });

  it('counts the searches people make on the site, written before the report is read', async () => {
    await makeTaxon(t.db, 'services', { title: 'Tailors' });
    await count('tailors', 3, 2, 1);
    await count('zzqx cobbler', 4, 1, 0);
    for (const q of ['Tailors', 'tailors', 'ZZQX  cobbler'])
      expect((await t.app.inject({ url: `/api/backend/v1/search?q=${encodeURIComponent(q)}` })).statusCode).toBe(200);
    const { data } = await report();
    expect(data.searches).toBe(6);
    expect(
      data.top.map((s: { query: string; searches: number; lastDay: string }) => [s.query, s.searches, s.lastDay]),
    ).toEqual([
      ['tailors', 4, daysAgo(0)],
      ['zzqx cobbler', 2, daysAgo(0)],
    ]);
    // Today's hits are known once the search route notes them (SearchLog.answered); until then they are unknown.
    const [found, nothing] = data.top;
    expect(found.results === null || found.results > 0).toBe(true);
    expect([null, 0]).toContain(nothing.results);
    expect(data.zeroResults).toEqual(nothing.results === 0 ? [nothing] : []);
  });
});

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestContext, testApp } from '../../test/harness';
import { buildWorld } from '../../test/world';
import { refusesQuery } from './page-query';

const built = existsSync(fileURLToPath(new URL('../../../../web/dist/server/entry-server.js', import.meta.url)));

const REFUSED_EN =
  '<h1>Bad request</h1><p>This address asks for something the site cannot show. Check the values after the “?” in it.' +
  '</p><p><a href="/">Go back to the home page</a></p>';
const REFUSED_HI =
  '<h1>गलत अनुरोध</h1><p>यह पता कुछ ऐसा माँगता है जो यह साइट नहीं दिखा सकती। इसमें “?” के बाद के मान जाँचें।</p>' +
  '<p><a href="/">होम पेज पर वापस जाएँ</a></p>';

describe('refusesQuery', () => {
  it('applies the API’s rules to the list and search pages only, leaving empty values and a pointless near alone', () => {
    expect(refusesQuery('/service/doctors?sort=near&lat=91&lng=0')).toBe(true);
    expect(refusesQuery('/category/grocery/North?lng=-181')).toBe(true);
    expect(refusesQuery('/edition/city?sort=near')).toBe(true);
    expect(refusesQuery('/page/food?page=0')).toBe(true);
    expect(refusesQuery(`/search?q=${'a'.repeat(201)}`)).toBe(true);
    expect(refusesQuery('/search?q=%00')).toBe(true);
    expect(refusesQuery('/category/grocery/North?minRating=abc')).toBe(true);
    expect(refusesQuery('/service/doctors?sort=rating&minRating=6')).toBe(true);

    expect(refusesQuery('/service/doctors?sort=near&lat=26.85&lng=80.95')).toBe(false);
    expect(refusesQuery('/service/doctors?sort=near')).toBe(false);
    expect(refusesQuery('/service/doctors?circleName=&q=&sort=&page=')).toBe(false);
    expect(refusesQuery('/service/doctors?sort=rating&minRating=4')).toBe(false);
    expect(refusesQuery('/search?q=')).toBe(false);
    expect(refusesQuery(`/search?q=${'a'.repeat(200)}`)).toBe(false);
    // Pages that read no query, and a value only the second of a repeated name holds (the page reads the first).
    expect(refusesQuery('/experts/dr-meera-iyer?lat=91')).toBe(false);
    expect(refusesQuery('/service/doctors?page=2&page=-1')).toBe(false);
  });
});

describe.skipIf(!built)('pages whose query the API would refuse', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await testApp({ RATE_LIMIT_FACTOR: '100' });
    await buildWorld(t.db);
  });
  afterAll(() => t.close());

  const expectRefused = async (url: string, body = REFUSED_EN, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ url, headers });
    expect(res.statusCode, url).toBe(400);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.headers['content-security-policy']).toMatch(/style-src-elem 'self' 'sha256-[A-Za-z0-9+/]{43}=';/);
    expect(res.body).toContain(body);
  };

  it.each([
    '/service/doctors?sort=near&lat=91&lng=0',
    '/service/doctors?sort=near&lat=-91&lng=0',
    '/service/doctors?sort=near&lat=0&lng=181',
    '/service/doctors?sort=near&lat=0x10&lng=0',
    '/category/grocery?sort=near&lat=91&lng=0',
    '/category/grocery/North?sort=near&lat=0&lng=-181',
    '/service/doctors?page=-1',
    '/service/doctors?q=%00',
    '/edition/city?sort=newest&page=abc',
  ])('answers %s with the 400 page instead of a failed render', async (url) => {
    await expectRefused(url);
  });

  it('answers a search the API refuses (a NUL, 201 characters, an unknown kind) with the 400 page', async () => {
    await expectRefused('/search?q=%00');
    await expectRefused(`/search?q=${'a'.repeat(201)}`);
    await expectRefused('/search?q=tea&kind=shops');
    const fine = await t.app.inject({ url: `/search?q=${'a'.repeat(200)}` });
    expect(fine.statusCode).toBe(200);
  });

  it('says so in the page’s language, and still renders the lists for values the API takes', async () => {
    await expectRefused('/service/doctors?sort=near&lat=91&lng=0&lang=hi', REFUSED_HI);
    await expectRefused('/service/doctors?sort=near&lat=91&lng=0', REFUSED_HI, { cookie: 'lang=hi' });
    for (const url of [
      '/service/doctors?sort=near&lat=26.85&lng=80.95',
      '/service/doctors?sort=near',
      '/category/grocery/North?sort=az&page=',
      '/search?q=',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
    }
  });
});

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../seed/factories';
import { type TestContext, testApp } from '../../test/harness';
import { buildWorld, type TWorld } from '../../test/world';

const built = existsSync(fileURLToPath(new URL('../../../../web/dist/server/entry-server.js', import.meta.url)));

/**
 * The page cache under a flood: addresses no page reads are one page, one-off addresses do not push out the pages
 * readers come back to, and readers who miss the same page at once get one render of it.
 */
describe.skipIf(!built)('the page cache under a flood', () => {
  let t: TestContext;
  let w: TWorld;

  beforeAll(async () => {
    t = await testApp({ RESPONSE_CACHE: 'true', RATE_LIMIT_FACTOR: '100' });
    w = await buildWorld(t.db);
  });
  afterAll(() => t.close());

  /** Counts the reads the renderer makes while `work` runs: a render of a list page makes several. */
  async function reads<T>(work: () => Promise<T>): Promise<{ result: T; count: number }> {
    const original = t.app.readPublic;
    let count = 0;
    t.app.readPublic = (url) => {
      count++;
      return original(url);
    };
    try {
      return { result: await work(), count };
    } finally {
      t.app.readPublic = original;
    }
  }

  it('sends an address with parameters no page reads to the page without them', async () => {
    const cases: [string, string][] = [
      ['/?u=8f3a', '/'],
      ['/?utm_source=whatsapp&fbclid=x', '/'],
      [`/service/${w.services.doctors.slug}?utm_medium=share&page=2&x=1`, `/service/${w.services.doctors.slug}?page=2`],
      ['/search?q=doctor&kind=expert&ref=home', '/search?q=doctor&kind=expert'],
      ['/?%ZZ=1', '/'],
    ];
    for (const [from, to] of cases) {
      const res = await t.app.inject({ url: from });
      expect([from, res.statusCode, res.headers.location]).toEqual([from, 301, to]);
    }
    for (const kept of [
      '/search?q=doctor&page=2',
      '/?lang=hi',
      '/admin/records?status=hold&q=x',
      '/user-news?page=2&x=1',
    ]) {
      expect([kept, (await t.app.inject({ url: kept })).statusCode]).toEqual([kept, 200]);
    }
  });

  it('does not keep a signed-in area’s page that has a query', async () => {
    await t.app.inject({ url: '/admin/records?status=hold' });
    const again = await t.app.inject({ url: '/admin/records?status=hold' });
    expect(again.headers['x-cache']).toBeUndefined();
  });

  it('keeps the home page through 400 one-off addresses', async () => {
    await t.app.inject({ url: '/' });
    expect((await t.app.inject({ url: '/' })).headers['x-cache']).toBe('hit');
    for (let i = 0; i < 200; i++) {
      expect((await t.app.inject({ url: `/?u=${i}x${Math.random()}` })).statusCode).toBe(301);
      expect((await t.app.inject({ url: `/search?q=flood${i}` })).statusCode).toBe(200);
    }
    expect((await t.app.inject({ url: '/' })).headers['x-cache']).toBe('hit');
  });

  it('renders a page once for twenty readers who miss it at once, and once again after a write', async () => {
    const url = `/category/${w.categories.grocery.slug}`;
    const one = await reads(() => t.app.inject({ url }));
    expect(one.result.statusCode).toBe(200);
    expect(one.count).toBeGreaterThan(0);
    // The same page missed by twenty readers at once, after a write made it stale.
    const admin = await t.app.tokens.issue(await makeUser(t.db, { role: 'admin' }));
    const hold = await t.app.inject({
      method: 'POST',
      url: `/api/backend/v1/admin/records/outlet/${w.outlet.id}/hold`,
      headers: { authorization: `Bearer ${admin}` },
      payload: { reason: 'Check the number.' },
    });
    expect(hold.statusCode).toBe(200);
    const twenty = await reads(() => Promise.all(Array.from({ length: 20 }, () => t.app.inject({ url }))));
    expect(twenty.result.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(twenty.result.map((r) => r.body)).size).toBe(1);
    expect(twenty.result[0].body).not.toContain('Fresh Mart');
    expect(twenty.count).toBe(one.count);
  });
});

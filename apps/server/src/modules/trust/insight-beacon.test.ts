import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Database } from '../../db/client';
import { signingSecret } from '../../platform/secret';
import { makeOutlet } from '../../seed/factories';
import { type TestContext, testApp, testDatabase } from '../../test/harness';
import { buildWorld, type TWorld } from '../../test/world';
import { checkBeaconToken, insightKey, signBeaconToken, TOKEN_LIFETIME_MS } from './insight-token';

/**
 * Owners' counts are hard to fake (decision 025): a beacon counts only with the token of the listing's page, once an
 * hour per address whatever its user agent, within ceilings an hour per address and per listing, and instances
 * sharing Redis share all of it.
 */
const BROWSER =
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const OTHER_BROWSER = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

/** Beacons, tokens and the owner's month on one app, with `w` the world its database holds. */
function client(app: () => FastifyInstance, world: () => TWorld) {
  const ownerToken = async () => {
    const res = await app().inject({
      method: 'POST',
      url: `${API_PREFIX}/login`,
      payload: { userName: world().users.alice.email, password: 'Secret123' },
    });
    return res.json().token as string;
  };
  return {
    beacon: (payload: object, ip: string, ua = BROWSER) =>
      app().inject({
        method: 'POST',
        url: `${API_PREFIX}/insight`,
        payload,
        remoteAddress: ip,
        headers: { 'user-agent': ua },
      }),
    /** The token a listing's page carries, as the renderer reads it. */
    tokenOf: async (kind: 'expert' | 'outlet', id: string): Promise<string> =>
      (await app().inject({ url: `${API_PREFIX}/insight/${kind}/${id}/token` })).json().data.token,
    /** Its owner's view of an outlet's month (which writes the counts waiting on that app first). */
    monthOf: async (id: string) => {
      const res = await app().inject({
        url: `${API_PREFIX}/listings/outlet/${id}/insight`,
        headers: { authorization: `Bearer ${await ownerToken()}` },
      });
      return res.json().data.month;
    },
    newOutlet: () =>
      makeOutlet(app().db, {
        userId: world().users.alice.id,
        categoryIds: [world().categories.grocery.id],
        circleIds: [world().circles.north.id],
        blockIds: [],
      }),
  };
}

let t: TestContext;
let w: TWorld;
/** The key the app signs beacon tokens with (the test app's generated signing secret). */
let key: Buffer;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT_FACTOR: '100' });
  w = await buildWorld(t.db);
  key = insightKey(signingSecret(t.config));
});
afterAll(() => t.close());
const a = {
  ...client(
    () => t.app,
    () => w,
  ),
  get: (url: string) => t.app.inject({ url: `${API_PREFIX}${url}` }),
};
const { beacon, tokenOf, monthOf, newOutlet } = a;

describe('what a beacon needs to be counted', () => {
  it('counts one address with 30 browsers once an hour per event', async () => {
    const shop = await newOutlet();
    const token = await tokenOf('outlet', shop.id);
    for (let i = 0; i < 30; i++) {
      const agent = `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${100 + i}.0.0.0 Safari/537.36`;
      for (const event of ['view', 'call', 'whatsapp']) {
        const res = await beacon({ kind: 'outlet', id: shop.id, event, token }, '203.0.113.5', agent);
        expect(res.statusCode).toBe(204);
        expect(res.body).toBe('');
      }
    }
    expect(await monthOf(shop.id)).toEqual({ view: 1, call: 1, whatsapp: 1, web: 0, direction: 0 });
  });

  it('counts the addresses of one IPv6 /64 as one visitor', async () => {
    const shop = await newOutlet();
    const token = await tokenOf('outlet', shop.id);
    for (const ip of ['2001:db8:1:2::1', '2001:db8:1:2:abcd::9', '2001:0db8:0001:0002:ffff::1', '2001:db8:1:3::1'])
      await beacon({ kind: 'outlet', id: shop.id, event: 'view', token }, ip);
    expect((await monthOf(shop.id)).view).toBe(2);
  });

  it('does not count a beacon without a token, with another listing’s, an expired or a forged one', async () => {
    const shop = await newOutlet();
    const now = Date.now();
    const good = await tokenOf('outlet', shop.id);
    const [issued, mac] = good.split('.');
    const bad = {
      none: undefined,
      otherListing: await tokenOf('outlet', w.outlet.id),
      otherKind: signBeaconToken(key, 'expert', shop.id, now),
      expired: signBeaconToken(key, 'outlet', shop.id, now - TOKEN_LIFETIME_MS - 1000),
      forged: `${issued}.${mac[0] === 'A' ? 'B' : 'A'}${mac.slice(1)}`,
      timeMoved: `${(Number.parseInt(issued, 36) + 3600).toString(36)}.${mac}`,
      otherSite: signBeaconToken(insightKey(randomBytes(48)), 'outlet', shop.id, now),
      garbage: 'not a token',
    };
    for (const [i, token] of Object.values(bad).entries()) {
      const res = await beacon({ kind: 'outlet', id: shop.id, event: 'call', token }, `198.51.100.${i + 1}`);
      // Answered as a counted beacon is: a script trying tokens learns nothing.
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
    }
    expect(await monthOf(shop.id)).toEqual({ view: 0, call: 0, whatsapp: 0, web: 0, direction: 0 });
    await beacon({ kind: 'outlet', id: shop.id, event: 'call', token: good }, '198.51.100.99');
    expect((await monthOf(shop.id)).call).toBe(1);
  });

  it('gives a token for a public listing only, good for that listing', async () => {
    const res = await a.get(`/insight/outlet/${w.outlet.id}/token`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { token: expect.stringMatching(/^[0-9a-z]+\.[\w-]{22}$/) } });
    expect(checkBeaconToken(key, res.json().data.token, 'outlet', w.outlet.id, Date.now())).toBe(true);

    const pending = await makeOutlet(
      t.db,
      { userId: w.users.alice.id, categoryIds: [w.categories.grocery.id], circleIds: [], blockIds: [] },
      { status: 'pending' },
    );
    for (const url of [`/insight/outlet/${pending.id}/token`, `/insight/expert/${w.outlet.id}/token`]) {
      const missing = await a.get(url);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ success: false, error: 'Not found.' });
    }
    const bad = await a.get('/insight/outlet/not-an-id/token');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      success: false,
      error: expect.any(String),
      details: [{ parameter: 'id', errors: ['Unknown record'] }],
    });
  });
});

describe('the ceilings an hour', () => {
  let c: TestContext;
  let cw: TWorld;
  const on = client(
    () => c.app,
    () => cw,
  );
  beforeAll(async () => {
    c = await testApp({ RATE_LIMIT_FACTOR: '100', INSIGHT_MAX_PER_ADDRESS: '3', INSIGHT_MAX_PER_LISTING: '4' });
    cw = await buildWorld(c.db);
  });
  afterAll(() => c?.close());

  it('count at most INSIGHT_MAX_PER_ADDRESS from one address and INSIGHT_MAX_PER_LISTING of a listing’s event', async () => {
    const shops: { id: string }[] = [];
    for (let i = 0; i < 5; i++) shops.push(await on.newOutlet());
    const tokens = await Promise.all(shops.map((s) => on.tokenOf('outlet', s.id)));
    const view = (i: number, ip: string, event = 'view') =>
      on.beacon({ kind: 'outlet', id: shops[i].id, event, token: tokens[i] }, ip);

    // One address: its repeats do not use up its budget, its fourth listing is not counted.
    for (let n = 0; n < 5; n++) expect((await view(0, '203.0.113.1')).statusCode).toBe(204);
    for (let i = 0; i < 5; i++) expect((await view(i, '203.0.113.1')).statusCode).toBe(204);
    // One listing's views from many addresses: four; its calls have a budget of their own.
    for (let n = 10; n < 16; n++) expect((await view(4, `198.51.100.${n}`)).statusCode).toBe(204);
    expect((await view(4, '198.51.100.30', 'call')).statusCode).toBe(204);

    const months = [];
    for (const s of shops) months.push(await on.monthOf(s.id));
    expect(months.map((m) => m.view)).toEqual([1, 1, 1, 0, 4]);
    expect(months[4]).toEqual({ view: 4, call: 1, whatsapp: 0, web: 0, direction: 0 });
  });
});

describe('two instances sharing Redis', () => {
  let database: Database;
  let world: TWorld;
  const apps: FastifyInstance[] = [];
  const dirs: string[] = [];
  beforeAll(async () => {
    database = await testDatabase();
    world = await buildWorld(database.db);
    // One site: one signing secret and one key prefix, each instance with its own data directory.
    const env = {
      NODE_ENV: 'test',
      RESPONSE_CACHE: 'false',
      RATE_LIMIT_FACTOR: '100',
      INSIGHT_MAX_PER_ADDRESS: '2',
      JWT_SECRET: randomBytes(32).toString('hex'),
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_KEY_PREFIX: `test-${randomBytes(6).toString('hex')}:`,
    };
    for (let i = 0; i < 2; i++) {
      const dataDir = mkdtempSync(join(tmpdir(), 'chaupal-insight-'));
      dirs.push(dataDir);
      const app = await buildApp({ config: loadConfig({ ...env, DATA_DIR: dataDir }), db: database.db });
      await app.ready();
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('count a visitor once and hold the address’s ceiling, whichever instance each beacon reaches', async () => {
    const [one, two] = [0, 1].map((i) =>
      client(
        () => apps[i],
        () => world,
      ),
    );
    const shops = [await one.newOutlet(), await one.newOutlet(), await one.newOutlet()];
    // A token either instance issued is good on the other.
    const tokens = [await one.tokenOf('outlet', shops[0].id), await two.tokenOf('outlet', shops[1].id)];
    tokens.push(await one.tokenOf('outlet', shops[2].id));
    const view = (on: typeof one, i: number, ua = BROWSER) =>
      on.beacon({ kind: 'outlet', id: shops[i].id, event: 'view', token: tokens[i] }, '203.0.113.9', ua);

    for (const res of [
      await view(one, 0),
      await view(two, 0, OTHER_BROWSER),
      await view(two, 1),
      await view(one, 1),
      // The address's third listing this hour, over INSIGHT_MAX_PER_ADDRESS=2 on the two instances together.
      await view(two, 2),
    ])
      expect(res.statusCode).toBe(204);
    // Each instance writes the counts it took when its owner's read asks.
    await one.monthOf(shops[0].id);
    expect(await two.monthOf(shops[0].id)).toEqual({ view: 1, call: 0, whatsapp: 0, web: 0, direction: 0 });
    expect((await two.monthOf(shops[1].id)).view).toBe(1);
    expect((await one.monthOf(shops[2].id)).view).toBe(0);
  });
});

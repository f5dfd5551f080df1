import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_PREFIX } from '../app';
import { siteSettings } from '../db/schema';
import { makePolicy } from '../seed/factories';
import { type TestContext, testApp } from '../test/harness';
import { buildWorld, type TWorld } from '../test/world';
import { AppError } from './errors';
import { registerPublicReads } from './public-reads';
import { INTERNAL_HEADER } from './rate-limit';
import { CACHE_TAGS_HEADER, registerResponseCache } from './response-cache';

/**
 * Decision 021: the renderer's in-process reads answer exactly what the request pipeline answers — the same status,
 * the same body as its JSON, the same tags — and leave to the pipeline what only it can answer.
 */
describe('public reads in-process', () => {
  let t: TestContext;
  let w: TWorld;
  let policyId: string;

  beforeAll(async () => {
    t = await testApp();
    w = await buildWorld(t.db);
    policyId = (await makePolicy(t.db, { type: 1, title: 'Privacy' })).id;
  });
  afterAll(() => t.close());

  /** The answer of the whole pipeline for a URL, as the page renderer's fallback asks it. */
  async function viaPipeline(url: string) {
    const res = await t.app.inject({ method: 'GET', url, headers: { [INTERNAL_HEADER]: 'not needed for reads' } });
    return { status: res.statusCode, body: res.json(), tags: res.headers[CACHE_TAGS_HEADER] };
  }

  const answered = () => [
    '/site',
    '/home',
    '/user/keywords',
    '/services/view',
    '/services/view?q=doc',
    `/services/view/${w.services.doctors.id}`,
    `/services/view/${w.services.heldService.id}`,
    '/categories/view',
    '/editions/view',
    '/pages',
    `/pages/${w.pages.food.id}`,
    '/user/pages',
    '/circles/view',
    '/blocks/view',
    `/blocks/view?circles[]=${w.circles.north.id}`,
    `/blocks/view?circles=${w.circles.north.id}&circles=${w.circles.south.id}`,
    '/policy/viewall/public',
    `/policy/view/${policyId}/public`,
    '/policy/view/no-such-policy/public',
    '/experts/view',
    `/experts/view?service=${w.services.doctors.id}&circle=${w.circles.north.id}&page=1&pageSize=5`,
    `/experts/slug/${w.expert.slug}`,
    '/experts/slug/no-such-expert',
    `/outlets/view?category=${w.categories.grocery.id}&q=fresh`,
    `/outlets/slug/${w.outlet.slug}`,
    `/newss/view?edition=${w.editions.city.id}`,
    `/newss/slug/${w.news.slug}`,
    '/newss/slug/caf%C3%A9',
    '/blog',
    `/blog/slug/${w.feature.slug}`,
    '/search?q=bridge',
    '/search?q=fresh%20mart%20-bridge',
    // Cut UTF-8: the query parser reads U+FFFD, which finds nothing.
    '/search?q=%ED%A0%80',
  ];

  it('answers every public read as the pipeline does: status, body and tags', async () => {
    for (const path of answered()) {
      const url = `${API_PREFIX}${path}`;
      const answer = await t.app.readPublic(url);
      expect(answer, path).toBeDefined();
      const pipeline = await viaPipeline(url);
      expect({ status: answer?.status, body: JSON.parse(JSON.stringify(answer?.body)) }, path).toEqual({
        status: pipeline.status,
        body: pipeline.body,
      });
      expect(answer?.tags.join(','), path).toBe(pipeline.tags);
    }
  });

  it('leaves to the pipeline what is not a public read, and input the guard or the schema refuses', async () => {
    const left = [
      // Not public: a signed-in read beside the public ones, whose address a public route's pattern would also fit.
      '/blog/user',
      '/newss/view/user',
      `/expert/view/${w.expert.id}`,
      // Not an API route at all.
      '/no-such-route',
      // The input guard's 400 and the schema's.
      '/newss/slug/a%00b',
      '/search?q=a%00b',
      '/newss/view?pageSize=100000',
      '/search?q=a&q=b',
      // A percent-encoding the router cannot decode.
      '/newss/slug/%E0%A4%A',
    ];
    for (const path of left) expect(await t.app.readPublic(`${API_PREFIX}${path}`), path).toBeUndefined();
    // And the pipeline answers them with their 4xx.
    expect((await viaPipeline(`${API_PREFIX}/newss/slug/a%00b`)).status).toBe(400);
    expect((await viaPipeline(`${API_PREFIX}/search?q=a&q=b`)).status).toBe(400);
  });

  it('answers with the response cache on as the pipeline does: from the cache until a write bumps its tags', async () => {
    const cached = await testApp({ RESPONSE_CACHE: 'true' });
    try {
      await buildWorld(cached.db);
      const url = `${API_PREFIX}/site`;
      const first = await cached.app.inject({ method: 'GET', url });
      expect(first.statusCode).toBe(200);
      // A change behind the cache's back (no tag bumped): both still answer the kept entry.
      const site = { key: 'site', value: { siteName: 'Renamed behind the cache' } };
      await cached.db.insert(siteSettings).values(site).onConflictDoUpdate({ target: siteSettings.key, set: site });
      const kept = await cached.app.readPublic(url);
      expect(kept?.body).toEqual(first.json());
      expect((await cached.app.inject({ method: 'GET', url })).headers['x-cache']).toBe('hit');
      // Once the write's tags are bumped, the fresh answer.
      await cached.app.responseCache.invalidate(['home']);
      const fresh = await cached.app.readPublic(url);
      expect(fresh?.body).toMatchObject({ data: { siteName: 'Renamed behind the cache' } });
    } finally {
      await cached.close();
    }
  });
});

describe('which routes are public reads', () => {
  it('finds the route Fastify finds, and reads only those with tags and a 200 schema', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerResponseCache(app, { enabled: false });
    registerPublicReads(app, { maxParamLength: 500 });
    const response = { 200: z.object({ id: z.string(), n: z.number() }) };
    const config = { cacheTags: ['news'] as const };
    app.get(
      '/things/:id',
      { config, schema: { params: z.object({ id: z.string().min(2) }), response } },
      async (req) => {
        const { id } = req.params as { id: string };
        if (id === 'gone') throw new AppError('NOT_FOUND', 'Not found.');
        if (id === 'broken') throw new Error('a bug');
        return { id, n: 1, extra: 'not in the schema' };
      },
    );
    // A signed-in read the public pattern also fits, and a public one without a 200 schema.
    app.get('/things/mine', { schema: { response } }, async () => ({ id: 'mine', n: 2 }));
    app.route({ method: ['GET', 'HEAD'], url: '/things/theirs', handler: async () => ({ id: 'theirs', n: 3 }) });
    app.get('/untyped', { config }, async () => ({ id: 'x' }));
    await app.ready();
    try {
      // Encoded by the route's schema: a field it does not name is dropped.
      expect(await app.readPublic('/things/ab')).toEqual({ status: 200, body: { id: 'ab', n: 1 }, tags: ['news'] });
      expect(await app.readPublic('/things/gone')).toEqual({
        status: 404,
        body: { success: false, error: 'Not found.' },
        tags: ['news'],
      });
      for (const url of [
        '/things/mine',
        '/things/theirs',
        '/things/broken',
        '/things/a',
        '/things/a%00b',
        '/untyped',
        '/nothing',
      ])
        expect(await app.readPublic(url), url).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});

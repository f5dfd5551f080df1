import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xmlEscape } from '../../platform/xml';
import { makeNews, makePolicy, makeTaxon } from '../../seed/factories';
import { type TestContext, testApp } from '../../test/harness';
import { buildWorld, type TWorld } from '../../test/world';
import { sitemapFiles } from './seo.service';

let t: TestContext;
let w: TWorld;
let base: string;
const DAY = 86_400_000;
const at = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY);
let fixtures: {
  town: Awaited<ReturnType<typeof makeTaxon>>;
  policy: Awaited<ReturnType<typeof makePolicy>>;
  copyright: Awaited<ReturnType<typeof makePolicy>>;
};

beforeAll(async () => {
  t = await testApp();
  w = await buildWorld(t.db);
  base = t.config.publicUrl;
  const alice = w.users.alice.id;
  const city = w.editions.city.id;
  const town = await makeTaxon(t.db, 'editions', { title: 'Town' });
  await makeNews(t.db, { userId: alice, editionId: city }, { title: 'Pending story', status: 'pending' });
  await makeNews(t.db, { userId: alice, editionId: w.editions.heldEdition.id }, { title: 'Closed edition story' });
  await makeNews(t.db, { userId: alice, editionId: town.id }, { title: 'Town fair', publishingTime: at(1) });
  await makeNews(
    t.db,
    { userId: alice, editionId: city },
    { title: 'Tom & Jerry <script>alert(1)</script>', slug: 'tom-and-jerry', publishingTime: at(2) },
  );
  const policy = await makePolicy(t.db, { type: 1, title: 'Privacy' });
  const copyright = await makePolicy(t.db, { type: 3, title: 'Copyright' });
  fixtures = { town, policy, copyright };
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

/** A tiny well-formedness check: the XML declaration, balanced tags, and no bare `&`. */
function expectWellFormed(xml: string) {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  expect(xml).not.toMatch(/&(?!(amp|lt|gt|quot|apos|#\d+);)/);
  const stack: string[] = [];
  for (const [, close, name, selfClose] of xml.slice(xml.indexOf('?>') + 2).matchAll(/<(\/?)([\w:.-]+)[^>]*?(\/?)>/g)) {
    if (selfClose) continue;
    if (close) expect(stack.pop()).toBe(name);
    else stack.push(name);
  }
  expect(stack).toEqual([]);
}
const count = (s: string, part: string) => s.split(part).length - 1;
const titles = (xml: string) => [...xml.matchAll(/<item><title>(.*?)<\/title>/g)].map((m) => m[1]);

describe('xmlEscape', () => {
  it('escapes the five XML characters', () => {
    expect(xmlEscape(`a & b <c> "d" 'e'`)).toBe('a &amp; b &lt;c&gt; &quot;d&quot; &apos;e&apos;');
  });
});

describe('GET /robots.txt', () => {
  it('allows all but the private paths and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe(
      'User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /user-\nDisallow: /admin\nDisallow: /dev/\n\n' +
        `Sitemap: ${base}/sitemap.xml\n`,
    );
  });
});

describe('GET /opensearch.xml', () => {
  it('describes the site search for browsers: its name, and /search?q={searchTerms} on the public URL', async () => {
    const res = await get('/opensearch.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/opensearchdescription+xml; charset=utf-8');
    expectWellFormed(res.body);
    expect(res.body).toContain('<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/"');
    expect(res.body).toMatch(/<ShortName>[^<]{1,16}<\/ShortName>/);
    expect(res.body).toContain(`<Url type="text/html" method="get" template="${base}/search?q={searchTerms}"/>`);
    expect(res.body).toContain(`template="${base}/opensearch.xml"`);
  });
});

describe('sitemaps', () => {
  it('lists pages.xml and one file per kind in the index', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, no-cache');
    expectWellFormed(res.body);
    const locs = [...res.body.matchAll(/<sitemap><loc>(.*?)<\/loc><\/sitemap>/g)].map((m) => m[1]);
    expect(locs).toEqual(
      ['pages', 'experts-1', 'outlets-1', 'news-1', 'features-1', 'events-1'].map((f) => `${base}/sitemaps/${f}.xml`),
    );
  });

  it('splits a kind into files of 10,000 URLs', () => {
    const files = sitemapFiles({ experts: 0, outlets: 10_000, news: 20_001, features: 1, events: 0 });
    expect(files).toEqual([
      '/sitemaps/pages.xml',
      '/sitemaps/experts-1.xml',
      '/sitemaps/outlets-1.xml',
      '/sitemaps/news-1.xml',
      '/sitemaps/news-2.xml',
      '/sitemaps/news-3.xml',
      '/sitemaps/features-1.xml',
      '/sitemaps/events-1.xml',
    ]);
  });

  it('lists only public news, with lastmod from updatedAt', async () => {
    const res = await get('/sitemaps/news-1.xml');
    expect(res.statusCode).toBe(200);
    expectWellFormed(res.body);
    expect(res.body).toContain(
      `<url><loc>${base}/news/bridge-reopens</loc><lastmod>${w.news.updatedAt.toISOString()}</lastmod></url>`,
    );
    expect(res.body).toContain(`<loc>${base}/news/town-fair</loc>`);
    expect(res.body).not.toContain('pending-story');
    expect(res.body).not.toContain('closed-edition-story');
    expect(count(res.body, '<url>')).toBe(3);
  });

  it('lists each kind under its public path', async () => {
    expect((await get('/sitemaps/experts-1.xml')).body).toContain(`<loc>${base}/experts/${w.expert.slug}</loc>`);
    expect((await get('/sitemaps/outlets-1.xml')).body).toContain(`<loc>${base}/outlets/${w.outlet.slug}</loc>`);
    expect((await get('/sitemaps/features-1.xml')).body).toContain(`<loc>${base}/article/${w.feature.slug}</loc>`);
  });

  it('answers 404 past the last file and for a bad page', async () => {
    for (const url of ['/sitemaps/news-2.xml', '/sitemaps/news-0.xml', '/sitemaps/news-x.xml']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('<error>');
    }
  });

  it('lists home, the indexes, active taxonomy and public policies in pages.xml', async () => {
    const res = await get('/sitemaps/pages.xml');
    expect(res.statusCode).toBe(200);
    expectWellFormed(res.body);
    for (const path of ['/', '/services', '/categories', '/editions', '/pages'])
      expect(res.body).toContain(`<loc>${base}${path}</loc>`);
    expect(res.body).toContain(
      `<url><loc>${base}/service/doctors</loc><lastmod>${w.services.doctors.updatedAt.toISOString()}</lastmod></url>`,
    );
    expect(res.body).toContain(`<loc>${base}/category/grocery</loc>`);
    expect(res.body).toContain(`<loc>${base}/edition/town</loc>`);
    expect(res.body).toContain(`<loc>${base}/page/food</loc>`);
    expect(res.body).toContain(`<loc>${base}/policy/${fixtures.policy.id}</loc>`);
    expect(res.body).not.toContain(w.services.heldService.slug);
    expect(res.body).not.toContain(w.editions.heldEdition.slug);
    expect(res.body).not.toContain(fixtures.copyright.id);
  });
});

describe('RSS', () => {
  it('gives the 50 newest public news, newest first, escaped', async () => {
    const res = await get('/rss/news.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expectWellFormed(res.body);
    expect(count(res.body, '<channel>')).toBe(1);
    expect(count(res.body, '<item>')).toBe(3);
    expect(res.body).toContain('<title>Chaupal</title>');
    expect(res.body).toContain(`<atom:link href="${base}/rss/news.xml" rel="self" type="application/rss+xml"/>`);
    expect(titles(res.body)).toEqual([
      'Bridge reopens',
      'Town fair',
      'Tom &amp; Jerry &lt;script&gt;alert(1)&lt;/script&gt;',
    ]);
    expect(res.body).not.toContain('<script>');
    const link = `${base}/news/bridge-reopens`;
    expect(res.body).toContain(
      `<item><title>Bridge reopens</title><link>${link}</link><guid isPermaLink="true">${link}</guid>` +
        `<pubDate>${w.news.publishingTime.toUTCString()}</pubDate><description>About Bridge reopens.</description></item>`,
    );
  });

  it('gives only the edition’s news in its feed', async () => {
    const res = await get('/rss/edition/city.xml');
    expect(res.statusCode).toBe(200);
    expectWellFormed(res.body);
    expect(res.body).toContain('<title>Chaupal — City</title>');
    expect(res.body).toContain(`<link>${base}/edition/city</link>`);
    expect(titles(res.body)).toEqual(['Bridge reopens', 'Tom &amp; Jerry &lt;script&gt;alert(1)&lt;/script&gt;']);
    expect(titles((await get('/rss/edition/town.xml')).body)).toEqual(['Town fair']);
  });

  it('answers 404 for an unknown or held edition', async () => {
    for (const slug of ['nowhere', w.editions.heldEdition.slug]) {
      const res = await get(`/rss/edition/${slug}.xml`);
      expect(res.statusCode, slug).toBe(404);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      expectWellFormed(res.body);
    }
  });
});

describe('OpenAPI', () => {
  it('does not document the SEO routes', async () => {
    const doc = (await get('/api/docs/json')).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).length).toBeGreaterThan(0);
    expect(Object.keys(doc.paths).filter((p) => /robots|sitemap|rss/.test(p))).toEqual([]);
  });
});

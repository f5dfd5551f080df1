import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestContext, testApp } from '../../test/harness';
import { buildWorld } from '../../test/world';
import { readAssets } from './web.assets';

const client = fileURLToPath(new URL('../../../../web/dist/client', import.meta.url));
const assets = existsSync(join(client, '.vite', 'manifest.json')) ? readAssets(client) : null;

/** The chunks a page has the browser preload once it has painted: named in its boot script (app/boot.ts). */
function planOf(html: string): {
  entry: string;
  preload: string[];
  now: boolean;
  alert?: string;
  section?: string;
  enhance: Record<string, { js: string; css: string[] }>;
  texts: { suggest: { list: string; counts: string[] } };
} {
  const literal = /window\.__CHAUPAL_ASSETS__=JSON\.parse\(("(?:[^"\\]|\\.)*")\)/.exec(html)?.[1];
  expect(literal).toBeDefined();
  return JSON.parse(JSON.parse(literal as string));
}
const preloadsOf = (html: string) => planOf(html).preload;

/** `npm test` builds the web app first (pretest); without a build there is nothing to serve. */
describe.skipIf(!assets)('built assets over the wire', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  const entry = () => assets?.entry as string;
  const original = () => readFileSync(join(client, entry()));

  it('sends the brotli file the build wrote when the browser accepts br, gzip when only that', async () => {
    const br = await t.app.inject({ url: entry(), headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.rawPayload).equals(original())).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(original().length / 2);

    const gz = await t.app.inject({ url: entry(), headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(original())).toBe(true);
  });

  it('sends the file itself to a client that accepts no compression', async () => {
    const plain = await t.app.inject({ url: entry(), headers: { 'accept-encoding': 'identity' } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(original())).toBe(true);
  });
});

/** The first paint waits for no stylesheet, and a page preloads its own route module with the entry. */
describe.skipIf(!assets)('the page head', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  const built = (file: string) => readFileSync(join(client, 'assets', file), 'utf8');
  const manifest = () =>
    JSON.parse(readFileSync(join(client, '.vite', 'manifest.json'), 'utf8')) as Record<
      string,
      { file: string; css?: string[]; isEntry?: boolean }
    >;

  it('inlines the whole built stylesheet, allowed by its hash in the page’s CSP, and links no stylesheet', async () => {
    // The app's entry (the build's other entries are the enhancers, with stylesheets of their own).
    const entry = manifest()['src/entry-client.tsx'];
    const cssFiles = entry?.css ?? [];
    expect(cssFiles.length).toBeGreaterThan(0);
    for (const url of ['/', '/services', '/no-such-page']) {
      const res = await t.app.inject({ url });
      const head = res.body.slice(0, res.body.indexOf('</head>'));
      const styles = [...head.matchAll(/<style([^>]*)>([\s\S]*?)<\/style>/g)];
      expect(styles, url).toHaveLength(1);
      expect(styles[0][1], url).toBe('');
      const css = cssFiles.map((f) => built(f.replace(/^assets\//, ''))).join('\n');
      expect(styles[0][2], url).toBe(css);
      const hash = createHash('sha256').update(css).digest('base64');
      expect(String(res.headers['content-security-policy']), url).toContain(`style-src-elem 'self' 'sha256-${hash}';`);
      expect(head, url).not.toMatch(/<link[^>]+rel="stylesheet"/);
    }
  });

  it('names the enhancers in every page’s plan, with their stylesheets, and the suggestions’ texts in its language', async () => {
    const m = manifest() as Record<string, { file: string; css?: string[] }>;
    for (const url of ['/services', '/services?lang=hi']) {
      const html = (await t.app.inject({ url })).body;
      const plan = planOf(html);
      expect(plan.enhance.suggest.js, url).toBe(`/${m['src/components/search/suggest-enhancer.ts'].file}`);
      expect(plan.enhance.map.js, url).toBe(`/${m['src/components/place/map-enhancer.ts'].file}`);
      expect(plan.enhance.map.css, url).toEqual(m['src/components/place/map-enhancer.ts'].css?.map((c) => `/${c}`));
      expect(plan.texts.suggest.list, url).toBe(url.endsWith('hi') ? 'सुझाव' : 'Suggestions');
      expect(plan.texts.suggest.counts, url).toHaveLength(6);
    }
  });

  it('preloads the route module of the page beside the entry’s chunks, and not the other pages’ modules', async () => {
    const m = manifest();
    const chunk = (src: string) => `/${m[src].file}`;
    const preloads = async (url: string) => preloadsOf((await t.app.inject({ url })).body);
    const home = await preloads('/');
    expect(home).toContain(chunk('src/features/home/home-page.tsx'));
    expect(home).not.toContain(chunk('src/features/directory/taxonomy-index-page.tsx'));
    const services = await preloads('/services');
    expect(services).toContain(chunk('src/features/directory/taxonomy-index-page.tsx'));
    expect(services).not.toContain(chunk('src/features/home/home-page.tsx'));
    for (const p of assets?.preload ?? []) expect(services).toContain(p);
  });

  it('lets a public page wait for the visitor, and starts the app at once where a page needs it (decision 012)', async () => {
    const now = async (url: string) => planOf((await t.app.inject({ url })).body).now;
    expect(await now('/services')).toBe(false);
    expect(await now('/')).toBe(false);
    // Signed-in areas render only "Loading" on the server; unknown paths send a signed-out visitor home (SPEC §2).
    expect(await now('/user-expert')).toBe(true);
    expect(await now('/admin')).toBe(true);
    expect(await now('/no-such-page')).toBe(true);
    // A page that acts on arrival: the profile dialog to open. A section to scroll to is the start script's.
    expect(await now('/?openProfile=true')).toBe(true);
    expect(await now('/about')).toBe(false);
    expect(planOf((await t.app.inject({ url: '/contact' })).body)).toMatchObject({ now: false, section: 'contact' });
    // The signed-in areas keep their window from cross-origin openers; public pages ask for no browsing context of
    // their own (decision 014), also when served from the page cache.
    for (const url of ['/services', '/services', '/']) {
      expect((await t.app.inject({ url })).headers['cross-origin-opener-policy'], url).toBeUndefined();
    }
    for (const url of ['/user-expert', '/user-expert', '/admin']) {
      expect((await t.app.inject({ url })).headers['cross-origin-opener-policy'], url).toBe('same-origin');
    }
    // The state is a JSON block, never run: the page's only script is the boot script, allowed by its hash.
    const html = (await t.app.inject({ url: '/services' })).body;
    expect(html).toMatch(/<script type="application\/json" id="chaupal-state">\{"boot":/);
    expect(html.match(/<script(?![^>]*type="application\/(?:json|ld\+json)")[^>]*>/g)).toEqual(['<script id="_R_">']);
  });

  it('finds a route module that shares its chunk with the screens importing it statically (the detail page)', async () => {
    const w = await buildWorld(t.db);
    const m = manifest();
    // Dashboards and the admin console import the detail view too, so the bundler gives it a named shared chunk.
    const detail = Object.entries(m).find(([k, c]) => k.startsWith('_detail-page') || c.file.includes('/detail-page-'));
    expect(detail).toBeDefined();
    const res = await t.app.inject({ url: `/news/${w.news.slug}` });
    expect(res.statusCode).toBe(200);
    expect(preloadsOf(res.body)).toContain(`/${detail?.[1].file}`);
  });
});

import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { type TestContext, testApp } from '../test/harness';
import { pagePolicy } from './csp';

/** The directives of a Content-Security-Policy header, by name. */
const directives = (header: string) =>
  Object.fromEntries(
    header.split(';').map((d) => {
      const [name, ...sources] = d.trim().split(/\s+/);
      return [name, sources];
    }),
  );
const SECRET = 'a-test-secret-that-is-long-enough-0123456789';
/** How CSP names an inline element's text: its SHA-256, base64, over the text's UTF-8 bytes. */
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
/** A page's inline elements of one tag, by their attributes and text. */
const inlineElements = (html: string, tag: 'script' | 'style') => {
  const element = new RegExp(`<${tag}\\b([^>]*)>([\\s\\S]*?)</${tag}>`, 'g');
  return [...html.matchAll(element)].map(([, attrs, text]) => ({ attrs, text }));
};
/** The scripts a page runs from its own text: JSON-LD and the state block are data, never run. */
const inlineScripts = (html: string) =>
  inlineElements(html, 'script').filter((s) => !/type="application\/(ld\+)?json"/.test(s.attrs));

describe('the Content-Security-Policy of pages', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());
  const page = (url: string) => t.app.inject({ method: 'GET', url });

  it('comes with every server-rendered page, allowing its boot script and stylesheet by their hashes', async () => {
    for (const url of ['/', '/?lang=hi', '/experts', '/no-such-page']) {
      const res = await page(url);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const csp = directives(String(res.headers['content-security-policy']));
      // The page runs one inline script, the boot script (which imports the entry), and inlines one stylesheet.
      const [boot, ...others] = inlineScripts(res.body);
      expect(boot, url).toEqual({ attrs: ' id="_R_"', text: expect.stringMatching(/^window\.__CHAUPAL_ASSETS__=/) });
      expect(others, url).toEqual([]);
      const [style, ...otherStyles] = inlineElements(res.body, 'style');
      expect(style.attrs, url).toBe('');
      expect(otherStyles, url).toEqual([]);
      expect(csp['script-src'], url).toEqual(["'self'", sha256(boot.text)]);
      expect(csp['style-src-elem'], url).toEqual(["'self'", sha256(style.text)]);
    }
  });

  it('allows only this site, its frames and images, and no plugin, base or framing elsewhere', async () => {
    const csp = directives(String((await page('/')).headers['content-security-policy']));
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'", expect.stringMatching(/^'sha256-[A-Za-z0-9+/]{43}='$/)]);
    expect(csp['script-src-attr']).toEqual(["'none'"]);
    // The map's tiles (decision 015): MAP_TILES_URL's host, OpenStreetMap's by default.
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org']);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['style-src-elem']).toEqual(["'self'", expect.stringMatching(/^'sha256-[A-Za-z0-9+/]{43}='$/)]);
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp['style-src-attr']).toEqual(["'unsafe-inline'"]);
    expect(csp['frame-src']).toEqual([
      'https://www.youtube.com/embed/',
      'https://www.youtube-nocookie.com/embed/',
      'https://www.google.com/maps',
      'https://www.google.com/maps/',
    ]);
    expect(csp['frame-ancestors']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    expect(csp['form-action']).toEqual(["'self'"]);
  });

  it('is not sent with API answers, and the API docs still load', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/backend/v1/home' });
    expect(api.headers['content-security-policy']).toBeUndefined();
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toMatch(/^text\/html/);
  });
});

describe('the policy of a cached page', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await testApp({ RESPONSE_CACHE: 'true' });
  });
  afterAll(() => t.close());

  it('allows just the page’s inline scripts by hash, with no nonce: nothing secret is given twice', async () => {
    const rendered = await t.app.inject({ url: '/' });
    const kept = await t.app.inject({ url: '/' });
    expect([rendered.headers['x-cache'], kept.headers['x-cache']]).toEqual([undefined, 'hit']);
    for (const res of [rendered, kept]) {
      const header = String(res.headers['content-security-policy']);
      const scripts = inlineScripts(res.body);
      expect(scripts).toHaveLength(1);
      expect(directives(header)['script-src']).toEqual(["'self'", ...scripts.map((s) => sha256(s.text))]);
      expect(directives(header)['style-src-elem']).toEqual([
        "'self'",
        ...inlineElements(res.body, 'style').map((s) => sha256(s.text)),
      ]);
      expect(header).not.toMatch(/nonce/i);
      expect(res.body).not.toMatch(/\snonce=/i);
    }
    expect(kept.headers['content-security-policy']).toBe(rendered.headers['content-security-policy']);
  });
});

describe('reCAPTCHA in the policy', () => {
  it('names Google’s reCAPTCHA hosts only when a site key is configured', async () => {
    const t = await testApp({ RECAPTCHA_SITE_KEY: 'site-key', RECAPTCHA_SECRET: 'secret' });
    try {
      const csp = directives(
        String((await t.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']),
      );
      expect(csp['script-src']).toEqual([
        "'self'",
        expect.stringMatching(/^'sha256-/),
        'https://www.google.com/recaptcha/',
        'https://www.gstatic.com/recaptcha/',
      ]);
      expect(csp['frame-src']).toEqual(
        expect.arrayContaining(['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/']),
      );
    } finally {
      await t.close();
    }
    const without = directives(pagePolicy(loadConfig({ NODE_ENV: 'test' }))({ scripts: ['go()'], styles: [] }));
    expect(without['script-src']).toEqual(["'self'", "'sha256-5KYv+PUboo5h+0+YAtGRPbwv5d/QxzHslP4YGnUaxRw='"]);
    expect(without['frame-src'].join(' ')).not.toMatch(/recaptcha/);
  });
});

describe('the policy’s inline content, image hosts and development mode', () => {
  const NONE = { scripts: [], styles: [] };

  it('allows each inline script and stylesheet by the SHA-256 of its text, once, and nothing inline without one', () => {
    const policy = pagePolicy(loadConfig({ NODE_ENV: 'test' }));
    expect(policy({ scripts: ['go()', 'go()'], styles: ['p{}'] }).split('; ')).toEqual([
      "default-src 'self'",
      "script-src 'self' 'sha256-5KYv+PUboo5h+0+YAtGRPbwv5d/QxzHslP4YGnUaxRw='",
      "script-src-attr 'none'",
      "style-src-elem 'self' 'sha256-gG2yISYereRMiG2lMXrbiUgi0Ubw9p7QCeWcroOvy9Y='",
      "style-src 'self' 'unsafe-inline'",
      "style-src-attr 'unsafe-inline'",
      "img-src 'self' data: blob: https://tile.openstreetmap.org",
      "connect-src 'self'",
      'frame-src https://www.youtube.com/embed/ https://www.youtube-nocookie.com/embed/ https://www.google.com/maps https://www.google.com/maps/',
      "frame-ancestors 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
    ]);
    const bare = directives(policy(NONE));
    expect(bare['script-src']).toEqual(["'self'"]);
    expect(bare['style-src-elem']).toEqual(["'self'"]);
  });

  it('adds the storage’s host to img-src: the CDN, else the bucket', () => {
    const s3 = { STORAGE: 's3', S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' };
    const cdn = loadConfig({ NODE_ENV: 'test', ...s3, S3_PUBLIC_URL: 'https://cdn.example.net/media' });
    expect(directives(pagePolicy(cdn)(NONE))['img-src']).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://cdn.example.net',
      'https://tile.openstreetmap.org',
    ]);
    const bucket = loadConfig({ NODE_ENV: 'test', ...s3, S3_REGION: 'ap-south-1' });
    expect(directives(pagePolicy(bucket)(NONE))['img-src']).toContain('https://media.s3.ap-south-1.amazonaws.com');
  });

  it('allows the map tiles of MAP_TILES_URL, any subdomain where it names {s}', () => {
    const tiles = loadConfig({ NODE_ENV: 'test', MAP_TILES_URL: 'https://{s}.tiles.example.org/osm/{z}/{x}/{y}.png' });
    expect(directives(pagePolicy(tiles)(NONE))['img-src']).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://*.tiles.example.org',
    ]);
  });

  it('lets Vite inject styles and open its hot-reload socket in development only', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    const dev = directives(pagePolicy(config, { dev: true })({ scripts: ['go()'], styles: ['p{}'] }));
    expect(dev['connect-src']).toEqual(["'self'", 'ws:', 'wss:']);
    // A hash beside 'unsafe-inline' would switch it off.
    expect(dev['style-src-elem']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(dev['script-src']).toEqual(["'self'", "'sha256-5KYv+PUboo5h+0+YAtGRPbwv5d/QxzHslP4YGnUaxRw='"]);
  });
});

describe('Strict-Transport-Security', () => {
  it('is sent when the public URL is https', async () => {
    const t = await testApp({ PUBLIC_URL: 'https://devgarh.example.org', JWT_SECRET: SECRET });
    try {
      for (const url of ['/', '/api/backend/v1/home', '/healthz']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      }
    } finally {
      await t.close();
    }
  });

  it('is not sent when the public URL is plain http', async () => {
    const t = await testApp({ PUBLIC_URL: 'http://localhost:3000' });
    try {
      for (const url of ['/', '/api/backend/v1/home', '/healthz']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.headers['strict-transport-security'], url).toBeUndefined();
      }
    } finally {
      await t.close();
    }
  });
});

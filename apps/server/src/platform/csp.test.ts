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

describe('the Content-Security-Policy of pages (issue 10)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());
  const page = (url: string) => t.app.inject({ method: 'GET', url });

  it('comes with every server-rendered page, its nonce on the boot script (which imports the entry)', async () => {
    for (const url of ['/', '/experts', '/no-such-page']) {
      const res = await page(url);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const csp = directives(String(res.headers['content-security-policy']));
      const nonce = /^'nonce-([A-Za-z0-9+/=]{20,})'$/.exec(
        csp['script-src'].find((s) => s.startsWith("'nonce-")) ?? '',
      )?.[1];
      expect(nonce, url).toBeDefined();
      const scripts = [...res.body.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]);
      // JSON-LD and the state block are data, never run: they need no nonce.
      const executable = scripts.filter((attrs) => !/type="application\/(ld\+)?json"/.test(attrs));
      expect(executable.length, url).toBeGreaterThanOrEqual(1);
      for (const attrs of executable) expect(attrs, url).toContain(`nonce="${nonce}"`);
      const boot = /<script([^>]*)>window\.__CHAUPAL_ASSETS__=/.exec(res.body)?.[1];
      expect(boot, url).toContain(`nonce="${nonce}"`);
    }
  });

  it('gives each response a nonce of its own', async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) nonces.add(String((await page('/')).headers['content-security-policy']));
    expect(nonces.size).toBe(3);
  });

  it('allows only this site, its frames and images, and no plugin, base or framing elsewhere', async () => {
    const csp = directives(String((await page('/')).headers['content-security-policy']));
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'", expect.stringMatching(/^'nonce-/)]);
    expect(csp['script-src-attr']).toEqual(["'none'"]);
    // The map's tiles (issue 15): MAP_TILES_URL's host, OpenStreetMap's by default.
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org']);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['style-src-elem']).toEqual(["'self'", expect.stringMatching(/^'nonce-/)]);
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

describe('reCAPTCHA in the policy', () => {
  it('names Google’s reCAPTCHA hosts only when a site key is configured', async () => {
    const t = await testApp({ RECAPTCHA_SITE_KEY: 'site-key', RECAPTCHA_SECRET: 'secret' });
    try {
      const csp = directives(
        String((await t.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']),
      );
      expect(csp['script-src']).toEqual([
        "'self'",
        expect.stringMatching(/^'nonce-/),
        'https://www.google.com/recaptcha/',
        'https://www.gstatic.com/recaptcha/',
      ]);
      expect(csp['frame-src']).toEqual(
        expect.arrayContaining(['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/']),
      );
    } finally {
      await t.close();
    }
    const without = directives(pagePolicy(loadConfig({ NODE_ENV: 'test' }))('n0nce'));
    expect(without['script-src']).toEqual(["'self'", "'nonce-n0nce'"]);
    expect(without['frame-src'].join(' ')).not.toMatch(/recaptcha/);
  });
});

describe('the policy’s image hosts and development mode', () => {
  it('adds the storage’s host to img-src: the CDN, else the bucket', () => {
    const s3 = { STORAGE: 's3', S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' };
    const cdn = loadConfig({ NODE_ENV: 'test', ...s3, S3_PUBLIC_URL: 'https://cdn.example.net/media' });
    expect(directives(pagePolicy(cdn)('n'))['img-src']).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://cdn.example.net',
      'https://tile.openstreetmap.org',
    ]);
    const bucket = loadConfig({ NODE_ENV: 'test', ...s3, S3_REGION: 'ap-south-1' });
    expect(directives(pagePolicy(bucket)('n'))['img-src']).toContain('https://media.s3.ap-south-1.amazonaws.com');
  });

  it('allows the map tiles of MAP_TILES_URL, any subdomain where it names {s}', () => {
    const tiles = loadConfig({ NODE_ENV: 'test', MAP_TILES_URL: 'https://{s}.tiles.example.org/osm/{z}/{x}/{y}.png' });
    expect(directives(pagePolicy(tiles)('n'))['img-src']).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://*.tiles.example.org',
    ]);
  });

  it('lets Vite inject styles and open its hot-reload socket in development only', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    const dev = directives(pagePolicy(config, { dev: true })('n'));
    expect(dev['connect-src']).toEqual(["'self'", 'ws:', 'wss:']);
    expect(dev['style-src-elem']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(dev['script-src']).toEqual(["'self'", "'nonce-n'"]);
  });
});

describe('Strict-Transport-Security (issue 10)', () => {
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

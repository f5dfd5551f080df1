import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestContext, testApp } from '../test/harness';

/** Helmet's headers as this site configures them (app.ts), on a plain-http public URL (no HSTS). */
const HELMET = {
  'cross-origin-resource-policy': 'same-site',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

const helmetHeaders = (headers: Record<string, unknown>) =>
  Object.fromEntries(Object.keys(HELMET).map((name) => [name, headers[name]]));

describe('security headers (decision 022)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await testApp({ RESPONSE_CACHE: 'true' });
  });
  afterAll(() => t.close());

  it('come with every answer: pages rendered and kept, API answers and errors, files, undecodable addresses', async () => {
    const answers = [
      ['/', 200],
      ['/', 200],
      ['/no-such-page', 404],
      ['/api/backend/v1/home', 200],
      ['/api/backend/v1/home', 200],
      ['/api/backend/v1/newss/view?page=0', 400],
      ['/api/backend/v1/no-such-endpoint', 404],
      ['/healthz', 200],
      ['/favicon.svg', 200],
      // Addresses the router cannot decode are answered before any hook runs (platform/error-handler.ts).
      ['/news/%ff', 404],
      ['/api/backend/v1/newss/slug/%ff', 400],
    ] as const;
    for (const [url, status] of answers) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(status);
      expect(helmetHeaders(res.headers), url).toEqual(HELMET);
      expect(res.headers['x-powered-by'], url).toBeUndefined();
    }
    // The second read of each came from the response cache, and still carries them.
    expect((await t.app.inject({ url: '/' })).headers['x-cache']).toBe('hit');
  });

  it('keep the opener policy for the API and the signed-in areas, not for public pages (decision 014)', async () => {
    expect((await t.app.inject({ url: '/api/backend/v1/site' })).headers['cross-origin-opener-policy']).toBe(
      'same-origin',
    );
    expect((await t.app.inject({ url: '/admin' })).headers['cross-origin-opener-policy']).toBe('same-origin');
    expect((await t.app.inject({ url: '/services' })).headers['cross-origin-opener-policy']).toBeUndefined();
  });
});

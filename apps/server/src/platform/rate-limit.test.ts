import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { type TestContext, testApp } from '../test/harness';
import { accountKey } from './rate-limit';

/**
 * With RATE_LIMIT_FACTOR 0.1 one address may try to sign in twice a minute. Each try names a different account, so
 * only the per-address limit can answer 429; the injected requests come from 127.0.0.1.
 */
async function loginStatuses(env: Record<string, string>, forwardedFor: (i: number) => string) {
  const t: TestContext = await testApp({ RATE_LIMIT_FACTOR: '0.1', ...env });
  try {
    const out: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/backend/v1/login',
        payload: { userName: `nobody${i}@example.com`, password: 'Wrong123' },
        headers: { 'x-forwarded-for': forwardedFor(i) },
      });
      out.push(res.statusCode);
    }
    return out;
  } finally {
    await t.close();
  }
}
const rotating = (i: number) => `198.51.100.${i + 1}`;

describe('forwarded client addresses', () => {
  it('are ignored by default: a new X-Forwarded-For per request does not escape the per-address limit', async () => {
    expect(await loginStatuses({}, rotating)).toEqual([401, 401, 429, 429]);
  });

  it('are ignored when the peer is not a configured proxy', async () => {
    expect(await loginStatuses({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.1' }, rotating)).toEqual([401, 401, 429, 429]);
  });

  it('are honoured from a configured proxy: each forwarded client has its own limit', async () => {
    for (const trust of ['127.0.0.1', '127.0.0.0/8', 'loopback', 'true', '1']) {
      expect([trust, await loginStatuses({ TRUST_PROXY: trust }, rotating)]).toEqual([trust, [401, 401, 401, 401]]);
    }
    // One forwarded client behind the proxy is still limited.
    expect(await loginStatuses({ TRUST_PROXY: 'loopback' }, () => '198.51.100.7')).toEqual([401, 401, 429, 429]);
  });
});

describe('TRUST_PROXY', () => {
  const trust = (value?: string) => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: value }).trustProxy;

  it('reads off, on, a hop count, or a list of addresses and ranges', () => {
    expect(trust(undefined)).toBe(false);
    expect(trust('')).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('true')).toBe(true);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.1, 172.16.0.0/12,fd00::/8 , loopback')).toEqual([
      '10.0.0.1',
      '172.16.0.0/12',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses anything else, naming the variable', () => {
    for (const bad of ['yes', '10.0.0.0/33', '10.0.0.1,proxy.example', '::1/129']) {
      expect(() => trust(bad)).toThrow(ConfigError);
      expect(() => trust(bad)).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('accountKey', () => {
  it('spells one phone number one way', () => {
    for (const name of ['98-76543210', '9876 543 210', '+91 98765 43210', '9876543210', '(987) 654-3210'])
      expect(accountKey(name)).toBe('+919876543210');
  });

  it('lower-cases and trims an e-mail', () => {
    expect(accountKey('  Asha.Verma@Example.COM ')).toBe('asha.verma@example.com');
  });
});

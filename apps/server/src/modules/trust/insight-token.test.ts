import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { networkOf } from './insight.service';
import { checkBeaconToken, insightKey, signBeaconToken, TOKEN_LIFETIME_MS } from './insight-token';

const key = insightKey(randomBytes(48));
const ID = '6f1c1d3e-1a2b-4c3d-8e4f-5a6b7c8d9e0f';
const OTHER_ID = '0b7e9a52-3c4d-4e5f-9a6b-7c8d9e0f1a2b';
const AT = Date.UTC(2026, 10, 27, 6, 0);

describe('beacon tokens', () => {
  it('hold for their lifetime and no longer, for the listing they were made for', () => {
    const token = signBeaconToken(key, 'outlet', ID, AT);
    expect(token).toMatch(/^[0-9a-z]+\.[\w-]{22}$/);
    expect(checkBeaconToken(key, token, 'outlet', ID, AT)).toBe(true);
    expect(checkBeaconToken(key, token, 'outlet', ID.toUpperCase(), AT)).toBe(true);
    expect(checkBeaconToken(key, token, 'outlet', ID, AT + TOKEN_LIFETIME_MS)).toBe(true);
    expect(checkBeaconToken(key, token, 'outlet', ID, AT + TOKEN_LIFETIME_MS + 1000)).toBe(false);
    // Another instance's clock may be a little behind the one that issued it.
    expect(checkBeaconToken(key, token, 'outlet', ID, AT - 60_000)).toBe(true);
    expect(checkBeaconToken(key, token, 'outlet', ID, AT - 61_000)).toBe(false);
    expect(checkBeaconToken(key, token, 'outlet', OTHER_ID, AT)).toBe(false);
    expect(checkBeaconToken(key, token, 'expert', ID, AT)).toBe(false);
    expect(checkBeaconToken(insightKey(randomBytes(48)), token, 'outlet', ID, AT)).toBe(false);
  });

  it('refuse a token that is missing, malformed, forged or has its time moved', () => {
    const [issued, mac] = signBeaconToken(key, 'outlet', ID, AT).split('.');
    const later = (Number.parseInt(issued, 36) + 3600).toString(36);
    const forged = `${mac[0] === 'A' ? 'B' : 'A'}${mac.slice(1)}`;
    for (const token of [
      undefined,
      '',
      'x',
      `${issued}.`,
      `.${mac}`,
      `${issued}.${mac}.x`,
      `${later}.${mac}`,
      `${issued}.${forged}`,
    ]) {
      expect(checkBeaconToken(key, token, 'outlet', ID, AT), String(token)).toBe(false);
    }
  });
});

describe('networkOf', () => {
  it('takes an IPv4 address whole and an IPv6 address by its /64, however it is written', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.7');
    expect(networkOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(networkOf('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:0db8:0001:0002:abcd:ef01:2345:6789')).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(networkOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(networkOf('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
    expect(networkOf('::1')).toBe('0:0:0:0::/64');
  });
});

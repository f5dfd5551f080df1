import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TListingKind } from '@chaupal/contract';

/**
 * How long a listing page's beacon token counts: an hour of reading the page, after the longest the token can have
 * waited before it reached the reader (its API answer and the page each kept up to 300 s by the response cache, the
 * hit lane 10 s more), rounded up. A page left open longer counts nothing more until it is loaded again.
 */
export const TOKEN_LIFETIME_MS = 75 * 60_000;
/** Instances' clocks may differ a little: a token issued up to a minute "later" than now is still good. */
const CLOCK_SKEW_MS = 60_000;

/** The key of beacon tokens and visitor hashes: the server's signing secret, turned to this one use. */
export const insightKey = (secret: Uint8Array): Buffer =>
  createHmac('sha256', secret).update('owners-insight').digest();

const macOf = (key: Buffer, kind: TListingKind, id: string, issued: string) =>
  createHmac('sha256', key).update(`beacon\0${kind}\0${id.toLowerCase()}\0${issued}`).digest().subarray(0, 16);

/** `<issued, seconds in base 36>.<MAC of the listing and that time>`: short enough for a page's attribute. */
export function signBeaconToken(key: Buffer, kind: TListingKind, id: string, at: number): string {
  const issued = Math.floor(at / 1000).toString(36);
  return `${issued}.${macOf(key, kind, id, issued).toString('base64url')}`;
}

/** True when `token` is this site's for this listing, issued no more than TOKEN_LIFETIME_MS before `at`. */
export function checkBeaconToken(
  key: Buffer,
  token: string | undefined,
  kind: TListingKind,
  id: string,
  at: number,
): boolean {
  const [issued, mac, ...rest] = (token ?? '').split('.');
  if (rest.length || !mac || !/^[0-9a-z]{1,9}$/.test(issued)) return false;
  const age = at - Number.parseInt(issued, 36) * 1000;
  if (age > TOKEN_LIFETIME_MS || age < -CLOCK_SKEW_MS) return false;
  const given = Buffer.from(mac, 'base64url');
  const expected = macOf(key, kind, id, issued);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

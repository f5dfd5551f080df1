import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The "known device" cookie a successful sign-in leaves in the browser (or any client keeping cookies). While
 * strangers' wrong passwords have an account's sign-in locked, a request carrying it still signs in with the right
 * password, and its own wrong passwords count against a budget of that device alone (see `login`). It is a cookie,
 * not a field of the answer, so the sign-in answer stays as SPEC §7 has it; it is sent only to the sign-in route,
 * readable by no script, and names no address: the login history keeps none (docs/decisions/017, 026).
 */
const KNOWN_DEVICE_COOKIE = 'chaupal_device';
const COOKIE_VALUE = new RegExp(`(?:^|;)\\s*${KNOWN_DEVICE_COOKIE}=([^;]+)`);
/** How long a device stays known after its last sign-in. */
const KNOWN_DEVICE_DAYS = 180;

export interface KnownDevice {
  userId: string;
  /** Random, never shown: with the account it names this device's failure budget. */
  deviceId: string;
  /** The account's token version when it was issued: a new password forgets every known device. */
  tokenVersion: number;
}

const mac = (secret: Uint8Array, body: string) =>
  createHmac('sha256', secret).update(`known-device:${body}`).digest('base64url');

/** The Set-Cookie value that makes this client a known device of the account. */
export function knownDeviceCookie(
  secret: Uint8Array,
  user: { id: string; tokenVersion: number },
  opts: { path: string; secure: boolean; now?: Date },
): string {
  const maxAge = KNOWN_DEVICE_DAYS * 86_400;
  const expires = Math.floor((opts.now ?? new Date()).getTime() / 1000) + maxAge;
  const body = `${user.id}.${randomBytes(16).toString('base64url')}.${user.tokenVersion}.${expires}`;
  const attributes = `Path=${opts.path}; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${opts.secure ? '; Secure' : ''}`;
  return `${KNOWN_DEVICE_COOKIE}=${body}.${mac(secret, body)}; ${attributes}`;
}

/** The known device a request's Cookie header proves, if its cookie is ours, whole and not expired. */
export function readKnownDevice(
  secret: Uint8Array,
  cookieHeader: string | undefined,
  now = new Date(),
): KnownDevice | undefined {
  const value = COOKIE_VALUE.exec(cookieHeader ?? '')?.[1];
  const parts = value?.trim().split('.');
  if (parts?.length !== 5) return undefined;
  const [userId, deviceId, version, expires, signature] = parts;
  const expected = Buffer.from(mac(secret, parts.slice(0, 4).join('.')));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  if (Number(expires) * 1000 <= now.getTime()) return undefined;
  return { userId, deviceId, tokenVersion: Number(version) };
}

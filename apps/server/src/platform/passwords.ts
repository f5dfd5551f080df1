import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (OWASP-recommended memory and time costs). */
export const hashPassword = (password: string) => hash(password);
export const verifyPassword = (stored: string, password: string) => verify(stored, password).catch(() => false);

let dummy: Promise<string> | undefined;
/** The hash of a password nobody knows, made once with the same costs as every real one. */
export const dummyHash = () => {
  dummy ??= hashPassword(randomBytes(24).toString('base64url'));
  return dummy;
};

/**
 * Spends the time a real check takes and fails: a sign-in for an account that does not exist must not answer
 * sooner than one for an account that does.
 */
export async function verifyNoAccount(password: string): Promise<false> {
  await verifyPassword(await dummyHash(), password);
  return false;
}

import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (OWASP-recommended memory and time costs). */
export const hashPassword = (password: string) => hash(password);
export const verifyPassword = (stored: string, password: string) => verify(stored, password).catch(() => false);

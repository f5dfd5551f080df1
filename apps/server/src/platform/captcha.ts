import type { Config } from '../config';

/** The human check of the contact form (reCAPTCHA). */
export interface Captcha {
  verify(token: string | undefined, ip: string): Promise<boolean>;
}

const SITEVERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';
const TIMEOUT_MS = 5000;

/** Off (always passes) without RECAPTCHA_SECRET (DESIGN §9); else asks Google's siteverify. */
export function createCaptcha(config: Config, fetchImpl: typeof fetch = fetch): Captcha {
  const secret = config.recaptchaSecret;
  if (!secret) return { verify: async () => true };
  return {
    async verify(token, ip) {
      if (!token) return false;
      try {
        const res = await fetchImpl(SITEVERIFY_URL, {
          method: 'POST',
          body: new URLSearchParams({ secret, response: token, remoteip: ip }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        if (!res.ok) return false;
        const body = (await res.json()) as { success?: unknown };
        return body.success === true;
      } catch {
        // Google unreachable or answering nonsense: the check did not pass, which the form reports as such.
        return false;
      }
    },
  };
}

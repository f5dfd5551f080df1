import { useRef } from 'react';

declare global {
  interface Window {
    grecaptcha?: { getResponse(): string; reset(): void };
  }
}

/**
 * The site's human check (reCAPTCHA) on the contact and report forms: Google's script loads only when a site key is
 * configured and the visitor starts filling the form (DESIGN §8).
 */
export function useCaptcha(siteKey?: string) {
  const loaded = useRef(false);
  return {
    load() {
      if (!siteKey || loaded.current) return;
      loaded.current = true;
      const s = document.createElement('script');
      s.src = 'https://www.google.com/recaptcha/api.js';
      s.async = true;
      document.head.appendChild(s);
    },
    token: () => (siteKey ? (window.grecaptcha?.getResponse() ?? '') : ''),
  };
}

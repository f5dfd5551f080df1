/** `tel:` with the number's digits and a leading +. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * A WhatsApp link: a full wa.me/api.whatsapp.com link is kept; a number becomes https://wa.me/<digits>
 * (SPEC §2: only when a number exists).
 */
export function whatsappHref(numberOrLink: string | null | undefined, message?: string): string | null {
  if (!numberOrLink) return null;
  if (/^https?:\/\//.test(numberOrLink)) return numberOrLink;
  const digits = numberOrLink.replace(/\D/g, '');
  if (digits.length < 10) return null;
  const full = digits.length === 10 ? `91${digits}` : digits;
  return `https://wa.me/${full}${message ? `?text=${encodeURIComponent(message)}` : ''}`;
}

/** A directions link for a map URL, else a search for the place. */
export const directionsHref = (mapUrl: string | null, title: string) =>
  mapUrl || `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(title)}`;

/**
 * Words that are the same in English and Hindi: names of things (brands, "OTP", "PIN", the languages' own names),
 * not words of either language. The catalogue test lets a Hindi text keep them, and the Hindi journeys do not count
 * them as English left on a screen.
 */
export const SAME_IN_BOTH: ReadonlySet<string> = new Set([
  'English',
  'हिन्दी',
  'WhatsApp',
  'Facebook',
  'Instagram',
  'X',
  'LinkedIn',
  'YouTube',
  'Google',
  'OpenStreetMap',
  'OTP',
  'PIN',
  'URL',
  'SMS',
  'RSS',
  'GST',
  'PDF',
  'JSON',
  'OK',
]);

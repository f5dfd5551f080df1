import type { TExpert } from '@chaupal/contract';
import { normalisePhone } from '@chaupal/contract/account';
import { type TOpeningHours, WEEK } from '@chaupal/contract/open-now';

/**
 * The suggest-an-edit form's details as a plain HTML form posts them: text, the opening hours as JSON text, the pin as
 * latitude and longitude, "permanently closed" a checkbox (`true` when ticked). The app sends only those the visitor
 * changed; the server's plain post sends them all, and the API keeps only what differs from the listing.
 */
export const SUGGEST_INPUTS = [
  'call_now',
  'whatsapp_no',
  'street_address',
  'pin_code',
  'opening_hours',
  'latitude',
  'longitude',
  'closed',
] as const;
export type TSuggestInput = (typeof SUGGEST_INPUTS)[number];
export type TSuggestInputs = Record<TSuggestInput, string>;

/** What a listing's page reads of it for the form. */
export type TSuggestable = Pick<
  TExpert,
  'call_now' | 'whatsapp_no' | 'street_address' | 'pin_code' | 'opening_hours' | 'latitude' | 'longitude' | 'closed_at'
>;

const degrees = (v: number | null) => (v === null ? '' : String(v));

/** A listing's details now, as the form's inputs hold them. */
export const suggestInputsOf = (l: TSuggestable): TSuggestInputs => ({
  call_now: l.call_now ?? '',
  whatsapp_no: l.whatsapp_no ?? '',
  street_address: l.street_address ?? '',
  pin_code: l.pin_code ?? '',
  opening_hours: l.opening_hours ? JSON.stringify(l.opening_hours) : '',
  latitude: degrees(l.latitude),
  longitude: degrees(l.longitude),
  closed: l.closed_at ? 'true' : '',
});

/** Hours as one text whatever their keys' order: the week's days in order, days without ranges left out. */
function hoursKey(text: string): string {
  if (!text.trim()) return '';
  try {
    const h = JSON.parse(text) as TOpeningHours;
    const weekly = WEEK.filter((d) => h.weekly?.[d]?.length).map((d) => [d, h.weekly[d]]);
    const exceptions = h.exceptions ?? [];
    return weekly.length || exceptions.length ? JSON.stringify([weekly, exceptions]) : '';
  } catch {
    return text;
  }
}

const phone = (v: string) => normalisePhone(v) ?? v.trim();
const words = (v: string) => v.trim().replace(/\s+/g, ' ');
const number = (v: string) => (v.trim() === '' || Number.isNaN(Number(v)) ? v.trim() : String(Number(v)));

/** Whether two values of an input say the same, as the API compares them (a phone however it is typed). */
function same(input: TSuggestInput, a: string, b: string): boolean {
  switch (input) {
    case 'call_now':
    case 'whatsapp_no':
      return phone(a) === phone(b);
    case 'pin_code':
      return a.replace(/\s/g, '') === b.replace(/\s/g, '');
    case 'opening_hours':
      return hoursKey(a) === hoursKey(b);
    case 'latitude':
    case 'longitude':
      return number(a) === number(b);
    case 'closed':
      return (a === 'true') === (b === 'true');
    default:
      return words(a) === words(b);
  }
}

/**
 * What the visitor changed: each detail that differs from the listing's now and is not left empty (the form proposes
 * corrections, not removals); the pin goes as both coordinates when either moved.
 */
export function changedInputs(original: TSuggestInputs, posted: Partial<TSuggestInputs>): Partial<TSuggestInputs> {
  const changed: Partial<TSuggestInputs> = {};
  for (const input of SUGGEST_INPUTS) {
    const value = posted[input] ?? '';
    if (input === 'latitude' || input === 'longitude' || value.trim() === '') continue;
    if (!same(input, original[input], value)) changed[input] = value;
  }
  const lat = posted.latitude ?? '';
  const lng = posted.longitude ?? '';
  const moved = !same('latitude', original.latitude, lat) || !same('longitude', original.longitude, lng);
  if (moved && (lat.trim() || lng.trim())) Object.assign(changed, { latitude: lat, longitude: lng });
  return changed;
}

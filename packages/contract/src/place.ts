import { z } from 'zod';
import { ZOpeningHours } from './hours';
import { PLACE_LIMITS } from './limits';

/**
 * Where a listing is and when it is open (decision 015): street address, PIN code, a pin (latitude and
 * longitude) and opening hours on experts and outlets. All optional; a record without them shows none of it.
 */

/** An Indian postal PIN code: six digits, not starting with 0. */
export const PIN_CODE = /^[1-9]\d{5}$/;

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

/** Degrees as people and maps write them: plain decimals, at most 12 places (a tenth of a micrometre). */
const DEGREES = /^-?\d{1,3}(\.\d{1,12})?$/;
const DECIMALS_MAX = 12;

/**
 * A latitude or longitude, from a form's text or a JSON number. `Number()` alone would read "0x10" as 16, "1e1" as
 * 10 and " " as 0, and let a denormal like 5e-324 through: text must be a plain decimal, and a number one written
 * without an exponent (kept to 12 places). Empty means none, as for every place field.
 */
const coordinate = (max: number, name: string) =>
  z.preprocess(
    (v) => {
      if (typeof v === 'string') {
        const text = v.trim();
        if (text === '') return undefined;
        return DEGREES.test(text) ? Number(text) : text;
      }
      // A JSON number is a double: what arithmetic left (26.85 + 0.018 is 26.868000000000002) is rounded to the places
      // text may have; one only exponent notation writes (5e-324, 1e-7) is refused.
      if (typeof v === 'number')
        return Number.isFinite(v) && !/e/i.test(String(v)) ? Number(v.toFixed(DECIMALS_MAX)) : String(v);
      return blank(v);
    },
    z
      .number({ error: `Must be a ${name} in degrees` })
      .min(-max, `Must be between -${max} and ${max}`)
      .max(max, `Must be between -${max} and ${max}`)
      .optional(),
  );

/** Opening hours as the forms send them: a JSON text (multipart) or an object (JSON body); empty means none. */
const openingHoursField = z.preprocess((v, ctx) => {
  if (typeof v !== 'string') return blank(v);
  if (v.trim() === '') return undefined;
  try {
    return JSON.parse(v);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'Must be opening hours as JSON' });
    return z.NEVER;
  }
}, ZOpeningHours.optional());

/** The place fields of the expert and outlet forms. */
export const placeFormFields = {
  street_address: z.preprocess(
    blank,
    z
      .string()
      .trim()
      .max(PLACE_LIMITS.streetAddressMax, `Must be at most ${PLACE_LIMITS.streetAddressMax} characters`)
      .optional(),
  ),
  pin_code: z.preprocess(
    (v) => (typeof v === 'string' ? v.replace(/\s/g, '') || undefined : blank(v)),
    z.string().regex(PIN_CODE, 'Must be a 6-digit PIN code').optional(),
  ),
  latitude: coordinate(90, 'latitude'),
  longitude: coordinate(180, 'longitude'),
  opening_hours: openingHoursField,
};

/** A pin is both coordinates or neither: the missing one is named. */
export function checkPin(f: { latitude?: number; longitude?: number }, ctx: z.RefinementCtx) {
  if ((f.latitude === undefined) === (f.longitude === undefined)) return;
  const missing = f.latitude === undefined ? 'latitude' : 'longitude';
  ctx.addIssue({ code: 'custom', path: [missing], message: 'Give both latitude and longitude, or neither' });
}

/** The place fields of a public expert or outlet (null where not given). */
export const placeRecordFields = {
  street_address: z.string().nullable(),
  pin_code: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  opening_hours: ZOpeningHours.nullable(),
  /** Kilometres from the point of a `sort=near` list; only there. */
  distance_km: z.number().optional(),
};

/** The `sort=near` point of a directory list: both or neither. */
export const nearQueryFields = {
  lat: coordinate(90, 'latitude'),
  lng: coordinate(180, 'longitude'),
};

/**
 * The pin of a pasted maps link: Google Maps (`@lat,lng`, `!3dlat!4dlng`, `q=`, `query=`, `ll=`, `center=`),
 * OpenStreetMap (`mlat=`/`mlon=`, `#map=z/lat/lng`), Apple Maps (`ll=`, `q=`) and `geo:` URIs. Null when the link
 * names no coordinates (a short link or a place name).
 */
export function pinFromMapLink(link: string): { latitude: number; longitude: number } | null {
  const num = String.raw`(-?\d{1,3}(?:\.\d+)?)`;
  const patterns = [
    new RegExp(String.raw`!3d${num}!4d${num}`),
    new RegExp(String.raw`@${num},${num}`),
    new RegExp(String.raw`[?&](?:q|query|ll|center|destination|daddr|sll)=(?:loc:)?${num}(?:,|%2C)\s*${num}`, 'i'),
    new RegExp(String.raw`mlat=${num}&mlon=${num}`),
    new RegExp(String.raw`#map=\d{1,2}/${num}/${num}`),
    new RegExp(String.raw`^geo:${num},${num}`, 'i'),
    new RegExp(String.raw`^\s*${num},\s*${num}\s*$`),
  ];
  for (const p of patterns) {
    const m = p.exec(link.trim());
    if (!m) continue;
    // Rounded to 7 places (about a centimetre), within what the coordinate fields take.
    const latitude = Number(Number(m[1]).toFixed(7));
    const longitude = Number(Number(m[2]).toFixed(7));
    if (Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180) return { latitude, longitude };
  }
  return null;
}

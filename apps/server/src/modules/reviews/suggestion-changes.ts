import {
  normalisePhone,
  SUGGESTION_DECISIONS,
  SUGGESTION_FIELDS,
  type TOpeningHours,
  type TSuggestionField,
  type ZSuggestionForm,
} from '@chaupal/contract';
import { z } from 'zod';

/**
 * What a suggested edit changes, field by field: the listing's value then, the value proposed and the decision. Values
 * are kept as JSON (`edit_suggestions.changes`): a phone or text as a string, hours as `{ weekly, exceptions }`, the pin
 * as `{ latitude, longitude }`, "closed" as a boolean.
 */
const ZStoredChange = z.object({
  current: z.unknown(),
  proposed: z.unknown(),
  decision: z.enum(SUGGESTION_DECISIONS),
});
export const ZStoredChanges = z.partialRecord(z.enum(SUGGESTION_FIELDS), ZStoredChange);
export type TStoredChanges = z.infer<typeof ZStoredChanges>;

type TSuggestionInput = z.output<typeof ZSuggestionForm>;

/** The listing columns a suggestion may change. */
export interface SuggestableValues {
  callNow: string;
  whatsappNo: string | null;
  streetAddress: string | null;
  pinCode: string | null;
  openingHours: TOpeningHours | null;
  latitude: number | null;
  longitude: number | null;
  closedAt: Date | null;
}

const hours = (h: TOpeningHours | null | undefined) =>
  h ? { weekly: h.weekly, exceptions: h.exceptions ?? [] } : null;

function currentValue(field: TSuggestionField, l: SuggestableValues): unknown {
  switch (field) {
    case 'call_now':
      return l.callNow;
    case 'whatsapp_no':
      return l.whatsappNo;
    case 'street_address':
      return l.streetAddress;
    case 'pin_code':
      return l.pinCode;
    case 'opening_hours':
      return hours(l.openingHours);
    case 'pin':
      return l.latitude === null || l.longitude === null ? null : { latitude: l.latitude, longitude: l.longitude };
    case 'closed':
      return l.closedAt !== null;
  }
}

/** The value a form proposes for a field, or undefined when it proposes none. */
function proposedValue(field: TSuggestionField, f: TSuggestionInput): unknown {
  switch (field) {
    case 'pin':
      return f.latitude === undefined || f.longitude === undefined
        ? undefined
        : { latitude: f.latitude, longitude: f.longitude };
    case 'opening_hours':
      return f.opening_hours ? hours(f.opening_hours) : undefined;
    case 'closed':
      return f.closed;
    default:
      return f[field];
  }
}

/** JSON with object keys sorted, so two values compare equal whatever order their keys were stored in. */
function canonical(v: unknown): string {
  return JSON.stringify(v, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)))
      : value,
  );
}

/** A phone however it was typed ("98765 43210" is "+919876543210"). */
const phone = (v: unknown) => (typeof v === 'string' ? (normalisePhone(v) ?? v) : v);

function same(field: TSuggestionField, a: unknown, b: unknown): boolean {
  if (field === 'call_now' || field === 'whatsapp_no') return phone(a) === phone(b);
  return canonical(a ?? null) === canonical(b ?? null);
}

/** The fields a form proposes that differ from the listing's values now, each with the value now, open. */
export function changesOf(form: TSuggestionInput, listing: SuggestableValues): TStoredChanges {
  const changes: TStoredChanges = {};
  for (const field of SUGGESTION_FIELDS) {
    const proposed = proposedValue(field, form);
    if (proposed === undefined) continue;
    const current = currentValue(field, listing);
    if (!same(field, current, proposed)) changes[field] = { current, proposed, decision: 'open' };
  }
  return changes;
}

/** The form fields a suggestion names (the pin is latitude and longitude): where "Nothing to change" is shown. */
export function formFieldsNamed(form: TSuggestionInput): string[] {
  return SUGGESTION_FIELDS.filter((f) => proposedValue(f, form) !== undefined).flatMap((f) =>
    f === 'pin' ? ['latitude', 'longitude'] : [f],
  );
}

const ZPin = z.object({ latitude: z.number(), longitude: z.number() });

/** An accepted change as the owner's form would send it. */
export function formValuesOf(field: TSuggestionField, proposed: unknown): Record<string, unknown> {
  if (field === 'pin') return ZPin.parse(proposed);
  if (field === 'closed') return { closed: true };
  return { [field]: proposed };
}

export const FIELD_LABELS: Record<TSuggestionField, string> = {
  call_now: 'Phone',
  whatsapp_no: 'WhatsApp',
  street_address: 'Street address',
  pin_code: 'PIN code',
  opening_hours: 'Opening hours',
  pin: 'Map pin',
  closed: 'Permanently closed',
};

/** A value as a line of an e-mail. */
export function shownValue(field: TSuggestionField, v: unknown): string {
  if (v === null || v === undefined || v === '') return '(none)';
  if (field === 'closed') return v ? 'yes' : 'no';
  if (field === 'opening_hours') return 'new opening hours';
  if (field === 'pin') {
    const pin = ZPin.safeParse(v);
    return pin.success ? `${pin.data.latitude}, ${pin.data.longitude}` : '(none)';
  }
  return String(v);
}

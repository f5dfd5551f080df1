import type { TFieldChange, TFormValue, TFormValues } from '@chaupal/contract';
import { plainText } from '../../platform/sanitize';
import type { ContentKind, ContentRow, LoadedRow } from './content-kind';

/**
 * What an admin reviews of a record: its form values and its documents. Stored at approval (`approved_values`) and
 * compared with the record's current values to list what changed since ("edited since approval").
 */
export function reviewValues<Row extends ContentRow>(kind: ContentKind<Row>, loaded: LoadedRow<Row>): TFormValues {
  const values = { ...kind.formOf(loaded), documents: loaded.documents };
  // Stored as JSON: dates as ISO strings, so a stored and a fresh copy compare equal.
  return JSON.parse(JSON.stringify(values));
}

const shown = (v: TFormValue | undefined, names: Map<string, string>): string => {
  if (v === undefined || v === null) return '';
  if (Array.isArray(v)) return v.map((x) => shown(x, names)).join(', ');
  const s = String(v);
  if (names.has(s)) return names.get(s)!;
  return /<[a-z][\s\S]*>/i.test(s) ? plainText(s, 200) : s.length > 200 ? `${s.slice(0, 199)}…` : s;
};

/** The fields whose value differs from the approved one, shown as text (ids as names, rich text as plain text). */
export function diff(
  approved: TFormValues,
  current: TFormValues,
  names: Map<string, string> = new Map(),
): TFieldChange[] {
  const same = (a: TFormValue | undefined, b: TFormValue | undefined) =>
    JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  const fields = [...new Set([...Object.keys(approved), ...Object.keys(current)])];
  return fields
    .filter((f) => {
      const a = approved[f];
      const b = current[f];
      return !same(a === '' ? null : a, b === '' ? null : b);
    })
    .map((field) => ({ field, before: shown(approved[field], names), after: shown(current[field], names) }));
}

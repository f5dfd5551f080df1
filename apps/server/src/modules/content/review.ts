import type { TFieldChange, TFormValue, TFormValues } from '@chaupal/contract';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { isUuid } from '../../db/lookup';
import { blocks, circles } from '../../db/schema';
import { plainText } from '../../platform/sanitize';
import { TAXON_TABLES } from '../taxonomy';
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

/**
 * The names of the circles, localities and parents that any of these values name by id, for `diff` to show names
 * where the values hold ids (the moderation queue's changes, a revision's).
 */
export async function namesIn(db: DbOrTx, kind: ContentKind, values: TFormValues[]): Promise<Map<string, string>> {
  const ids = new Set<string>();
  for (const v of values.flatMap((vs) => Object.values(vs)))
    for (const x of [v].flat()) if (typeof x === 'string' && isUuid(x)) ids.add(x);
  const names = new Map<string, string>();
  if (!ids.size) return names;
  const list = [...ids];
  const parent = TAXON_TABLES[kind.spec.parent.taxon];
  const [c, b, p] = await Promise.all([
    db.select({ id: circles.id, name: circles.name }).from(circles).where(inArray(circles.id, list)),
    db.select({ id: blocks.id, name: blocks.name }).from(blocks).where(inArray(blocks.id, list)),
    db.select({ id: parent.id, name: parent.title }).from(parent).where(inArray(parent.id, list)),
  ]);
  for (const r of [...c, ...b, ...p]) names.set(r.id, r.name);
  return names;
}

import type { TSearchMark } from '@chaupal/contract';

/**
 * Splits `text` at the search's marks into plain and matched stretches. Marks out of range, empty or overlapping an
 * earlier one are left out, so a bad mark never cuts or repeats text.
 */
export function markedParts(text: string, marks: readonly TSearchMark[]): { text: string; mark: boolean }[] {
  const parts: { text: string; mark: boolean }[] = [];
  let at = 0;
  for (const m of [...marks].sort((a, b) => a.start - b.start)) {
    const start = Math.max(m.start, at);
    const end = Math.min(m.end, text.length);
    if (end <= start) continue;
    if (start > at) parts.push({ text: text.slice(at, start), mark: false });
    parts.push({ text: text.slice(start, end), mark: true });
    at = end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), mark: false });
  return parts;
}

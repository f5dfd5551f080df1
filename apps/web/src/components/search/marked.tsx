import type { TSearchMark } from '@chaupal/contract';
import { markedParts } from './marks';

/** A title or snippet with its matches in <mark>. Text only: whatever the record holds is never read as HTML. */
export function Marked({ text, marks }: { text: string; marks: readonly TSearchMark[] }) {
  return (
    <>
      {markedParts(text, marks).map((p, i) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string, in order, never reordered
        p.mark ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>,
      )}
    </>
  );
}

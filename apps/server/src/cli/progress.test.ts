import { describe, expect, it } from 'vitest';
import { megabytes, progressLine } from './progress';

/** A stand-in for process.stderr that records what was written. */
function fakeStream(isTTY: boolean) {
  const written: string[] = [];
  const stream = { isTTY, columns: 20, write: (s: string) => written.push(s) > 0 };
  return { stream: stream as unknown as NodeJS.WriteStream, written };
}

describe('progressLine', () => {
  it('redraws one line in place on a terminal and clears it when done', () => {
    const { stream, written } = fakeStream(true);
    const line = progressLine(stream);
    line.update('copying 1/3 users: 500 rows and more text than fits');
    line.done();
    expect(written).toEqual([`\r${'copying 1/3 users: '}`, `\r${' '.repeat(19)}\r`]);
  });

  it('writes nothing when stderr is not a terminal', () => {
    const { stream, written } = fakeStream(false);
    const line = progressLine(stream);
    line.update('copying');
    line.done();
    expect(written).toEqual([]);
  });

  it('shows sizes in megabytes with one decimal', () => {
    expect(megabytes(5_512_345)).toBe('5.5 MB');
  });
});

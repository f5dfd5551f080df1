/**
 * A one-line progress report on stderr for long copies, redrawn in place with \r; silent when stderr is not a
 * terminal (logs and tests get the final summary only).
 */
export function progressLine(stream: NodeJS.WriteStream = process.stderr) {
  let last = 0;
  let drawn = false;
  return {
    update(text: string) {
      if (!stream.isTTY) return;
      const now = Date.now();
      if (now - last < 100) return;
      last = now;
      drawn = true;
      stream.write(`\r${text.slice(0, (stream.columns || 80) - 1).padEnd((stream.columns || 80) - 1)}`);
    },
    done() {
      if (drawn) stream.write(`\r${' '.repeat((stream.columns || 80) - 1)}\r`);
      drawn = false;
    },
  };
}

/** `12.3 MB` */
export const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface WrkResult {
  rps: number;
  p50: number;
  p99: number;
  /** Non-2xx/3xx answers and socket errors. */
  errors: number;
}

/**
 * One `wrk` run (the Debian package: a C load generator that a few KB of HTML a response does not saturate, unlike
 * autocannon), as a browser asks (brotli or gzip): requests per second and latency in ms.
 */
export async function wrk(
  url: string,
  opts: { accept: string; connections: number; seconds: number },
): Promise<WrkResult> {
  const { stdout } = await run('wrk', [
    '-t1',
    `-c${opts.connections}`,
    `-d${opts.seconds}s`,
    '--latency',
    '-H',
    'accept-encoding: br, gzip',
    '-H',
    `accept: ${opts.accept}`,
    url,
  ]);
  const num = (re: RegExp) => Number(stdout.match(re)?.[1] ?? Number.NaN);
  const ms = (re: RegExp) => {
    const m = stdout.match(re);
    if (!m) return Number.NaN;
    const scale = { us: 0.001, ms: 1, s: 1000 }[m[2] as 'us' | 'ms' | 's'] ?? Number.NaN;
    return Number(m[1]) * scale;
  };
  const non2xx = num(/Non-2xx or 3xx responses: (\d+)/);
  const socket = stdout.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
  return {
    rps: num(/Requests\/sec:\s+([\d.]+)/),
    p50: ms(/50%\s+([\d.]+)(us|ms|s)/),
    p99: ms(/99%\s+([\d.]+)(us|ms|s)/),
    errors: (Number.isNaN(non2xx) ? 0 : non2xx) + (socket ? socket.slice(1).reduce((a, b) => a + Number(b), 0) : 0),
  };
}

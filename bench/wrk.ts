import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface WrkResult {
  rps: number;
  p50: number;
  p99: number;
  /** Requests answered in the run. */
  requests: number;
  /** Answers that were not 2xx or 3xx. */
  non2xx: number;
  /** Non-2xx/3xx answers and socket errors. */
  errors: number;
}

/**
 * One `wrk` run (the Debian package: a C load generator that a few KB of HTML a response does not saturate, unlike
 * autocannon): requests per second and latency in ms. With `accept`, it asks as a browser does (brotli or gzip);
 * with `script`, wrk's Lua script makes each request (e.g. a new search every time).
 */
export async function wrk(
  url: string,
  opts: { connections: number; seconds: number; accept?: string; script?: string },
): Promise<WrkResult> {
  const headers = opts.accept ? ['-H', 'accept-encoding: br, gzip', '-H', `accept: ${opts.accept}`] : [];
  const script = opts.script ? ['-s', opts.script] : [];
  const { stdout } = await run('wrk', [
    '-t1',
    `-c${opts.connections}`,
    `-d${opts.seconds}s`,
    '--latency',
    '--timeout',
    '10s',
    ...headers,
    ...script,
    url,
  ]);
  const num = (re: RegExp) => Number(stdout.match(re)?.[1] ?? Number.NaN);
  const ms = (re: RegExp) => {
    const m = stdout.match(re);
    if (!m) return Number.NaN;
    const scale = { us: 0.001, ms: 1, s: 1000 }[m[2] as 'us' | 'ms' | 's'] ?? Number.NaN;
    return Number(m[1]) * scale;
  };
  const found = num(/Non-2xx or 3xx responses: (\d+)/);
  const non2xx = Number.isNaN(found) ? 0 : found;
  const socket = stdout.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
  return {
    rps: num(/Requests\/sec:\s+([\d.]+)/),
    p50: ms(/50%\s+([\d.]+)(us|ms|s)/),
    p99: ms(/99%\s+([\d.]+)(us|ms|s)/),
    requests: num(/(\d+) requests in/),
    non2xx,
    errors: non2xx + (socket ? socket.slice(1).reduce((a, b) => a + Number(b), 0) : 0),
  };
}

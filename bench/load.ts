import autocannon from 'autocannon';

/**
 * The load generator, run as a child process by run.ts: a client inside the server's own process would share its
 * event loop and halve what is measured. It records every response time itself, because autocannon's histogram
 * keeps whole milliseconds and a single-connection p50 is well under one.
 */

export interface LoadJob {
  url: string;
  connections: number;
  seconds: number;
  /** Sent with every request (the admin endpoints' bearer token). */
  headers?: Record<string, string>;
}

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** The p-th percentile (0–100) of ascending times: the smallest that at least p % of them do not exceed. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export async function runLoad(job: LoadJob): Promise<LoadResult> {
  let times = new Float64Array(1 << 16);
  let n = 0;
  const instance = autocannon({
    url: job.url,
    connections: job.connections,
    duration: job.seconds,
    headers: job.headers,
  });
  instance.on('response', (_client, _status, _bytes, ms) => {
    if (n === times.length) {
      const grown = new Float64Array(times.length * 2);
      grown.set(times);
      times = grown;
    }
    times[n++] = ms;
  });
  const result = await instance;
  const sorted = times.subarray(0, n).sort();
  return {
    requests: n,
    rps: n / result.duration,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

// As a child process: answer each job message with its result.
if (process.send) {
  process.on('message', (job: LoadJob) => {
    runLoad(job).then(
      (result) => process.send?.({ ok: true, result }),
      (err: unknown) => process.send?.({ ok: false, error: String(err) }),
    );
  });
}

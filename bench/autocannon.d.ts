/** The part of autocannon's programmatic API the benchmark and the soak use (the package ships no types). */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    timeout?: number;
    headers?: Record<string, string>;
    /** Called with each connection's client when it is made. */
    setupClient?: (client: Client) => void;
    /** Each connection cycles through these; `setupRequest` may change a request before it is sent. */
    requests?: {
      method?: string;
      path?: string;
      setupRequest?: (req: Request, context: Record<string, unknown>) => Request;
    }[];
  }
  interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
  }
  interface Result {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    requests: { average: number; total: number };
    latency: { p50: number; p99: number; average: number; max: number };
    statusCodeStats: Record<string, { count: number }>;
  }
  interface Client extends EventEmitter {
    requestIterator?: { context?: Record<string, unknown> };
  }
  interface Instance extends EventEmitter, PromiseLike<Result> {
    on(
      event: 'response',
      listener: (client: Client, statusCode: number, bytes: number, responseTimeMs: number) => void,
    ): this;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
  function autocannon(opts: Options): Instance;
  export default autocannon;
}

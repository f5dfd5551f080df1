import { afterEach, describe, expect, it, vi } from 'vitest';
import { throttledInvalidation } from './response-cache';
import { singleFlight } from './single-flight';

describe('single flight', () => {
  it('runs the work once for the calls that ask while it runs, and again after it ended', async () => {
    const flights = singleFlight<number>();
    let runs = 0;
    const work = async () => {
      const run = ++runs;
      await new Promise((r) => setTimeout(r, 20));
      return run;
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => flights.run('/', work)));
    expect(answers).toEqual(Array(20).fill(1));
    expect(flights.size).toBe(0);
    expect(await flights.run('/', work)).toBe(2);
    expect(await Promise.all([flights.run('/a', work), flights.run('/b', work)])).toEqual([3, 4]);
  });

  it('gives a failure to every caller of the flight, and forgets it', async () => {
    const flights = singleFlight<number>();
    const failing = () => Promise.reject(new Error('render failed'));
    const both = await Promise.allSettled([flights.run('/', failing), flights.run('/', failing)]);
    expect(both.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(await flights.run('/', async () => 7)).toBe(7);
  });
});

describe('invalidations by one account', () => {
  afterEach(() => vi.useRealTimers());

  it('run at once for a burst of six a minute, then together once every 10 s', async () => {
    vi.useFakeTimers();
    const bumps: string[][] = [];
    const throttle = throttledInvalidation(async (tags) => bumps.push([...tags].sort()));
    for (let i = 0; i < 6; i++) expect(throttle.defer('asha', ['news'])).toBe(false);
    expect(throttle.defer('asha', ['news'])).toBe(true);
    expect(throttle.defer('asha', ['features'])).toBe(true);
    // Another account is not held back by Asha's writes.
    expect(throttle.defer('ravi', ['experts'])).toBe(false);
    expect(bumps).toEqual([]);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(bumps).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(bumps).toEqual([['features', 'news']]);
    // Still within the minute of the burst: the next write waits again.
    expect(throttle.defer('asha', ['news'])).toBe(true);
    throttle.flush();
    expect(bumps).toEqual([['features', 'news'], ['news']]);
    // A minute after the burst, writes invalidate at once again.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(throttle.defer('asha', ['news'])).toBe(false);
  });
});

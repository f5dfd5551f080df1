// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useIdleLoad } from './idle-load';

function Screen({ loads, ready }: { loads: readonly (() => Promise<unknown>)[]; ready: boolean }) {
  useIdleLoad(loads, ready);
  return null;
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('loading the next taps’ chunks when idle', () => {
  it('loads nothing before the screen is ready, then each chunk once the browser is idle', () => {
    let idle: (() => void) | undefined;
    vi.stubGlobal('requestIdleCallback', (run: () => void) => {
      idle = run;
      return 1;
    });
    vi.stubGlobal('cancelIdleCallback', () => {});
    const first = vi.fn(() => Promise.resolve());
    const second = vi.fn(() => Promise.reject(new Error('offline')));
    const loads = [first, second] as const;
    const { rerender } = render(<Screen loads={loads} ready={false} />);
    expect(idle).toBeUndefined();
    rerender(<Screen loads={loads} ready />);
    expect(first).not.toHaveBeenCalled();
    idle?.();
    // A failed load is left to the tap: nothing is thrown or reported here.
    expect([first.mock.calls.length, second.mock.calls.length]).toEqual([1, 1]);
  });

  it('waits a moment where the browser has no idle callback, and loads nothing once the screen is gone', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const load = vi.fn(() => Promise.resolve());
    const loads = [load] as const;
    const { unmount } = render(<Screen loads={loads} ready />);
    vi.advanceTimersByTime(199);
    expect(load).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(load).toHaveBeenCalledTimes(1);
    unmount();
    const later = vi.fn(() => Promise.resolve());
    render(<Screen loads={[later]} ready />).unmount();
    vi.advanceTimersByTime(1_000);
    expect(later).not.toHaveBeenCalled();
  });
});

import { useEffect } from 'react';

/**
 * Loads the chunks of a screen's likely next taps once the browser is idle after the screen is ready (`ready`): a
 * dashboard's History and Share preview dialogs are chunks of their own, and on a phone's slow network fetching one at
 * the tap kept the person waiting about a second. A load that fails is left to the tap, whose lazy import asks again.
 * `loads` must be the same array from render to render (a module constant).
 */
export function useIdleLoad(loads: readonly (() => Promise<unknown>)[], ready = true) {
  useEffect(() => {
    if (!ready) return;
    const run = () => {
      for (const load of loads) load().catch(() => {});
    };
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(run, { timeout: 2_000 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(run, 200);
    return () => clearTimeout(id);
  }, [loads, ready]);
}

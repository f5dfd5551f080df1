/**
 * Calls that ask for the same key while the first is still running share its promise instead of running again: the
 * readers who miss one page at once get one render of it.
 */
export function singleFlight<T>() {
  const running = new Map<string, Promise<T>>();
  return {
    run(key: string, work: () => Promise<T>): Promise<T> {
      const joined = running.get(key);
      if (joined) return joined;
      const started = work().finally(() => running.delete(key));
      running.set(key, started);
      return started;
    },
    /** Keys whose work is running now. */
    get size() {
      return running.size;
    },
  };
}

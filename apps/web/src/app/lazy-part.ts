import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** The server's loads of the lazy parts, begun as their modules are imported. */
const loads = new Set<Promise<unknown>>();

/**
 * A part of a page in a chunk of its own that the server renders too (an outlet's address and hours, a record's
 * trust marks): `React.lazy` in the browser, loaded where a page shows it. On the server its chunk starts loading as
 * soon as the module that declares it is imported (a route module, before its page renders), and React is handed
 * that same load, so a render that still finds it loading can wait for it (`lazyPartsLoaded`) and render again in one
 * pass instead of through React's stream, whose first use leaves Node's async hooks on for every later request
 * (4–6 % of a page: docs/performance.md).
 */
// biome-ignore lint/suspicious/noExplicitAny: React.lazy's own constraint: a component of any props.
export function lazyPart<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): LazyExoticComponent<T> {
  if (!import.meta.env.SSR) return lazy(load);
  const loading = load();
  // A failed load is React's to report (the stream's onError); here it only must not go unhandled.
  loads.add(loading.catch(() => undefined));
  return lazy(() => loading);
}

/** Resolves once every lazy part the server has begun loading is loaded. */
export const lazyPartsLoaded = () => Promise.all(loads);

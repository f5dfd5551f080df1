/**
 * The page's Content-Security-Policy allows no eval: zod's compiled validators would need `new Function`, and even
 * its probe for it is reported as a violation. zod reads its settings from this global when it loads, so
 * the public entry turns eval off without loading zod itself (zod comes only with the signed-in chunks).
 */
export function zodWithoutEval() {
  const g = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  g.__zod_globalConfig ??= {};
  g.__zod_globalConfig.jitless = true;
}

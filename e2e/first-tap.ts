import type { Browser, BrowserContext, Page } from 'playwright-core';

/**
 * A new visitor on a phone on mobile data: 375 px, touch, Lighthouse's "slow 4G" (150 ms round trip, 1.6 Mbit/s
 * down, 750 kbit/s up) and a CPU four times slower. Each case runs in a fresh context (empty cache, no session), taps
 * as soon as the page's load event fires, without waiting for the app, and times the tap to its visible effect.
 */
export const PHONE = {
  viewport: { width: 375, height: 740 },
  hasTouch: true,
  isMobile: true,
  deviceScaleFactor: 2,
} as const;
export const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
export const CPU_SLOWDOWN = 4;

/** In place (a drawer, a dialog, a map, field errors, suggestions) or another page loaded. */
export type Effect = 'in place' | 'new page';

export interface TapCase {
  name: string;
  path: string;
  effect: Effect;
  /** Taps the control (types, for the search box) as soon as the page has loaded. */
  act(page: Page): Promise<void>;
  /** True, in the page, once the effect is visible (on the page the tap loaded, for `new page`). */
  visible: string;
  /** For `new page`: the new page's address, which `visible` is then waited for on. */
  url?: RegExp;
}

export interface TapResult {
  name: string;
  effect: Effect;
  /** Milliseconds from the tap (the last key, for typing) to the visible effect; null: nothing happened in 8 s. */
  ms: number | null;
  /** Whether the app had hydrated when the effect showed. */
  app: boolean;
  /** Bytes of the app's scripts fetched by the time the effect showed. */
  scriptBytes: number;
}

/**
 * The moment of the visitor's last touch or key, in epoch milliseconds, kept across the navigation it may start (a
 * binding outlives the document), and a flag for the app: React keeps its fiber on the nodes it hydrated.
 */
async function instrument(context: BrowserContext, onInput: (at: number) => void) {
  await context.exposeBinding('__firstTapInput', (_source, at: number) => onInput(at));
  await context.addInitScript(() => {
    const w = window as unknown as { __firstTapInput(at: number): void };
    for (const type of ['pointerdown', 'keydown'])
      addEventListener(type, () => w.__firstTapInput(performance.timeOrigin + performance.now()), true);
  });
}

const APP_RUNNING = () => Object.keys(document.querySelector('main') ?? {}).some((k) => k.startsWith('__reactFiber$'));

/** Runs one case in a fresh throttled phone context. */
export async function measureTap(
  browser: Browser,
  baseUrl: string,
  c: TapCase,
  options: { javaScript?: boolean; onContext?(context: BrowserContext): Promise<void> } = {},
): Promise<TapResult> {
  const context = await browser.newContext({ ...PHONE, javaScriptEnabled: options.javaScript ?? true });
  await options.onContext?.(context);
  let inputAt = 0;
  await instrument(context, (at) => {
    inputAt = at;
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  let scriptBytes = 0;
  page.on('requestfinished', async (r) => {
    if (!/\/assets\/.+\.js$/.test(r.url())) return;
    scriptBytes += (await r.sizes().catch(() => null))?.responseBodySize ?? 0;
  });
  try {
    await page.goto(new URL(c.path, baseUrl).toString(), { waitUntil: 'load', timeout: 30_000 });
    const acted = await c.act(page).then(
      () => true,
      () => false,
    );
    if (!acted) return { name: c.name, effect: c.effect, ms: null, app: false, scriptBytes };
    if (c.url) await page.waitForURL(c.url, { waitUntil: 'commit', timeout: 8_000 }).catch(() => undefined);
    // The instant the effect shows, on the page's own clock (epoch ms), checked every frame.
    // Polled every frame in the page by a string expression (Runtime.evaluate, which the page's CSP does not govern,
    // unlike Playwright's waitForFunction); the instant is the page's own clock, in epoch ms. A control that answers
    // with another document (a form the server answers) is polled again on the document that replaced it.
    const poll = `new Promise((resolve) => { const tick = () => { let ok = false; try { ok = ${c.visible}; } catch {} if (ok) resolve(performance.timeOrigin + performance.now()); else requestAnimationFrame(tick); }; tick(); })`;
    const deadline = Date.now() + 8_000;
    let shown: number | null = null;
    while (shown === null && Date.now() < deadline) {
      shown = (await Promise.race([
        page.evaluate(poll).catch(() => null),
        new Promise((r) => setTimeout(() => r(null), Math.max(0, deadline - Date.now()))),
      ])) as number | null;
      if (shown === null) await page.waitForLoadState('domcontentloaded').catch(() => undefined);
    }
    const app = await page.evaluate(APP_RUNNING).catch(() => false);
    return { name: c.name, effect: c.effect, ms: shown ? Math.max(0, shown - inputAt) : null, app, scriptBytes };
  } finally {
    await context.close();
  }
}

/** The median of some numbers (the mean of the middle two for an even count). */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** A Markdown table of the results, as docs/performance.md records it. */
export function tapTable(results: TapResult[]): string {
  const rows = results.map(
    (r) =>
      `| ${r.name} | ${r.effect} | ${r.ms === null ? 'nothing in 8 s' : `${Math.round(r.ms)} ms`} | ${r.app ? 'yes' : 'no'} | ${Math.round(r.scriptBytes / 1024)} KB |`,
  );
  return [
    '| control | effect | tap to effect | app running | scripts fetched |',
    '|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

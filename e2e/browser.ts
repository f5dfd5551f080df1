import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type {
  Browser,
  BrowserContext,
  BrowserContextOptions,
  ConsoleMessage,
  Locator,
  Page,
  Response,
} from 'playwright-core';
import { chromium } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS, EXITED_MARK } from './constants';
import type { OwnServer, ServerUnderTest } from './global-setup';

export const SHOTS = '/tmp/e2e-shots';
const axeSource: string = createRequire(import.meta.url)('axe-core').source;

export interface AxeViolation {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
  /** axe's explanation for the first offending element (e.g. the measured contrast). */
  summary: string;
}

/**
 * What went wrong on a page: console errors (hydration warnings included), page errors, failed or foreign requests,
 * and Content-Security-Policy violations or a page served without one.
 */
export interface Problem {
  kind: 'console' | 'hydration' | 'pageerror' | 'requestfailed' | 'external request' | 'csp';
  text: string;
  url: string;
}

export interface Session {
  readonly baseUrl: string;
  readonly browser: Browser;
  /** One page per file, reused by its tests (1280×900). */
  readonly page: Page;
  /** A fresh context whose pages are watched like the shared one; closed with the file. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  newPage(options?: BrowserContextOptions): Promise<Page>;
  url(path: string): string;
  /** Problems seen since the test began. */
  problems(): Problem[];
  /**
   * Asserts that nothing went wrong in any watched page since the test began. `allow` lists problems that the test
   * expects (e.g. the 404 of a not-found document).
   */
  expectNoErrors(allow?: (p: Problem) => boolean): void;
}

/**
 * This journey file's server: its worker's own (global-setup.ts starts one per worker of the e2e project). Vitest gives
 * a starting file the lowest free pool id, so the files that run at once have different ids, and different servers.
 */
export function serverUnderTest(): ServerUnderTest {
  const servers = inject('servers');
  const slot = Number(process.env.VITEST_POOL_ID ?? '1') - 1;
  return servers[slot % servers.length];
}

/** The server a journey has to itself (global-setup.ts); wait for it with `whenReady` before using it. */
export const ownServer = (name: OwnServer): ServerUnderTest => inject('ownServers')[name];

/** How long a server may take to migrate and seed: ~20 s alone on a quiet machine, more with five at once under load. */
export const READY_WITHIN_MS = 200_000;

/**
 * Waits until the server answers `/healthz` (the global setup starts the servers without waiting, so they seed while
 * the other projects run). Fails with the end of the server's log when it stopped or did not come up in time.
 */
export async function whenReady(server: ServerUnderTest) {
  const deadline = Date.now() + READY_WITHIN_MS;
  const tail = async () => (await readFile(server.log, 'utf8').catch(() => '')).slice(-4_000);
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${server.baseUrl}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    const log = await tail();
    if (log.includes(EXITED_MARK))
      throw new Error(`The server at ${server.baseUrl} exited before it was healthy:\n${log}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(
    `GET ${server.baseUrl}/healthz did not answer 200 within ${READY_WITHIN_MS / 1000} s:\n${await tail()}`,
  );
}

const DEFAULT_VIEWPORT = { width: 1280, height: 900 };
/**
 * React's hydration complaints: the development build says "hydrat…"; the production build reports minified errors
 * (#418 mismatched text or element, #423 client re-render, #425 text content…) through reportError.
 */
const HYDRATION = /hydrat|react error #(418|419|421|422|423|425)\b/i;
/** Chromium's console lines for a blocked load or inline code ("Refused to load…", "…violates the following Content Security Policy directive…"), and ours. */
const CSP_MESSAGE = /^Refused to |Content Security Policy|^CSP violation:/;

/**
 * One Chromium per test file, launched in beforeAll and closed in afterAll; every page it opens is watched for
 * console errors, page errors, hydration warnings and failed requests. A failing test leaves a screenshot of each
 * open page in /tmp/e2e-shots/.
 */
export function useBrowser(file: string): Session {
  const { baseUrl } = serverUnderTest();
  const host = new URL(baseUrl).host;
  let browser: Browser | undefined;
  let page: Page | undefined;
  const contexts: BrowserContext[] = [];
  let seen: Problem[] = [];

  const watch = (p: Page) => {
    p.on('console', (m: ConsoleMessage) => {
      const text = m.text();
      if (CSP_MESSAGE.test(text) && (m.type() === 'error' || m.type() === 'warning')) {
        seen.push({ kind: 'csp', text: `${text} (${m.location().url})`, url: p.url() });
      } else if (HYDRATION.test(text) && (m.type() === 'error' || m.type() === 'warning')) {
        seen.push({ kind: 'hydration', text, url: p.url() });
      } else if (m.type() === 'error') {
        seen.push({ kind: 'console', text: `${text} (${m.location().url})`, url: p.url() });
      }
    });
    p.on('pageerror', (e) => {
      seen.push({ kind: HYDRATION.test(e.message) ? 'hydration' : 'pageerror', text: String(e), url: p.url() });
    });
    p.on('requestfailed', (r) => {
      const failure = r.failure()?.errorText ?? 'failed';
      // A request cut short by the next navigation is not a failure of the page.
      if (failure === 'net::ERR_ABORTED') return;
      seen.push({ kind: 'requestfailed', text: `${r.method()} ${r.url()}: ${failure}`, url: p.url() });
    });
    p.on('response', async (r) => {
      // Every page of the site under test carries a Content-Security-Policy.
      if (!r.request().isNavigationRequest() || new URL(r.url()).host !== host) return;
      const headers = await r.allHeaders().catch(() => null);
      if (!headers || !/^text\/html/.test(headers['content-type'] ?? '')) return;
      if (!headers['content-security-policy']) {
        seen.push({ kind: 'csp', text: `no Content-Security-Policy on ${r.url()}`, url: p.url() });
      }
    });
    p.on('request', (r) => {
      const u = r.url();
      if (!/^https?:/.test(u)) return;
      // DESIGN §8: no third-party request before a click. Every server under test listens on loopback.
      const target = new URL(u);
      const ours = target.host === host || ['127.0.0.1', 'localhost', '[::1]'].includes(target.hostname);
      if (!ours) seen.push({ kind: 'external request', text: `${r.method()} ${u}`, url: p.url() });
    });
  };

  const newContext = async (options: BrowserContextOptions = {}) => {
    if (!browser) throw new Error('the browser is not running');
    const ctx = await browser.newContext({ viewport: DEFAULT_VIEWPORT, ...options });
    ctx.setDefaultTimeout(10_000);
    // Chromium logs most violations itself; the event also catches the ones it only reports to the page.
    await ctx.addInitScript(() => {
      document.addEventListener(
        'securitypolicyviolation',
        (e) => console.error(`CSP violation: ${e.effectiveDirective} blocked ${e.blockedURI || 'inline code'}`),
        true,
      );
    });
    ctx.on('page', watch);
    contexts.push(ctx);
    return ctx;
  };

  beforeAll(async () => {
    await whenReady(serverUnderTest());
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
    });
    page = await (await newContext()).newPage();
  }, READY_WITHIN_MS + 30_000);

  beforeEach(() => {
    seen = [];
  });

  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail') return;
    mkdirSync(SHOTS, { recursive: true });
    const name = `${file}-${ctx.task.name}`.replace(/[^a-z0-9]+/gi, '_').slice(0, 120);
    let i = 0;
    for (const c of contexts) {
      for (const p of c.pages()) {
        const path = join(SHOTS, `${name}${i ? `-${i}` : ''}.png`);
        i++;
        await p.screenshot({ path, fullPage: true, timeout: 10_000 }).catch(() => {});
        console.log(`screenshot of ${p.url()}: ${path}`);
      }
    }
  });

  afterAll(async () => {
    await browser?.close();
  });

  return {
    baseUrl,
    get browser() {
      if (!browser) throw new Error('the browser is not running');
      return browser;
    },
    get page() {
      if (!page) throw new Error('the browser is not running');
      return page;
    },
    newContext,
    async newPage(options) {
      return (await newContext(options)).newPage();
    },
    url: (path: string) => `${baseUrl}${path}`,
    problems: () => [...seen],
    expectNoErrors(allow) {
      const left = seen.filter((p) => !allow?.(p));
      expect(left.map((p) => `${p.kind}: ${p.text} [on ${p.url}]`)).toEqual([]);
    },
  };
}

/**
 * True once React has hydrated the page (it keeps its fiber on the DOM node). A public page starts its app at the
 * visitor's first sign of intent (app/start.ts), so this moves the pointer over the page as a visitor would.
 */
export async function waitForHydration(page: Page, timeout = 15_000) {
  await page.mouse.move(3, 3);
  await page.mouse.move(2, 2);
  await page.waitForFunction(
    () => {
      const nodes = [...document.querySelectorAll('main, footer')];
      if (!nodes.length) return false;
      return nodes.every((n) => Object.keys(n).some((k) => k.startsWith('__reactFiber$')));
    },
    undefined,
    { timeout },
  );
}

/** Navigates and waits until the page is hydrated, so it answers clicks; returns the document's response. */
export async function open(page: Page, url: string): Promise<Response> {
  const res = await page.goto(url, { waitUntil: 'load' });
  if (!res) throw new Error(`no response for ${url}`);
  await waitForHydration(page);
  return res;
}

/**
 * Closes the home page's session-once alert if it opens (it opens in an effect right after hydration), by its button
 * (`OK`, or the page's language's word for it).
 */
export async function dismissAlert(page: Page, name = 'OK') {
  const ok = page.getByRole('dialog').getByRole('button', { name, exact: true });
  try {
    await ok.waitFor({ state: 'visible', timeout: 2_000 });
  } catch {
    return;
  }
  await ok.click();
  await ok.waitFor({ state: 'hidden' });
}

/** A form control by its label, whether or not the label carries a required-field asterisk. */
export function field(scope: Page | Locator, label: string): Locator {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return scope
    .getByLabel(new RegExp(`^\\s*${escaped}\\s*\\*?\\s*$`))
    .filter({ visible: true })
    .first();
}

/** The contact form (`/contact`, the home page's section), filled in but not sent: the form, to send or look into. */
export async function fillContactForm(
  page: Page,
  v: { name: string; phone: string; email: string; message: string },
): Promise<Locator> {
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Submit', exact: true }) });
  await field(form, 'Name').fill(v.name);
  await field(form, 'Phone').fill(v.phone);
  await field(form, 'Email address').fill(v.email);
  await field(form, 'Message/Complaint').fill(v.message);
  return form;
}

/**
 * Picks `option` in the filter labelled `label`, whatever control the page renders: a native <select>, or a
 * (searchable) combobox that opens a list of options on click.
 */
export async function chooseOption(page: Page, label: string, option: string) {
  const control = field(page.locator('main'), label);
  await control.waitFor();
  const tag = await control.evaluate((el) => el.tagName.toLowerCase());
  if (tag === 'select') {
    await control.selectOption({ label: option });
    return;
  }
  await control.click();
  const choice = page.getByRole('option', { name: option, exact: true }).filter({ visible: true }).first();
  if (!(await choice.isVisible().catch(() => false))) {
    // A searchable combobox may only list options once something is typed.
    if (tag === 'input') await control.fill(option);
  }
  await choice.click();
}

export interface CardInfo {
  href: string;
  title: string;
}

/**
 * The cards of a grid, found by their links into `base` (e.g. "/experts/") inside `scope`: one entry per distinct
 * link, titled by the link's text, the alt text of its image or its aria-label.
 */
export async function cards(page: Page, base: string, scope = 'main'): Promise<CardInfo[]> {
  return page.locator(scope).evaluate((root, prefix) => {
    const byHref = new Map<string, string>();
    for (const a of root.querySelectorAll<HTMLAnchorElement>(`a[href^="${prefix}"]`)) {
      const href = a.getAttribute('href') ?? '';
      // The rendered text (what a reader sees), so text hidden by CSS does not count.
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is wanted here
      const shown = a.innerText.trim();
      const title = shown || a.querySelector('img')?.getAttribute('alt')?.trim() || a.getAttribute('aria-label') || '';
      if (!byHref.has(href) || (!byHref.get(href) && title)) byHref.set(href, title);
    }
    return [...byHref].map(([href, title]) => ({ href, title }));
  }, base);
}

/** Every accessibility violation axe-core finds on the page as it is now, of any impact. */
export async function axe(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  // Evaluated by the browser's debugging protocol, which the page's CSP does not govern (an inline <script> tag
  // would be refused, as it should be).
  if (!loaded) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const w = window as unknown as {
      axe: {
        run(): Promise<{
          violations: {
            id: string;
            impact?: string | null;
            help: string;
            nodes: { target: unknown[]; failureSummary?: string }[];
          }[];
        }>;
      };
    };
    const result = await w.axe.run();
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.map(String).join(' ')),
      summary: (v.nodes[0]?.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
    }));
  });
  return violations;
}

/** A readable line per violation, for assertion messages. */
export const describeViolations = (vs: AxeViolation[]) =>
  vs.map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.targets.slice(0, 5).join(', ')} — ${v.summary}`);

/** A typed GET of the public API of the server under test. */
export async function api<T>(baseUrl: string, path: string): Promise<T> {
  const res = await fetch(`${baseUrl}/api/backend/v1${path}`);
  if (!res.ok) throw new Error(`GET ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './constants';
import { measureTap, tapTable } from './first-tap';
import { tapCases } from './first-tap-cases';

/**
 * `npx tsx e2e/first-tap-table.ts [BASE_URL]`: the first tap of a new visitor on a throttled phone (e2e/first-tap.ts) for
 * each control of e2e/first-tap-cases.ts, against a running server (default http://localhost:3000 with the demo
 * town), printed as the table docs/performance.md records (one visitor per control; the test keeps the median of three).
 */
const args = process.argv.slice(2);
const base = args[0] ?? 'http://localhost:3000';

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || CHROMIUM, args: CHROMIUM_ARGS });
try {
  const results = [];
  for (const c of tapCases({
    service: 'doctors',
    outlet: 'agarwal-kirana-store',
    word: 'doctor',
    circle: 'Riverside',
  })) {
    results.push(await measureTap(browser, base, c));
  }
  process.stdout.write(`${tapTable(results)}\n`);
} finally {
  await browser.close();
}
